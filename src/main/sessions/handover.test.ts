/**
 * A model that says it takes tool calls but keeps fumbling them (or whose server refuses them) mid-session: the
 * conversational coach hands the session to the guided coach, which answers the same message with its cards, worded
 * by the model; the coach says so once; the session stays guided after a restart; and the log replays the handover.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { HANDOVER_NOTICES } from '../coach-runtime/session-runtime';
import { checkSession } from '../replay/check';
import { readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR, testCore, untilState } from '../../../test-support/fixtures';
import { rulesLlm, type RulesLlmOptions, type ToolFumble } from '../../../test-support/rules-llm';
import { loadScenarioFile, startScriptedModel } from '../../../test-support/scripted-model';
import { llmFrom } from '../model/language-model';

const CAPABLE = path.resolve(import.meta.dirname, '../../../test-support/scripted-model/scenarios/capable-model.json');

const signal = new AbortController().signal;
const model = { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true };

const cores: AppCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
});

function core(options: RulesLlmOptions['toolFumbles'], dataDir?: string) {
  const llm = rulesLlm(options ? { toolFumbles: options } : {});
  const app = testCore({ llm, model, ...(dataDir ? { dataDir } : {}) });
  cores.push(app);
  return { app, llm };
}

const coachLines = (state: SessionState) => state.messages.filter((message) => message.role === 'coach').map((message) => message.text);

async function replays(app: AppCore): Promise<void> {
  const { events } = await readSessionLog(app.sessionPaths!.log);
  const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: app.sessionPaths!.photos });
  expect(check.divergence).toBeUndefined();
  expect(check.turnsChecked).toBeGreaterThan(0);
}

describe('handing over to the guided coach', () => {
  it.each<[ToolFumble, string]>([
    ['invalid-arguments', HANDOVER_NOTICES['tool-calls-failing']],
    ['refused', HANDOVER_NOTICES['tools-refused']],
  ])('a model whose tool calls fail (%s) from the start: the guided coach answers the first message', async (how, notice) => {
    const { app, llm } = core({ from: 0, how });
    await app.handlers['chat:send']({ text: 'idk where to start' }, { signal });
    const asked = await untilState(app, (state) => state.pendingQuestion !== undefined);

    // The guided coach's first card, the notice said once, and the session marked as handed over.
    expect(asked.pendingQuestion).toMatchObject({ kind: 'choice', purpose: 'function' });
    expect(coachLines(asked)).toEqual([notice]);
    expect(asked.handover).toMatchObject({ to: 'guided', reason: how === 'refused' ? 'tools-refused' : 'tool-calls-failing' });
    // It gave up after three failed calls in the turn (or one refusal), not after every step the turn allows.
    const withTools = llm.requests.filter((request) => Object.keys(request.tools).length > 0);
    expect(withTools).toHaveLength(how === 'refused' ? 1 : 3);

    // From here on the model is only asked to read and word, never offered a tool.
    const before = llm.requests.length;
    await app.handlers['question:answer']({ questionId: asked.pendingQuestion!.id, answer: { kind: 'choice', selected: ['Work'] } }, { signal });
    // With a model the guided coach's instruction is said in the chat, worded by the model.
    const next = await untilState(app, (state) => state.spaceFunction === 'Work' && coachLines(state).length === 2);
    expect(next.mode.kind).toBe('sorting');
    expect(llm.requests.slice(before).every((request) => Object.keys(request.tools).length === 0)).toBe(true);
    expect(coachLines(next).filter((line) => line === notice)).toHaveLength(1);
    await app.idle();
    await replays(app);
  });

  it('a model that writes its calls into its replies: two replies go by, the third hands over', async () => {
    const { app } = core({ from: 0, how: 'written-as-text' });
    for (const text of ['hello', 'this is my study']) {
      await app.handlers['chat:send']({ text }, { signal });
      await app.idle();
      // The call written as text never reaches the person as it is.
      expect(app.store.state.messages.some((message) => message.text.includes('tool_call'))).toBe(false);
      expect(app.store.state.handover).toBeUndefined();
    }
    await app.handlers['chat:send']({ text: 'what now?' }, { signal });
    const state = await untilState(app, (current) => current.pendingQuestion !== undefined);
    expect(state.handover).toMatchObject({ reason: 'tool-calls-failing' });
    expect(state.pendingQuestion).toMatchObject({ kind: 'choice', purpose: 'function' });
    expect(coachLines(state).filter((line) => line === HANDOVER_NOTICES['tool-calls-failing'])).toHaveLength(1);
    await replays(app);
  });

  it('mid-session, keeps what the conversation found and goes on sorting with cards', async () => {
    // The first three requests offering tools go well (the room's function is asked, the coach starts sorting); then
    // every call fails.
    const { app, llm } = core({ from: 3, how: 'invalid-arguments' });
    await app.handlers['chat:send']({ text: 'hello' }, { signal });
    const asked = await untilState(app, (state) => state.pendingQuestion !== undefined);
    expect(asked.handover).toBeUndefined();
    await app.handlers['question:answer']({ questionId: asked.pendingQuestion!.id, answer: { kind: 'choice', selected: ['Work'] } }, { signal });
    await app.idle();
    expect(app.store.state.handover).toBeUndefined();

    await app.handlers['chat:send']({ text: 'a mug' }, { signal });
    const card = await untilState(app, (state) => state.pendingQuestion !== undefined);
    expect(card.handover).toMatchObject({ reason: 'tool-calls-failing' });
    expect(card.spaceFunction).toBe('work');
    expect(card.guided).toMatchObject({ phase: 'sorting', active: { function: 'work' } });
    // The guided coach read "a mug" through the model and asks where it goes.
    expect(card.pendingQuestion).toMatchObject({ kind: 'disposition' });
    expect(coachLines(card)).toContain(HANDOVER_NOTICES['tool-calls-failing']);
    const fumbled = llm.requests.filter((request) => Object.keys(request.tools).length > 0).length;
    expect(card.pendingQuestion).toMatchObject({ item: 'mug', choices: [{ label: 'To the kitchen', disposition: 'place' }, {}, {}] });
    await app.handlers['question:answer']({ questionId: card.pendingQuestion!.id, answer: { kind: 'disposition', pick: { type: 'choice', index: 0 } } }, { signal });
    const after = await untilState(app, (state) => state.piles.belongs.length === 1);
    expect(after.piles.belongs).toMatchObject([{ name: 'mug', location: 'kitchen' }]);
    await app.idle();
    expect(llm.requests.filter((request) => Object.keys(request.tools).length > 0)).toHaveLength(fumbled);
    await replays(app);
  });

  it('two failed calls and then one that works: the conversational coach goes on', async () => {
    const { app, llm } = core({ from: 0, how: 'invalid-arguments', count: 2 });
    await app.handlers['chat:send']({ text: 'hello' }, { signal });
    const asked = await untilState(app, (state) => state.pendingQuestion !== undefined);
    expect(asked.handover).toBeUndefined();
    // The model's own card (its prompt), not the guided coach's.
    expect(asked.pendingQuestion).toMatchObject({ kind: 'choice', purpose: 'function', prompt: 'What is this room mostly for?' });
    expect(llm.requests.filter((request) => Object.keys(request.tools).length > 0)).toHaveLength(3);
  });

  it('stays guided after a restart, and the resumed log says so', async () => {
    const first = core({ from: 0, how: 'invalid-arguments' });
    await first.app.handlers['chat:send']({ text: 'idk where to start' }, { signal });
    await untilState(first.app, (state) => state.pendingQuestion !== undefined);
    const dataDir = path.dirname(path.dirname(first.app.sessionPaths!.dir));
    await first.app.dispose();
    cores.splice(cores.indexOf(first.app), 1);

    // The model works again after the restart; the session stays with the guided coach all the same. (Closing the
    // app stopped the turn that showed the card, so the person picks up by writing.)
    const second = core(undefined, dataDir);
    await second.app.resumeLatest();
    expect(second.app.store.state.handover).toMatchObject({ reason: 'tool-calls-failing' });
    expect((await second.app.handlers['app:info'](undefined, { signal })).coach).toBe('guided');
    // The rules model reads these words as overwhelmed again: the second time, the guided coach stops asking what the
    // space is for and picks the first step itself, said in the chat (its own phases, not the model's modes).
    await second.app.handlers['chat:send']({ text: 'it is for work' }, { signal });
    await second.app.idle();
    const card = second.app.store.state;
    expect(card.guided).toMatchObject({ phase: 'sorting' });
    expect(card.pendingQuestion).toBeUndefined();
    expect(second.llm.requests.length).toBeGreaterThan(0);
    expect(second.llm.requests.every((request) => Object.keys(request.tools).length === 0)).toBe(true);
    expect(coachLines(card).filter((line) => line === HANDOVER_NOTICES['tool-calls-failing'])).toHaveLength(1);
    const { events } = await readSessionLog(second.app.sessionPaths!.log);
    expect(events.find((event) => event.type === 'session-resumed')).toMatchObject({ coach: 'guided' });
    await replays(second.app);
  });

  it('a llama.cpp server started without --jinja, over HTTP: the guided coach takes over at the first message', async () => {
    const scenario = await loadScenarioFile(CAPABLE);
    const server = await startScriptedModel({ scenario: { ...scenario, quirks: { refuseTools: true } } });
    try {
      const app = testCore({ modelFor: llmFrom, model: { model: 'scripted', baseUrl: server.baseURL, vision: true, tools: true } });
      cores.push(app);
      await app.handlers['chat:send']({ text: 'idk where to start' }, { signal });
      const asked = await untilState(app, (state) => state.pendingQuestion !== undefined);
      expect(asked.handover).toMatchObject({ reason: 'tools-refused' });
      expect(coachLines(asked)).toEqual([HANDOVER_NOTICES['tools-refused']]);
      expect(server.requests.filter((request) => request.body.tools)).toHaveLength(1);
    } finally {
      for (const app of cores.splice(0)) await app.dispose();
      await server.close();
    }
  });
});
