/**
 * A stop heard in the person's words, through the whole app: the "Stop for today?" card comes first in either coach
 * (and after a handover), yes ends the session with its summary, no keeps it going, and every such log replays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { checkSession } from '../replay/check';
import { readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR, testCore, untilState } from '../../../test-support/fixtures';
import { rulesLlm, type RulesLlmOptions } from '../../../test-support/rules-llm';

const signal = new AbortController().signal;
const model = { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true };

const cores: AppCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
});

type Coach = 'guided offline' | 'conversational' | 'guided after a handover';

function core(coach: Coach): AppCore {
  const fumbles: RulesLlmOptions = coach === 'guided after a handover' ? { toolFumbles: { from: 0, how: 'invalid-arguments' } } : {};
  const app = coach === 'guided offline' ? testCore() : testCore({ llm: rulesLlm(fumbles), model });
  cores.push(app);
  return app;
}

async function answer(app: AppCore, state: SessionState, reply: Parameters<AppCore['handlers']['question:answer']>[0]['answer']) {
  await app.handlers['question:answer']({ questionId: state.pendingQuestion!.id, answer: reply }, { signal });
}

/** Gets the session sorting, whichever coach runs it, with no card open. */
async function startSorting(app: AppCore, coach: Coach): Promise<void> {
  await app.handlers['chat:send']({ text: 'hello' }, { signal });
  const asked = await untilState(app, (state) => state.pendingQuestion?.kind === 'choice');
  await answer(app, asked, { kind: 'choice', selected: ['Work'] });
  if (coach === 'conversational') {
    await app.idle();
    // The model starts sorting with a card; the person lets it go.
    await app.handlers['chat:send']({ text: 'let’s start' }, { signal });
    const card = await untilState(app, (state) => state.pendingQuestion?.kind === 'disposition');
    await answer(app, card, { kind: 'disposition', pick: { type: 'skip' } });
  } else {
    const anchors = await untilState(app, (state) => state.pendingQuestion?.kind === 'text');
    await answer(app, anchors, { kind: 'text', text: 'desk' });
    // Offline the next card follows by itself; the person lets it go and writes instead.
    if (coach === 'guided offline') {
      const next = await untilState(app, (state) => state.pendingQuestion?.kind === 'choice');
      await answer(app, next, { kind: 'choice', selected: [] });
    }
  }
  await app.idle();
  expect(app.store.state.mode.kind).toBe('sorting');
}

async function replays(app: AppCore): Promise<void> {
  const { events } = await readSessionLog(app.sessionPaths!.log);
  const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: app.sessionPaths!.photos });
  expect(check.divergence).toBeUndefined();
  expect(check.turnsChecked).toBeGreaterThan(0);
}

describe.each<Coach>(['guided offline', 'conversational', 'guided after a handover'])('a stop in words (%s)', (coach) => {
  it('shows "Stop for today?" first; yes ends the session with its summary, and the log replays', async () => {
    const app = core(coach);
    await startSorting(app, coach);
    await app.handlers['chat:send']({ text: 'ok I need to stop, that’s enough for today' }, { signal });
    const card = await untilState(app, (state) => state.pendingQuestion?.kind === 'confirm');
    expect(card.pendingQuestion).toMatchObject({ purpose: 'stop', prompt: 'Stop for today?' });
    expect(card.status).toBe('active');
    await answer(app, card, { kind: 'confirm', yes: true });
    const ended = await untilState(app, (state) => state.status === 'ended');
    expect(ended.ending?.summary).toBeTruthy();
    await app.idle();
    await replays(app);
  });

  it('no keeps the session going, and the log replays', async () => {
    const app = core(coach);
    await startSorting(app, coach);
    await app.handlers['chat:send']({ text: 'ok I need to stop, that’s enough for today' }, { signal });
    const card = await untilState(app, (state) => state.pendingQuestion?.kind === 'confirm');
    await answer(app, card, { kind: 'confirm', yes: false });
    // The coach carries on: another card (the guided coach's next step, or the model's next proposal).
    const next = await untilState(app, (state) => state.pendingQuestion !== undefined && state.pendingQuestion.kind !== 'confirm');
    expect(next.status).toBe('active');
    expect(next.ending).toBeUndefined();
    // Offline the neutral line is the template's own.
    if (coach === 'guided offline') expect(next.messages.map((message) => message.text)).toContain('Okay, carrying on.');
    await answer(app, next, next.pendingQuestion!.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'skip' } } : { kind: 'choice', selected: [] });
    await app.idle();
    expect(app.store.state.status).toBe('active');
    await replays(app);
  });
});
