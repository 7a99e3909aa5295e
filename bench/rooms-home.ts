/**
 * Home at real volume (docs/rooms.md): `rooms` rooms of `sessions` sessions each, every one a real session folder
 * (a guided session recorded through the app core, 25 things decided, its log, its meta.json, half of them with exit-plan
 * ticks). The time Home takes to open, reading the rooms file and each session's meta.json and ticks only, beside the
 * baseline of reading every session's log (its tail from the last checkpoint, folded) to learn the same.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Answer, Question } from '../src/shared/questions/schema';
import type { SessionSnapshot } from '../src/shared/session/schema';
import type { RoomsFile } from '../src/shared/rooms/schema';
import { progressOf } from '../src/shared/sessions/progress';
import { createAppCore } from '../src/main/core/app-core';
import { manualClock, seededRandom } from '../src/main/effects';
import { writeExitPlanTicks } from '../src/main/exit-plan/ticks-file';
import { createLogger } from '../src/main/log/logger';
import { Rooms } from '../src/main/rooms';
import { writeRoomsFile } from '../src/main/rooms/file';
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
    if (question.kind === 'choice' && named < 30) return { kind: 'choice', selected: [], other: `${THINGS[named % THINGS.length]} ${Math.floor(named++ / THINGS.length) + 1}` };
    return { kind: 'stop' };
  };
  const signal = new AbortController().signal;
  const asked = new Set<string>();
  app.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const question = (event.payload as SessionSnapshot).state.pendingQuestion;
    if (!question || asked.has(question.id)) return;
    asked.add(question.id);
    queueMicrotask(() => void Promise.resolve(app.handlers['question:answer']({ questionId: question.id, answer: answer(question) }, { signal })).catch(() => {}));
  });
  try {
    await app.handlers['chat:send']({ text: 'hi' }, { signal });
    await app.idle();
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

async function medianMs(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

export async function measureRoomsHome(report: SectionReport, { rooms, sessions, runs }: { rooms: number; sessions: number; runs: number }): Promise<void> {
  const { dataDir, decided } = await homeOfRooms(rooms, sessions);
  try {
    const service = new Rooms({
      dataDir,
      logger: createLogger({ sink: () => {} }),
      now: () => Date.UTC(2026, 11, 1),
      newId: () => 'unused',
      current: () => newSessionState('fresh', 0),
      removeSession: () => Promise.reject(new Error('The bench deletes nothing.')),
    });
    const home = await service.home();
    if (home.rooms.length !== rooms || home.rooms.some((room) => room.visits !== sessions)) throw new Error('Home does not show every room and session.');
    const metaBytes = (await readFile(path.join(sessionPaths(dataDir, 'r0-s0').dir, 'meta.json'))).length;
    const logBytes = (await readFile(sessionPaths(dataDir, 'r0-s0').log)).length;
    report.say(`Home: ${rooms} rooms of ${sessions} sessions of ${decided} things decided each (meta.json ${(metaBytes / 1024).toFixed(1)} KiB, log ${(logBytes / 1024).toFixed(0)} KiB each)`);
    const homeMs = await medianMs(runs, () => service.home());
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
    report.figures(
      [
        { name: 'reading every session log', value: logsMs, unit: 'ms' },
        { name: 'Home (meta.json and ticks only)', value: homeMs, unit: 'ms', baseline: 'reading every session log' },
      ],
      ([logs, opened]) => `  Home opens               ${fmt(opened!).padStart(10)}   ${(opened! / logs!).toFixed(2)}x reading every session's log (${fmt(logs!)}); median of ${runs} (goal: under 150 ms for 50 rooms of 20, issue 29)`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
