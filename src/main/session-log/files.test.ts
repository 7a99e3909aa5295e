import { appendFile, mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import type { Question, Resolution } from '../../shared/questions/schema';
import type { QuestionUi } from '../effects';
import { scriptedSession } from '../../../test-support/session-log/session';
import { timelineOf } from '../replay/transcript';
import {
  describeModel,
  listSessions,
  LOG_VERSION,
  metaFromState,
  parseSessionLog,
  readSessionLog,
  foldLog,
  Journal,
  LogEventSchema,
  SessionLogError,
  SessionLogWriter,
  sessionPaths,
  upgrade,
  writeSessionMeta,
  type SessionMeta,
} from './index';
import { tempFolder } from '../../../test-support/temp-folder';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

async function tempDir(): Promise<string> {
  return tempFolder('session-log-files-');
}

async function logWith(lines: number): Promise<string> {
  const file = path.join(await tempDir(), 'log.jsonl');
  const writer = await SessionLogWriter.open(file, { now: () => 1_000 });
  for (let index = 0; index < lines; index += 1) await writer.append({ type: 'person-message', text: `message ${index}` });
  await writer.close();
  return file;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading a log', () => {
  it('reports and skips a torn last line; opening the log again cuts it off and numbering goes on', async () => {
    const file = await logWith(3);
    await appendFile(file, '{"v":1,"seq":3,"at":1000,"type":"person-mes');
    const torn = await readSessionLog(file);
    expect(torn.events.map((event) => event.seq)).toEqual([0, 1, 2]);
    expect(torn.tornTail).toMatchObject({ line: 4 });
    expect(torn.tornTail?.reason).toContain('without a newline');

    const writer = await SessionLogWriter.open(file, { now: () => 1_000 });
    expect(writer.repairedTailBytes).toBe('{"v":1,"seq":3,"at":1000,"type":"person-mes'.length);
    await writer.append({ type: 'person-message', text: 'after the crash' });
    await writer.close();
    const repaired = await readSessionLog(file);
    expect(repaired.tornTail).toBeUndefined();
    expect(repaired.events.map((event) => event.seq)).toEqual([0, 1, 2, 3]);
  });

  it('fails on a corrupt line elsewhere with its line number and the JSON error', async () => {
    const file = await logWith(4);
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[2] = '{"v":1,"seq":2,"at":1000,"type":"person-message","text":"br';
    await writeFile(file, lines.join('\n'));
    const failure = await readSessionLog(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SessionLogError);
    expect(failure).toMatchObject({ line: 3 });
    expect((failure as Error).message).toMatch(/line 3: is not JSON \(.+\)/);
  });

  it('names the field of a line that breaks the schema, and a sequence that goes backwards', () => {
    const good = '{"v":1,"seq":0,"at":1,"type":"person-message","text":"hi"}';
    expect(() => parseSessionLog(`${good}\n{"v":1,"seq":1,"at":1,"type":"random","draw":{"kind":"float","value":"x"}}\n`)).toThrow(
      /line 2: is not a valid "random" event: draw\.value: /,
    );
    expect(() => parseSessionLog(`${good}\n{"v":1,"seq":1,"at":1,"type":"teleport"}\n`)).toThrow(/line 2: is not a valid "teleport" event/);
    expect(() => parseSessionLog(`${good}\n${good}\n`)).toThrow('line 2: seq 0 does not follow seq 0');
    expect(() => parseSessionLog(`${good}\n\n${good}\n`)).toThrow('line 2: is empty');
  });

  it('refuses versions it does not know, clearly', () => {
    expect(() => parseSessionLog(`{"v":${LOG_VERSION + 1},"seq":0,"at":1,"type":"person-message","text":"hi"}\n`)).toThrow(
      `line 1: is log version ${LOG_VERSION + 1}, newer than this app reads (${LOG_VERSION}); update the app`,
    );
    expect(() => parseSessionLog('{"seq":0,"at":1,"type":"person-message","text":"hi"}\n')).toThrow('line 1: has no valid version');
    expect(() => upgrade({ v: 0 })).toThrow('has no valid version');
    expect(upgrade({ v: LOG_VERSION, type: 'x' })).toEqual({ v: LOG_VERSION, type: 'x' });
  });

  it('reads the v1 fixture, folds it, and replays its turn through the harness that recorded it', async () => {
    const { events, tornTail } = await readSessionLog(path.join(FIXTURES, 'v1', 'session.jsonl'));
    expect(tornTail).toBeUndefined();
    expect(events.every((event) => event.v === LOG_VERSION)).toBe(true);
    expect(events.find((event) => event.type === 'session-started')).toMatchObject({ coach: 'conversational', model: { baseUrlHost: 'localhost:11434' } });
    const folded = foldLog(events);
    expect(folded.turns).toBe(1);
    expect(folded.document?.session.itemsProcessed).toBe(1);
    expect(folded.inFlight.flatMap((event) => (event.type === 'person-message' ? [event.text] : []))).toEqual(['next']);
    // Version 1's event types, every one of which the fixture holds.
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set(['clock', 'session-started', 'photos-imported', 'person-message', 'turn-started', 'random', 'model-request', 'model-response', 'question-asked', 'question-closed', 'mode-transition', 'turn-ended', 'model-error', 'error']),
    );

    const finished = events.slice(0, events.findIndex((event) => event.type === 'turn-ended') + 1);
    const journal = new Journal({ recorded: finished, mode: 'check', firstTurn: 1 });
    const session = scriptedSession({ time: journal.time, random: journal.random, llm: journal.llm, question: journal.questions as QuestionUi<Question, Resolution> });
    let turn: Promise<unknown> | undefined;
    await journal.play({ input: () => {}, turnStarted: () => void (turn = session.turn('the desk first')), turnStopped: () => {}, turnEnded: async () => void (await turn) });
    expect(journal.divergence).toBeUndefined();
    expect(journal.remaining).toBe(0);
    expect(session.state.get().itemsProcessed).toBe(folded.document?.session.itemsProcessed);
  });
});

