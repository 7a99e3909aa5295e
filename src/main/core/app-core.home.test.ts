/**
 * Home through the app core, which holds the sessions' metadata in memory from its start (src/main/rooms/summaries.ts):
 * after each change made through the app (a session ended, a trip ticked off, a plan put away, a room renamed, a
 * session moved or deleted) Home shows what is on disk, exactly as a new start reading every file would.
 */
import { cp, rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from './app-core';
import { homeIndexPath } from '../rooms/home-index';
import { answering, coreRun, sessionLeavingUnsure } from '../../../test-support/carry-over';
import { testCore, untilState } from '../../../test-support/fixtures';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;

let app: AppCore | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

const rooms = async (core: AppCore) => (await core.handlers['rooms:home'](undefined, { signal })).rooms;

/** Home's rooms as a new start on a copy of the folder, with no index, reads them from every session's files. */
async function fromDisk(dataDir: string) {
  const copy = await tempFolder('tidy-core-home-disk-');
  await cp(dataDir, copy, { recursive: true });
  await rm(homeIndexPath(copy), { force: true });
  const fresh = testCore({ dataDir: copy });
  try {
    return await rooms(fresh);
  } finally {
    await fresh.dispose();
  }
}

describe('Home through the app core', () => {
  it('shows what each change made through the app left on disk', async () => {
    const dataDir = await tempFolder('tidy-core-home-');
    const first = await sessionLeavingUnsure(dataDir, ['old mug', 'tangled cable', 'shoebox']);
    app = coreRun(dataDir, 'second');
    const [office] = await rooms(app);

    // A visit decides the undecided things (two trips: the kitchen and recycling); Home is opened while it runs.
    answering(app, (question) => {
      if (question.kind === 'choice' && question.prompt.startsWith('Still your')) return { kind: 'choice', selected: ['Yes'] };
      if (question.kind === 'disposition') return { kind: 'disposition', pick: { type: 'choice', index: 0 } };
      if (question.kind === 'text') return { kind: 'text', text: 'shelf' };
      // The last card of a session ending with things leaving: the first step can wait.
      if (question.kind === 'choice' && question.purpose === 'firstStep') return { kind: 'choice', selected: ['Later'] };
      return undefined;
    });
    await app.handlers['rooms:visit']({ id: office!.id }, { signal });
    const asking = await untilState(app, (state) => state.decisions.length === 3 && state.pendingQuestion !== undefined);
    expect(await rooms(app)).toEqual([expect.objectContaining({ visits: 2, inProgress: true })]);
    // Then the person stops: the session ends, and its meta.json is written again.
    await app.handlers['question:answer']({ questionId: asking.pendingQuestion!.id, answer: { kind: 'stop' } }, { signal });
    await app.idle();
    const visit = app.store.state;
    expect(visit.status).toBe('ended');
    await app.handlers['session:new'](undefined, { signal });
    expect(await rooms(app)).toEqual([expect.objectContaining({ id: office!.id, visits: 2, waiting: { undecided: 0, trips: 2 }, inProgress: false })]);
    const page = await app.handlers['rooms:page']({ id: office!.id }, { signal });
    expect(page.visits.map((each) => [each.sessionId, each.status])).toEqual([
      [first, 'ended'],
      [visit.id, 'ended'],
    ]);
    expect(await rooms(app)).toEqual(await fromDisk(dataDir));

    // A trip ticked off, then the plan put away.
    const plan = await app.handlers['exitPlan:get']({ id: visit.id }, { signal });
    await app.handlers['exitPlan:tick']({ id: visit.id, itemId: plan.groups[0]!.items[0]!.id, done: true }, { signal });
    expect((await rooms(app))[0]?.waiting).toEqual({ undecided: 0, trips: 1 });
    expect(await rooms(app)).toEqual(await fromDisk(dataDir));
    await app.handlers['exitPlan:dismiss']({ id: visit.id }, { signal });
    expect((await rooms(app))[0]?.waiting).toEqual({ undecided: 0, trips: 0 });
    expect(await rooms(app)).toEqual(await fromDisk(dataDir));

    // The room renamed, the first session moved to a room of its own, then deleted.
    await app.handlers['rooms:rename']({ id: office!.id, name: 'Studio' }, { signal });
    await app.handlers['rooms:moveSession']({ sessionId: first, to: { newRoom: true } }, { signal });
    expect((await rooms(app)).map((room) => [room.name, room.visits])).toEqual([
      ['Studio', 1],
      ['Office', 1],
    ]);
    expect(await rooms(app)).toEqual(await fromDisk(dataDir));
    // Deleted from Sessions: its room stays, empty, with nothing to be named after.
    await app.handlers['sessions:delete']({ id: first }, { signal });
    expect((await rooms(app)).map((room) => [room.name, room.visits])).toEqual([
      ['Studio', 1],
      ['New room', 0],
    ]);
    expect(await rooms(app)).toEqual(await fromDisk(dataDir));
  });
});
