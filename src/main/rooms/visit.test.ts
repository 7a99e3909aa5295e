/**
 * A returning person, through the app core with no model: a first session in the office leaves three things undecided
 * and stops; later, Home shows the room with its last visit and what waits there, and picking it starts a session that
 * knows the room. One card confirms it ("Still your office, …?"), then last time's undecided things come first; nothing
 * already answered is asked again, and the session replays from its log.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Question } from '../../shared/questions/schema';
import type { AppCore } from '../core/app-core';
import { CARRIED_WHERE } from '../guided/decide';
import { checkSession } from '../replay/check';
import { foldLog, readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR } from '../../../test-support/fixtures';
import { answering, coreRun, sessionLeavingUnsure } from '../../../test-support/carry-over';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
const UNSURE = ['old mug', 'tangled cable', 'shoebox'];

let core: AppCore | undefined;
afterEach(async () => {
  await core?.dispose();
  core = undefined;
});

/** A later app run on the data folder: ids of its own, as a real run's would be. */
function later(dataDir: string, run: string): AppCore {
  core = coreRun(dataDir, run);
  return core;
}

const isRoomCard = (question: Question) => question.kind === 'choice' && question.prompt.startsWith('Still your');
const isSpaceCard = (question: Question) => question.kind === 'choice' && (question.purpose === 'function' || question.purpose === 'anchors');