describe('the v2 fixtures (real sessions: photos, cards, a retry, Stop mid-call, a resume; photos the detector looked at; sprints; a start from last time)', () => {
  it('together hold every version-2 event type but a turn failure', async () => {
    const logged = await Promise.all(['session.jsonl', 'detected.jsonl', 'sprints.jsonl', 'carried.jsonl'].map((file) => readSessionLog(path.join(FIXTURES, 'v2', file))));
    const types = new Set(LogEventSchema.options.map((option) => option.shape.type.value));
    types.delete('error');
    // Version 3's own lines, which fixtures/v3 holds.
    types.delete('wind-down');
    types.delete('undo');
    expect(new Set(logged.flatMap(({ events }) => events.map((event) => event.type)))).toEqual(types);
  });

  it('folds the sprints: time up, a check-in answered with another sprint, a pause, time up again, winding down', async () => {
    const { events, tornTail } = await readSessionLog(path.join(FIXTURES, 'v2', 'sprints.jsonl'));
    expect(tornTail).toBeUndefined();
    const session = foldLog(events).document!.session;
    expect(session.status).toBe('ended');
    // The second sprint's time was up when the person chose to wind down; the pause's 40 minutes did not count.
    expect(session.sprint).toMatchObject({ number: 2, lengthMs: 600_000, phase: { kind: 'due' } });
    const started = events.find((event) => event.type === 'sprint' && event.change.kind === 'started')!;
    const due = events.filter((event) => event.type === 'sprint' && event.change.kind === 'due');
    expect(due.map((event) => event.at - started.at)).toEqual([600_000, 3_600_000]);
  });

  it('folds the detector’s findings into the photos, wherever in a turn they arrived', async () => {
    const { events, tornTail } = await readSessionLog(path.join(FIXTURES, 'v2', 'detected.jsonl'));
    expect(tornTail).toBeUndefined();
    const detected = events.findIndex((event) => event.type === 'photos-detected');
    const asked = events.findIndex((event) => event.type === 'question-asked');
    // The first card was already up when the first photo's detections came in.
    expect(detected).toBeGreaterThan(asked);
    const session = foldLog(events).document!.session;
    expect(session.status).toBe('ended');
    expect(session.photos.map((photo) => photo.detections?.items.map((item) => item.label).filter((label) => label !== 'person'))).toEqual([
      ['cup', 'dining table'],
      ['bottle', 'bowl', 'donut'],
    ]);
    expect(session.decisions.every((decision) => decision.detection)).toBe(true);
  });

  it('reads the first one and folds it to its last state', async () => {
    const { events, tornTail } = await readSessionLog(path.join(FIXTURES, 'v2', 'session.jsonl'));
    expect(tornTail).toBeUndefined();
    const folded = foldLog(events);
    expect(folded.turns).toBe(5);
    expect(folded.inFlight).toEqual([]);
    expect(folded.document?.session).toMatchObject({ spaceFunction: 'work', itemsProcessed: 2, mode: { kind: 'sorting' } });
    expect(folded.document?.session.photos.map((photo) => photo.fileName)).toEqual(['desk.jpg']);
    expect(folded.document?.coach?.messages.length).toBeGreaterThan(0);
    expect(timelineOf(events).steps).toHaveLength(5);
  });
});

