/**
 * Home at real volume (docs/rooms.md): `rooms` rooms of `sessions` sessions each, every one a real session folder
 * (a guided session recorded through the app core, 25 things decided, its log, its meta.json, half of them with exit-plan
 * ticks). Timed, each beside a baseline measured in the same run: the read at start that the app makes once (with no
 * index, reading every meta.json and exit-plan.json as each Home open used to; and from home-index.json, a stat of
 * each file instead), Home opening once that read is done, and reading every session's log instead of its metadata.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Answer, Question } from '../src/shared/questions/schema';
import type { SessionSnapshot } from '../src/shared/session/schema';
import type { Home, RoomsFile } from '../src/shared/rooms/schema';
import { progressOf } from '../src/shared/sessions/progress';
import { createAppCore } from '../src/main/core/app-core';
import { manualClock, seededRandom } from '../src/main/effects';
import { writeExitPlanTicks } from '../src/main/exit-plan/ticks-file';
import { createLogger } from '../src/main/log/logger';
import { Rooms } from '../src/main/rooms';
import { writeRoomsFile } from '../src/main/rooms/file';
import { homeIndexPath } from '../src/main/rooms/home-index';
import { metaFromState, readSessionLogTail, sessionOfLog, sessionPaths, writeSessionMeta } from '../src/main/session-log';
import { newSessionState } from '../src/shared/session/new-session';
import { createTemplateRenderer, defaultTemplatesDir } from '../src/main/templates';
import { fmt } from './format';
import type { SectionReport } from './runner';
import { percentile } from './stats';

const DAY = 24 * 60 * 60_000;
const THINGS = ['mug', 'old receipts', 'usb cable', 'book', 'plate', 'empty bottle', 'jumper', 'charger', 'magazine', 'pen'];

/** One guided session through the app core: Work, the desk stays, up to 30 things named and decided every way, then stopped. */
async function recordSession(dataDir: string): Promise<string> {
  const clock = manualClock(Date.UTC(2026, 0, 5, 9));
  const app = createAppCore({
    runtime: 'web',
    version: 'bench',
    model: { vision: false, tools: false },
    llm: undefined,
    templates: createTemplateRenderer(defaultTemplatesDir()),
    logger: createLogger({ sink: () => {} }),
    time: { now: () => (clock.advance(2_000), clock.now()), monotonic: () => clock.monotonic() },
    // Ids as the app makes them (UUIDs), so meta.json and the log are their real size.
    random: { float: seededRandom(29).float, id: () => randomUUID() },
    dataDir,
  });
  let named = 0;
  let decided = 0;
  const answer = (question: Question): Answer => {
    if (question.kind === 'choice' && question.purpose === 'function') return { kind: 'choice', selected: ['Work'] };
    if (question.kind === 'text') return { kind: 'text', text: question.prompt.includes('live') ? 'kitchen' : 'desk' };
    if (question.kind === 'disposition') {
      decided += 1;
      return decided % 5 === 0 ? { kind: 'disposition', pick: { type: 'unsure' } } : { kind: 'disposition', pick: { type: 'choice', index: decided % 2 } };
    }
    // The last card of a session ending with things leaving: the first step can wait.
    if (question.kind === 'choice' && question.purpose === 'firstStep') return { kind: 'choice', selected: ['Later'] };
    if (question.kind === 'choice' && named < 30) return { kind: 'choice', selected: [], other: `${THINGS[named % THINGS.length]} ${Math.floor(named++ / THINGS.length) + 1}` };
    return { kind: 'stop' };
  };
  const signal = new AbortController().signal;
  const asked = new Set<string>();
  // An answer the card refuses would leave it waiting for its real time-out: the bench says so instead of waiting.
  let refused: unknown;
  app.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const question = (event.payload as SessionSnapshot).state.pendingQuestion;
    if (!question || asked.has(question.id)) return;
    asked.add(question.id);
    queueMicrotask(() =>
      void Promise.resolve(app.handlers['question:answer']({ questionId: question.id, answer: answer(question) }, { signal })).catch((error: unknown) => {
        refused ??= error;
        void app.handlers['coach:stop'](undefined, { signal });
      }),
    );
  });
  try {
    await app.handlers['chat:send']({ text: 'hi' }, { signal });
    await app.idle();
    if (refused) throw new Error(`A card refused the bench's answer: ${String(refused)}`);
    return app.store.state.id;
  } finally {
    await app.dispose();
  }
}

/**
 * The data folder: the recorded session copied to every folder (the log as it is), each with its own meta.json and
 * start a few days apart, half with ticks, in rooms of `sessions` each.
 */
