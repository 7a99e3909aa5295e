/**
 * Undo on the last answer, through the whole app (`session:undo`): the answer is taken back (piles, decisions and the
 * count as before it), its echo in the chat is marked, the card it was given on is asked again and takes another
 * answer; an Undo that has been overtaken changes nothing; the log replays; and a log that stops right after the
 * choice takes the answer back when the session is resumed.
 */
import { copyFile, cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { seededRandom } from '../effects';
import { checkSession } from '../replay/check';
import { readSessionLog, type LogEvent } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { expectCountsAddUp } from '../../../test-support/counts';
import { TEMPLATES_DIR, testCore, untilState } from '../../../test-support/fixtures';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;

const cores: AppCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
});

function core(overrides: Parameters<typeof testCore>[0] = {}): AppCore {
  const app = testCore(overrides);
  cores.push(app);
  return app;
}

const undo = (app: AppCore, answer: string) => app.handlers['session:undo']({ answer }, { signal });

async function answer(app: AppCore, reply: Answer): Promise<void> {
  await app.handlers['question:answer']({ questionId: app.store.state.pendingQuestion!.id, answer: reply }, { signal });
}

/** Answers the survey cards until the coach asks what the nearest thing is. */
async function untilSorting(app: AppCore): Promise<void> {
  await app.handlers['chat:send']({ text: 'My desk is buried.' }, { signal });
  for (;;) {
    const { pendingQuestion: question } = await untilState(app, (state) => state.pendingQuestion !== undefined);
    if (question!.kind === 'choice' && (question!.purpose === 'function' || question!.purpose === 'anchors')) {
      await answer(app, { kind: 'choice', selected: [question!.choices[0]!.label] });
      await untilState(app, (state) => state.pendingQuestion?.id !== question!.id);
    } else return;
  }
}

/** The mug named on "what's nearest?", then trashed in the person's own words, and the next card up. */
async function mugTrashed(app: AppCore): Promise<SessionState> {
  await untilSorting(app);
  await answer(app, { kind: 'choice', selected: [], other: 'coffee mug' });
  await untilState(app, (state) => state.pendingQuestion?.kind === 'disposition');
  await answer(app, { kind: 'disposition', pick: { type: 'other', text: 'bin it, its chipped' } });
  await untilState(app, (state) => state.itemsProcessed === 1);
  return untilState(app, (state) => state.pendingQuestion !== undefined && state.pendingQuestion.kind !== 'disposition');
}

/** The log on disk, once the card on screen is let go (a turn waiting on a card is never idle). */
async function logOf(app: AppCore): Promise<LogEvent[]> {
  await app.handlers['coach:stop'](undefined, { signal });
  await app.idle();
  return (await readSessionLog(app.sessionPaths!.log)).events;
}

async function expectReplays(events: readonly LogEvent[], photos: string): Promise<void> {
  const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: photos });
  expect(check.divergence, check.divergence?.message).toBeUndefined();
}