describe('writing a log', () => {
  it('blanks registered secrets, key shapes and the home folder out of every line', async () => {
    const file = path.join(await tempDir(), 'log.jsonl');
    const writer = await SessionLogWriter.open(file, { now: () => 1_000, secrets: () => ['hunter2-very-secret'], home: '/home/ada' });
    await writer.append({ type: 'error', message: 'refused key hunter2-very-secret and sk-abcdefghijklmnopqrstuvwx reading /home/ada/photos/desk.jpg' });
    await writer.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('sk-abc');
    expect(text).not.toContain('/home/ada');
    const { events } = await readSessionLog(file);
    expect(events[0]).toMatchObject({ message: 'refused key [redacted] and [redacted] reading ~/photos/desk.jpg' });
  });

  it('keeps the key and the URL path out of the model summary', () => {
    expect(
      describeModel({ apiKey: 'sk-secret', baseUrl: 'https://user:pass@api.example.com:8443/v1?token=x', model: 'gpt-x', vision: false, tools: true }),
    ).toEqual({ name: 'gpt-x', baseUrlHost: 'api.example.com:8443', vision: false, tools: true, configured: true });
  });

  it('resolves a durable append only after its line is written and fsynced; others are not fsynced', async () => {
    const file = path.join(await tempDir(), 'log.jsonl');
    const probe = await open(file, 'a');
    const handlePrototype = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const order: string[] = [];
    const datasync = handlePrototype.datasync;
    vi.spyOn(handlePrototype, 'datasync').mockImplementation(async function (this: unknown) {
      await datasync.call(this);
      order.push('fsync');
    });
    const writer = await SessionLogWriter.open(file, { now: () => 1_000 });
    order.length = 0;
    await writer.append({ type: 'clock', source: 'now', value: 1 });
    order.push('clock appended');
    await writer.append({ type: 'person-message', text: 'the desk first' });
    order.push('message appended');
    expect(await readFile(file, 'utf8')).toContain('"text":"the desk first"');
    await writer.append({ type: 'question-closed', resolution: { answer: { kind: 'confirm', yes: true }, closedBy: 'person' } });
    order.push('answer appended');
    expect(order).toEqual(['clock appended', 'fsync', 'message appended', 'fsync', 'answer appended']);
    await writer.close();
  });

  it('refuses an invalid event without writing it or using up a sequence number', async () => {
    const file = path.join(await tempDir(), 'log.jsonl');
    const errors: unknown[] = [];
    const writer = await SessionLogWriter.open(file, { now: () => 1_000, onError: (error) => errors.push(error) });
    await expect(writer.append({ type: 'clock', source: 'sundial' as 'now', value: 1 })).rejects.toThrow('Not a valid "clock" log event');
    await writer.append({ type: 'clock', source: 'now', value: 1 });
    await writer.close();
    expect(errors).toHaveLength(1);
    expect((await readSessionLog(file)).events.map((event) => event.seq)).toEqual([0]);
  });
});

