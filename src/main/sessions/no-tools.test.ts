/**
 * A model that takes no tool calls (Test connection found so, or the person turned the switch off): the
 * conversational coach's cards are tool calls, so new sessions get the guided coach, worded by the model, and the
 * coach says why once, first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../core/app-core';
import { testCore, untilState } from '../../../test-support/fixtures';
import { rulesLlm } from '../../../test-support/rules-llm';

const signal = new AbortController().signal;
let core: AppCore | undefined;
afterEach(async () => {
  await core?.dispose();
  core = undefined;
});

const model = (tools: boolean) => ({ model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools });

describe('a model without tool calls', () => {
  it('gets the guided coach, which says why once and which the model words', async () => {
    const llm = rulesLlm();
    core = testCore({ llm, model: model(false) });
    expect((await core.handlers['app:info'](undefined, { signal })).coach).toBe('guided');
    expect((await core.handlers['settings:get'](undefined, { signal })).effectiveCoach).toBe('guided');
    expect(core.store.state.messages.map((message) => message.text)).toEqual([
      'This model can’t take tool calls, so I’ll guide you with short questions and cards, and the model words my replies. Drop photos of the room, or type anything to begin.',
    ]);

    await core.handlers['chat:send']({ text: 'idk where to start' }, { signal });
    const asked = await untilState(core, (state) => state.pendingQuestion !== undefined);
    // The guided coach's first card, and the model was asked to read the message (no tools offered to it).
    expect(asked.pendingQuestion).toMatchObject({ kind: 'choice', purpose: 'function' });
    expect(llm.requests.length).toBeGreaterThan(0);
    expect(llm.requests.every((request) => Object.keys(request.tools ?? {}).length === 0)).toBe(true);
  });

  it('keeps the conversational coach for a model with tool calls, and the guided one chosen in Settings says nothing extra', async () => {
    core = testCore({ llm: rulesLlm(), model: model(true) });
    expect((await core.handlers['app:info'](undefined, { signal })).coach).toBe('conversational');
    expect(core.store.state.messages).toEqual([]);
    await core.dispose();

    core = testCore({ llm: rulesLlm(), model: model(false), coachPreference: 'guided' });
    expect((await core.handlers['app:info'](undefined, { signal })).coach).toBe('guided');
    expect(core.store.state.messages).toEqual([]);
  });
});