async function homeOfRooms(rooms: number, sessions: number): Promise<{ dataDir: string; decided: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidying-bench-rooms-'));
  const recorded = sessionPaths(dataDir, await recordSession(dataDir));
  const state = sessionOfLog((await readSessionLogTail(recorded.log)).events)!;
  const file: RoomsFile = { version: 1, rooms: [] };
  for (let room = 0; room < rooms; room += 1) {
    const ids: string[] = [];
    for (let visit = 0; visit < sessions; visit += 1) {
      const id = `r${room}-s${visit}`;
      const { dir } = sessionPaths(dataDir, id);
      await mkdir(dir, { recursive: true });
      await cp(recorded.log, path.join(dir, 'log.jsonl'));
      const startedAt = Date.UTC(2026, 0, 5) + (room + visit * rooms) * DAY;
      await writeSessionMeta(dir, metaFromState({ ...state, id, sessionStart: startedAt }, 'guided', startedAt + 3_600_000));
      const trips = progressOf(state, 0).trips;
      if (visit % 2 === 0 && trips[0]) await writeExitPlanTicks(dir, { version: 1, done: trips[0].lines.flat() });
      ids.push(id);
    }
    file.rooms.push({ id: `room-${room}`, createdAt: Date.UTC(2026, 0, 5), sessions: ids });
  }
  await rm(recorded.dir, { recursive: true });
  await writeRoomsFile(dataDir, file);
  return { dataDir, decided: state.itemsProcessed };
}

/** The median time of `work`, each run after an untimed `before`. */
async function medianMs(runs: number, work: () => Promise<unknown>, before: () => Promise<unknown> = async () => {}): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await before();
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

export async function measureRoomsHome(report: SectionReport, { rooms, sessions, runs }: { rooms: number; sessions: number; runs: number }): Promise<void> {
  const { dataDir, decided } = await homeOfRooms(rooms, sessions);
  try {
    const make = () =>
      new Rooms({
        dataDir,
        logger: createLogger({ sink: () => {} }),
        now: () => Date.UTC(2026, 11, 1),
        newId: () => 'unused',
        current: () => newSessionState('fresh', 0),
        removeSession: () => Promise.reject(new Error('The bench deletes nothing.')),
      });
    const whole = (home: Home) => {
      if (home.rooms.length !== rooms || home.rooms.some((room) => room.visits !== sessions)) throw new Error('Home does not show every room and session.');
    };
    const metaBytes = (await readFile(path.join(sessionPaths(dataDir, 'r0-s0').dir, 'meta.json'))).length;
    const logBytes = (await readFile(sessionPaths(dataDir, 'r0-s0').log)).length;
    report.say(`Home: ${rooms} rooms of ${sessions} sessions of ${decided} things decided each (meta.json ${(metaBytes / 1024).toFixed(1)} KiB, log ${(logBytes / 1024).toFixed(0)} KiB each)`);

    // What Home would cost if it learnt each session's figures from its log: the tail from the last checkpoint, folded.
    const ids = Array.from({ length: rooms * sessions }, (_, index) => `r${Math.floor(index / sessions)}-s${index % sessions}`);
    const logsMs = await medianMs(Math.max(1, Math.ceil(runs / 3)), () =>
      Promise.all(
        ids.map(async (id) => {
          const state = sessionOfLog((await readSessionLogTail(sessionPaths(dataDir, id).log)).events);
          return state && progressOf(state, 0);
        }),
      ),
    );
    report.figures([{ name: 'reading every session log', value: logsMs, unit: 'ms' }], ([logs]) => `  reading every session's log  ${fmt(logs!).padStart(10)}   (the baseline: what Home avoids)`);

    // The first Home of a run, the read at start included: what the window waits for at most, once.
    let started: Rooms | undefined;
    const firstHome = async () => {
      started = make();
      whole(await started.home());
    };
    // Each run's index is written after its Home is served, untimed.
    const settle = async () => started?.idle();
    const coldMs = await medianMs(runs, firstHome, async () => {
      await settle();
      await rm(homeIndexPath(dataDir), { force: true });
    });
    report.figures(
      [{ name: 'start, no index', value: coldMs, unit: 'ms', baseline: 'reading every session log' }],
      ([cold]) =>
        `  start with no index          ${fmt(cold!).padStart(10)}   ${(cold! / logsMs).toFixed(2)}x reading every log: every meta.json and exit-plan.json read, as each Home open did before`,
    );
    await settle();
    const indexBytes = (await stat(homeIndexPath(dataDir))).size;
    const indexedMs = await medianMs(runs, firstHome, settle);
    report.figures(
      [{ name: 'start from the index', value: indexedMs, unit: 'ms', baseline: 'start, no index' }],
      ([indexed]) =>
        `  start from home-index.json   ${fmt(indexed!).padStart(10)}   ${(indexed! / coldMs).toFixed(2)}x with no index: one file of ${(indexBytes / 1024).toFixed(0)} KiB, each file stat-checked; the first Home of a run waits for this at most (goal: under 150 ms)`,
    );

    await settle();
    const warm = make();
    whole(await warm.home());
    const warmMs = await medianMs(runs, async () => whole(await warm.home()));
    report.figures(
      [{ name: 'Home opens (warm)', value: warmMs, unit: 'ms', baseline: 'start, no index' }],
      ([opened]) =>
        `  Home opens, warm             ${fmt(opened!).padStart(10)}   ${(opened! / coldMs).toFixed(2)}x reading every meta.json as before; median of ${runs} (goal: under 150 ms for 50 rooms of 20, issue 34)`,
    );
    await warm.idle();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