describe('session metadata', () => {
  const meta = (id: string, updatedAt: number): SessionMeta => ({ ...metaFromState(newSessionState(id, 1_000), 'conversational', updatedAt) });

  it('writes meta.json atomically and lists sessions newest first, reporting broken ones', async () => {
    const dataDir = await tempDir();
    for (const [id, updatedAt] of [['old', 2_000], ['new', 9_000], ['mid', 5_000]] as const) {
      const { dir } = sessionPaths(dataDir, id);
      await mkdir(dir, { recursive: true });
      await writeSessionMeta(dir, meta(id, updatedAt));
    }
    await writeSessionMeta(sessionPaths(dataDir, 'mid').dir, { ...meta('mid', 5_000), itemsProcessed: 4, spaceFunction: 'work' });
    expect(await readdir(sessionPaths(dataDir, 'mid').dir)).toEqual(['meta.json']);
    await mkdir(sessionPaths(dataDir, 'broken').dir);
    await writeFile(sessionPaths(dataDir, 'broken').meta, '{"id":"broken","startedAt":');
    await mkdir(sessionPaths(dataDir, 'empty').dir);

    const listing = await listSessions(dataDir);
    expect(listing.sessions.map((session) => session.id)).toEqual(['new', 'mid', 'old']);
    expect(listing.sessions[1]).toMatchObject({ itemsProcessed: 4, spaceFunction: 'work', status: 'active', dir: sessionPaths(dataDir, 'mid').dir });
    expect(listing.broken).toEqual([
      { dir: sessionPaths(dataDir, 'broken').dir, reason: expect.stringContaining('meta.json could not be read') },
      { dir: sessionPaths(dataDir, 'empty').dir, reason: 'meta.json is missing' },
    ]);
  });

  it('leaves the old meta.json whole when a write fails', async () => {
    const { dir, meta: file } = sessionPaths(await tempDir(), 's1');
    await mkdir(dir, { recursive: true });
    await writeSessionMeta(dir, meta('s1', 2_000));
    await expect(writeSessionMeta(dir, { ...meta('s1', 3_000), itemsProcessed: -1 })).rejects.toThrow();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ updatedAt: 2_000 });
    expect(await readdir(dir)).toEqual(['meta.json']);
  });

  it('lists nothing when there is no sessions folder yet', async () => {
    expect(await listSessions(await tempDir())).toEqual({ sessions: [], broken: [] });
  });
});