describe('Undo on the last answer', () => {
  it('takes the answer back, marks its echo, asks its card again, records the new answer instead, and replays', async () => {
    const app = core();
    const decided = await mugTrashed(app);
    expect(decided.piles.out.map((entry) => entry.name)).toEqual(['coffee mug']);
    const last = decided.lastAnswer!;
    expect(last.text).toBe('Coffee mug: trash');
    // The echo the chat shows the Undo on is the coach's word about the mug.
    const echo = decided.messages.find((message) => message.id === last.message);
    expect(echo?.role).toBe('coach');
    expect(echo?.text).toMatch(/coffee mug/i);

    expect(await undo(app, last.id)).toEqual({ outcome: 'undoing' });
    const again = await untilState(app, (state) => state.pendingQuestion?.kind === 'disposition');
    expect(again.pendingQuestion).toMatchObject({ kind: 'disposition', item: expect.stringMatching(/coffee mug/i) });
    expect({ piles: again.piles, decisions: again.decisions, itemsProcessed: again.itemsProcessed }).toEqual({
      piles: { belongs: [], out: [], unsure: [] },
      decisions: [],
      itemsProcessed: 0,
    });
    expect(again.lastAnswer).toBeUndefined();
    expect(again.undoChosen).toBeUndefined();
    expect(again.messages.find((message) => message.id === last.message)?.undone).toBe(true);
    expect(again.messages.at(-1)?.text).toBe('Taken back: Coffee mug: trash. Nothing is recorded for it now.');

    // The same card, answered another way: only that answer counts.
    await answer(app, { kind: 'disposition', pick: { type: 'other', text: 'back to the kitchen' } });
    const redone = await untilState(app, (state) => state.itemsProcessed === 1);
    expect(redone.piles.out).toEqual([]);
    expect(redone.piles.belongs.map((entry) => ({ name: entry.name, location: entry.location }))).toEqual([{ name: 'coffee mug', location: 'the kitchen' }]);
    expect(redone.decisions.map((decision) => decision.outcome)).toEqual(['place']);
    expectCountsAddUp(redone);

    const events = await logOf(app);
    const chosen = events.findIndex((event) => event.type === 'undo');
    expect(events[chosen]).toMatchObject({ type: 'undo', answer: last.id });
    // The card that was open was closed with the turn it belonged to; the turn that takes the answer back follows.
    expect(events[chosen - 1]).toMatchObject({ type: 'turn-stopped' });
    expect(events.slice(chosen + 1).find((event) => event.type === 'turn-started')).toMatchObject({ messageIds: [] });
    await expectReplays(events, app.sessionPaths!.photos);
    // `TIDY_WRITE_FIXTURE=1` keeps this log as the session-log fixture of an answer taken back.
    if (process.env.TIDY_WRITE_FIXTURE) await copyFile(app.sessionPaths!.log, path.resolve(import.meta.dirname, '../session-log/fixtures/v3/undo.jsonl'));
  });

  it('changes nothing for an answer that is no longer the last, or once the session has ended', async () => {
    const app = core();
    const decided = await mugTrashed(app);
    const lines = (await logOf(app)).length;
    expect(await undo(app, 'an-older-answer')).toEqual({ outcome: 'gone' });
    expect(app.store.state.piles).toEqual(decided.piles);
    expect(await logOf(app)).toHaveLength(lines);

    await app.handlers['session:windDown'](undefined, { signal });
    // The mug is on its way to the bin: the last card is the first step of that trip.
    await untilState(app, (state) => state.pendingQuestion?.kind === 'choice' && state.pendingQuestion.purpose === 'firstStep');
    await answer(app, { kind: 'choice', selected: ['Later'] });
    await untilState(app, (state) => state.status === 'ended');
    expect(app.store.state.lastAnswer).toBeUndefined();
    expect(await undo(app, decided.lastAnswer!.id)).toEqual({ outcome: 'gone' });
    expect(app.store.state.piles).toEqual(decided.piles);
  });

  it('a log that stops right after the choice (the app closed before its turn) takes the answer back when resumed', async () => {
    const first = core();
    const decided = await mugTrashed(first);
    await undo(first, decided.lastAnswer!.id);
    await untilState(first, (state) => state.itemsProcessed === 0 && state.pendingQuestion?.kind === 'disposition');
    await logOf(first);
    const paths = first.sessionPaths!;
    const lines = (await readFile(paths.log, 'utf8')).trimEnd().split('\n');
    const chosen = lines.findIndex((line) => (JSON.parse(line) as { type: string }).type === 'undo');

    const dataDir = await tempFolder('tidy-undo-cut-');
    const folder = path.join(dataDir, 'sessions', path.basename(paths.dir));
    await cp(paths.dir, folder, { recursive: true });
    await writeFile(path.join(folder, 'log.jsonl'), `${lines.slice(0, chosen + 1).join('\n')}\n`);
    let ids = 0;
    const again = core({ dataDir, random: { float: seededRandom(2).float, id: () => `again-${++ids}` } });
    await again.handlers['sessions:resume']({ id: decided.id }, { signal });
    const asked = await untilState(again, (state) => state.pendingQuestion?.kind === 'disposition');
    expect(asked.pendingQuestion).toMatchObject({ item: expect.stringMatching(/coffee mug/i) });
    expect({ piles: asked.piles, itemsProcessed: asked.itemsProcessed }).toEqual({ piles: { belongs: [], out: [], unsure: [] }, itemsProcessed: 0 });
    await again.handlers['coach:stop'](undefined, { signal });
    await again.idle();
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(events.filter((event) => event.type === 'undo')).toHaveLength(1);
    await expectReplays(events, path.join(folder, 'photos'));
  });
});