describe('a room that remembers, with no model', () => {
  it('Home shows the office with what waits there; picking it confirms the room, then last time’s undecided things come first', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    const first = await sessionLeavingUnsure(dataDir, UNSURE);

    const app = later(dataDir, 'second');
    const home = await app.handlers['rooms:home'](undefined, { signal });
    expect(home.rooms).toHaveLength(1);
    const [office] = home.rooms;
    expect(office).toMatchObject({ name: 'Office', named: false, space: 'Work', anchors: ['desk', 'lamp'], visits: 1, waiting: { undecided: 3, trips: 0 }, inProgress: false });

    // Yes to the room's card; each undecided thing gets its first choice (the shoebox's asks where it lives); then stop.
    const asked = answering(app, (question) => {
      if (isRoomCard(question)) return { kind: 'choice', selected: ['Yes'] };
      if (question.kind === 'disposition') return { kind: 'disposition', pick: { type: 'choice', index: 0 } };
      if (question.kind === 'text') return { kind: 'text', text: 'shelf' };
      return { kind: 'stop' };
    });
    await app.handlers['rooms:visit']({ id: office!.id }, { signal });
    await app.idle();
    const state = app.store.state;
    expect(asked[0]).toMatchObject({ kind: 'choice', prompt: 'Still your office, with the desk and the lamp staying?', choices: [{ label: 'Yes' }, { label: 'Something changed' }] });
    // Nothing about the space again: after the room's card, the things left undecided, in order.
    expect(asked.some(isSpaceCard)).toBe(false);
    expect(asked.slice(1, 4).map((question) => (question.kind === 'disposition' ? `${question.item} (${question.where})` : question.kind))).toEqual(
      UNSURE.map((item) => `${item} (${CARRIED_WHERE})`),
    );
    expect(state).toMatchObject({ room: { id: office!.id }, spaceFunction: 'Work', anchors: ['desk', 'lamp'], carriedOver: { from: first } });
    expect(state.decisions.slice(0, 3).map((decision) => decision.item)).toEqual(UNSURE);

    // The room now has two visits, nothing undecided waits there, and the two trips the decisions made (kitchen, recycling) do.
    const after = await app.handlers['rooms:home'](undefined, { signal });
    expect(after.rooms).toEqual([expect.objectContaining({ id: office!.id, visits: 2, waiting: { undecided: 0, trips: 2 } })]);

    // The log records the room from its opening on, and replays with the visit where it happened.
    const folder = path.join(dataDir, 'sessions', state.id);
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(events.filter((event) => event.type === 'carried-over')).toHaveLength(1);
    expect(foldLog(events).document?.session.room).toEqual({ id: office!.id });
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBeGreaterThan(2);
    // `TIDY_WRITE_FIXTURE=1` keeps this log as the session-log fixture of a room visit.
    if (process.env.TIDY_WRITE_FIXTURE) await copyFile(path.join(folder, 'log.jsonl'), path.resolve(import.meta.dirname, '../session-log/fixtures/v3/room-visit.jsonl'));
  });

  it('Something changed asks what the room is for and what stays again, with last time’s answers filled in', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    await sessionLeavingUnsure(dataDir, UNSURE);
    const app = later(dataDir, 'second');
    const [office] = (await app.handlers['rooms:home'](undefined, { signal })).rooms;
    const asked = answering(app, (question) => {
      if (isRoomCard(question)) return { kind: 'choice', selected: ['Something changed'] };
      if (question.kind === 'choice' && question.purpose === 'function') return { kind: 'choice', selected: ['Sleep'] };
      if (question.kind === 'choice' && question.purpose === 'anchors') return { kind: 'choice', selected: ['desk'], other: 'bed' };
      return { kind: 'stop' };
    });
    await app.handlers['rooms:visit']({ id: office!.id }, { signal });
    await app.idle();
    expect(asked[1]).toMatchObject({ kind: 'choice', purpose: 'function', preset: { selected: ['Work'] } });
    expect(asked[1]!.kind === 'choice' && asked[1]!.prompt).toContain('Last time’s answer is filled in');
    expect(asked[2]).toMatchObject({ kind: 'choice', purpose: 'anchors', preset: { selected: ['desk', 'lamp'] } });
    expect(app.store.state).toMatchObject({ spaceFunction: 'Sleep', anchors: ['desk', 'bed'] });
    // Then last time's undecided things, first.
    expect(asked[3]).toMatchObject({ kind: 'disposition', item: 'old mug', where: CARRIED_WHERE });
    // What the room is for changed, so its name follows.
    expect((await app.handlers['rooms:home'](undefined, { signal })).rooms[0]).toMatchObject({ name: 'Bedroom', space: 'Sleep' });
  });

  it('picking a room: the empty session in use becomes that room’s; its session under way is gone back to; another room starts anew', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    await sessionLeavingUnsure(dataDir, UNSURE);
    const app = later(dataDir, 'second');
    const [office] = (await app.handlers['rooms:home'](undefined, { signal })).rooms;
    const empty = app.store.state.id;
    answering(app, () => undefined);
    await app.handlers['rooms:visit']({ id: office!.id }, { signal });
    // The session in use had nothing in it: it is the visit.
    expect(app.store.state.id).toBe(empty);
    expect(app.store.state.pendingQuestion).toBeUndefined();
    const home = await app.handlers['rooms:home'](undefined, { signal });
    expect(home.rooms[0]).toMatchObject({ inProgress: true });
    // Picking the same room again goes back to its session as it is.
    await app.handlers['rooms:visit']({ id: office!.id }, { signal });
    expect(app.store.state.id).toBe(empty);
    // A new room starts a new session; the one under way stays unfinished, to resume.
    await app.handlers['rooms:visit']({ newRoom: true }, { signal });
    expect(app.store.state.id).not.toBe(empty);
    expect(app.store.state.room?.id).toBeDefined();
    const listed = (await app.handlers['sessions:list'](undefined, { signal })).sessions.find((session) => session.id === empty);
    expect(listed?.status).toBe('active');
  });

  it('the first session in a new room makes it, named from what it is for', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    const app = later(dataDir, 'first');
    expect((await app.handlers['rooms:home'](undefined, { signal })).rooms).toEqual([]);
    await app.handlers['rooms:visit']({ newRoom: true }, { signal });
    const room = app.store.state.room!;
    // Nothing is made until the session has something in it.
    expect((await app.handlers['rooms:home'](undefined, { signal })).rooms).toEqual([]);
    answering(app, (question) => (question.kind === 'choice' && question.purpose === 'function' ? { kind: 'choice', selected: ['Kids’ play'] } : undefined));
    await app.handlers['chat:send']({ text: 'hi' }, { signal });
    // The session is put in its room once it has a folder, a moment after the message.
    await expect
      .poll(async () => (await app.handlers['rooms:home'](undefined, { signal })).rooms)
      .toEqual([expect.objectContaining({ id: room.id, name: 'Kids’ room', visits: 1, inProgress: true })]);
  });
});