describe('version 2 read as version 3: "Stop for today" became an answer of its own, and the energy checks name themselves', () => {
  const v2 = { v: 2, seq: 5, at: 1 };
  const whatIsIt = { kind: 'choice', purpose: 'general', prompt: 'What’s the nearest thing you can pick up?', choices: [{ label: 'mug' }, { label: 'I’m stuck' }, { label: 'Stop for today' }], multiple: false, allowOther: true };
  const shown = { ...whatIsIt, id: 'q1', askedAt: 1, expiresAt: 2 };

  it('drops the old "Stop for today" choice from a card, as asked and as shown', () => {
    const upgraded = upgrade({ ...v2, type: 'question-asked', spec: whatIsIt, question: shown }) as { spec: { choices: unknown }; question: { choices: unknown } };
    expect(upgraded.spec.choices).toEqual([{ label: 'mug' }, { label: 'I’m stuck' }]);
    expect(upgraded.question.choices).toEqual([{ label: 'mug' }, { label: 'I’m stuck' }]);
  });

  it('reads the old choice, picked, as the stop answer; any other pick as it was', () => {
    const closed = (answer: object, closedBy = 'person') => ({ ...v2, type: 'question-closed', call: 4, questionId: 'q1', resolution: { answer, closedBy } });
    expect(upgrade(closed({ kind: 'choice', selected: ['Stop for today'] }))).toMatchObject({ v: LOG_VERSION, resolution: { answer: { kind: 'stop' }, closedBy: 'person' } });
    expect(upgrade(closed({ kind: 'choice', selected: ['mug'] }))).toMatchObject({ resolution: { answer: { kind: 'choice', selected: ['mug'] } } });
    expect(upgrade(closed({ kind: 'choice', selected: [] }, 'timeout'))).toMatchObject({ resolution: { answer: { kind: 'choice', selected: [] } } });
  });

  it('names the sprint’s check-in and the guided energy check by their purpose, and leaves every other card as it was', () => {
    const checkIn = { kind: 'choice', purpose: 'general', prompt: 'That’s 15 minutes. How is your energy?', choices: [{ label: 'Keep going: another 15 minutes' }, { label: 'A 5-minute break' }, { label: 'Wind down for today' }], multiple: false, allowOther: false };
    const energy = { kind: 'confirm', prompt: 'That’s a lot at once. Stop here for today? Stopping is fine.', defaultAnswer: false };
    const asked = (spec: object) => (upgrade({ ...v2, type: 'question-asked', spec }) as { spec: unknown }).spec;
    expect(asked(checkIn)).toEqual({ ...checkIn, purpose: 'energy' });
    expect(asked(energy)).toEqual({ ...energy, purpose: 'energy' });
    const others = [
      { kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?', defaultAnswer: false },
      { kind: 'confirm', prompt: 'Is the desk done?', defaultAnswer: false },
      // A model's own yes/no card in other words than the energy check's template.
      { kind: 'confirm', prompt: 'Stop here for today?', defaultAnswer: false },
      { kind: 'choice', purpose: 'function', prompt: 'What is this space for?', choices: [{ label: 'Work' }], multiple: false, allowOther: true },
      { kind: 'disposition', item: 'mug', choices: [{ label: 'Trash', disposition: 'trash' }, { label: 'Keep', disposition: 'keep' }] },
      { kind: 'text', prompt: 'Where does the mug live?' },
    ];
    for (const card of others) expect(asked(card)).toEqual(card);
  });

  it('reads a version-2 log that answered the old choice (fixtures/v2/carried.jsonl) with the stop answer in its place', async () => {
    const raw = await readFile(path.join(FIXTURES, 'v2', 'carried.jsonl'), 'utf8');
    expect(raw).toContain('"selected":["Stop for today"]');
    const { events } = await readSessionLog(path.join(FIXTURES, 'v2', 'carried.jsonl'));
    const stops = events.filter((event) => event.type === 'question-closed' && event.resolution.answer.kind === 'stop');
    expect(stops).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain('"Stop for today"');
    expect(foldLog(events).document?.session.status).toBe('ended');
  });
});

describe('the v3 fixture (a guided session stopped from the header)', () => {
  it('holds the wind-down line, right before the turn that winds down, and folds to the ended session', async () => {
    const { events, tornTail } = await readSessionLog(path.join(FIXTURES, 'v3', 'header-wind-down.jsonl'));
    expect(tornTail).toBeUndefined();
    const chosen = events.findIndex((event) => event.type === 'wind-down');
    expect(events[chosen + 1]).toMatchObject({ type: 'turn-started', messageIds: [] });
    const session = foldLog(events).document!.session;
    expect(session).toMatchObject({ status: 'ended', itemsProcessed: 1 });
    expect(session.windDownChosenAt).toBeUndefined();
    expect(timelineOf(events).steps.at(-1)?.person).toEqual(['(chose “Stop for today”)']);
  });
});

describe('the v3 fixture of an answer taken back (docs/coach.md, Undo on the last answer)', () => {
  it('holds the undo line and folds to the answer given again: the one taken back is in no pile, its echo marked', async () => {
    const { events, tornTail } = await readSessionLog(path.join(FIXTURES, 'v3', 'undo.jsonl'));
    expect(tornTail).toBeUndefined();
    const chosen = events.find((event) => event.type === 'undo');
    expect(chosen).toBeDefined();
    const session = foldLog(events).document!.session;
    expect(session.piles.out).toEqual([]);
    expect(session.piles.belongs.map((entry) => entry.name)).toEqual(['coffee mug']);
    expect(session.decisions.map((decision) => decision.outcome)).toEqual(['place']);
    expect(session.messages.filter((message) => message.undone).map((message) => message.text)).toEqual([expect.stringMatching(/^Coffee mug: trash/)]);
    expect(session.undoChosen).toBeUndefined();
    expect(timelineOf(events).steps.some((step) => step.person.includes('(took the last answer back)'))).toBe(true);
  });
});

describe('the v3 fixture of a visit to a room (docs/rooms.md)', () => {
  it('records the room from the opening on, takes up what the room’s last session left, and confirms the room with one card', async () => {
    const { events, tornTail } = await readSessionLog(path.join(FIXTURES, 'v3', 'room-visit.jsonl'));
    expect(tornTail).toBeUndefined();
    const opening = events.find((event) => event.type === 'turn-ended');
    expect(opening?.checkpoint?.session.room).toBeDefined();
    const carried = events.find((event) => event.type === 'carried-over');
    expect(carried).toMatchObject({ carry: { space: 'Work', anchors: ['desk', 'lamp'], unsure: ['old mug', 'tangled cable', 'shoebox'] } });
    const cards = events.flatMap((event) => (event.type === 'question-asked' ? [event.question] : []));
    expect(cards[0]).toMatchObject({ kind: 'choice', prompt: 'Still your office, with the desk and the lamp staying?' });
    expect(cards.some((card) => card?.kind === 'choice' && card.purpose === 'function')).toBe(false);
    expect(foldLog(events).document?.session).toMatchObject({ status: 'ended', spaceFunction: 'Work', room: opening?.checkpoint?.session.room });
  });
});
