/**
 * Test support: the replay property, run by one test file per coach setup (replay.property.*.test.ts in
 * src/main/sessions), so that two test workers share it. For every session: what the live app recorded, `replay --check` plays back with zero divergences, and the log
 * folds to the state the app ended with. Sessions are drawn at random over both coaches (the guided one with and
 * without a model, the conversational one), with photos arriving in batches, cards answered, skipped and timing out,
 * messages sent while the coach is still busy, Stop at any moment, "Stop for today" on a card or in the header at any
 * moment (idle, a card open, mid-reply, ended), Undo on the last answer (and on one overtaken), sprints running out, paused, resumed and their
 * breaks skipped, model faults and retries, a model whose tool calls start failing (the guided coach takes over), a
 * small context window the coach's history is cut to, points at a photo (between cards, or answering a card that
 * takes one), restarts and crashes (the data folder as it was on disk at a random instant, picked up by a new core).
 */
import fc from 'fast-check';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Answer, Question } from '../src/shared/questions/schema';
import type { SessionSnapshot, SessionState } from '../src/shared/session/schema';
import type { AppCore } from '../src/main/core/app-core';
import { manualClock, seededRandom } from '../src/main/effects';
import type { Timers } from '../src/main/effects';
import { checkSession } from '../src/main/replay/check';
import { foldLog, readSessionLog, sessionOfLog } from '../src/main/session-log';
import { createTemplateRenderer } from '../src/main/templates';
import { sessionLeavingUnsure } from './carry-over';
import { expectCountsAddUp } from './counts';
import { memoryLogger, TEMPLATES_DIR, testCore } from './fixtures';
import { rulesLlm, type ToolFumble } from './rules-llm';

const signal = new AbortController().signal;
const templates = createTemplateRenderer(TEMPLATES_DIR);
const folders: string[] = [];

export type CoachSetup = 'guided' | 'guided with a model' | 'conversational';

type Action =
  | { readonly kind: 'say'; readonly text: string }
  | { readonly kind: 'photos'; readonly count: number }
  | { readonly kind: 'answer'; readonly pick: number }
  | { readonly kind: 'time out' }
  | { readonly kind: 'stop' }
  /** "Stop for today" in the header. */
  | { readonly kind: 'stop for today' }
  /** Undo on the last answer, as the page shows it (`stale`: an Undo for an answer that is not the last one). */
  | { readonly kind: 'undo'; readonly stale: boolean }
  | { readonly kind: 'wait' }
  | { readonly kind: 'restart' }
  | { readonly kind: 'crash' }
  | { readonly kind: 'new session' }
  /** Home: a room picked (`room` indexes the rooms; past the last, a new room). */
  | { readonly kind: 'visit room'; readonly room: number }
  /** A point at a photo: a cell of a 10 x 10 grid and a size in cells; `photo` picks which of the session's. */
  | { readonly kind: 'point'; readonly photo: number; readonly x: number; readonly y: number; readonly size: number }
  | { readonly kind: 'sprint'; readonly action: 'pause' | 'resume' | 'skipBreak' };

const FUMBLES: readonly ToolFumble[] = ['invalid-arguments', 'written-as-text', 'refused'];

const LINES = ['idk where to start', 'work, I design', 'a mug', 'next', "I'm stuck", 'old papers', 'trash it', 'I need to stop', 'usb cable'];

/** The highest pick an answer draws (see `answerFor`). */
const MAX_PICK = 20;

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...LINES).map((text): Action => ({ kind: 'say', text })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((count): Action => ({ kind: 'photos', count })) },
  { weight: 6, arbitrary: fc.integer({ min: 0, max: MAX_PICK }).map((pick): Action => ({ kind: 'answer', pick })) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'time out' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'stop' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'stop for today' }) },
  { weight: 2, arbitrary: fc.boolean().map((stale): Action => ({ kind: 'undo', stale })) },
  { weight: 4, arbitrary: fc.constant<Action>({ kind: 'wait' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'restart' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'crash' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: 'new session' }) },
  { weight: 1, arbitrary: fc.nat(3).map((room): Action => ({ kind: 'visit room', room })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ photo: fc.nat(9), x: fc.nat(9), y: fc.nat(9), size: fc.integer({ min: 1, max: 5 }) })
      .map((at): Action => ({ kind: 'point', ...at })),
  },
  { weight: 1, arbitrary: fc.constantFrom('pause' as const, 'resume' as const, 'skipBreak' as const).map((action): Action => ({ kind: 'sprint', action })) },
);

/**
 * A valid answer to any card, by a number; the pick also decides between the offered choices, unsure and Other, and
 * the last pick is the card's own "Stop for today".
 */
function answerFor(question: Question, pick: number): Answer {
  if (pick === MAX_PICK) return { kind: 'stop' };
  switch (question.kind) {
    case 'disposition': {
      const picks = [
        ...question.choices.map((_, index) => ({ type: 'choice' as const, index })),
        { type: 'unsure' as const },
        { type: 'other' as const, text: 'shelf' },
        { type: 'skip' as const },
        ...(question.each ? [{ type: 'each' as const }] : []),
      ];
      return { kind: 'disposition', pick: picks[pick % picks.length]! };
    }
    case 'choice': {
      const choice = question.choices[pick % question.choices.length]!;
      const followUp = choice.followUp?.choices[0];
      return { kind: 'choice', selected: [choice.label], ...(followUp ? { followUp: [followUp] } : {}) };
    }
    case 'confirm':
      return { kind: 'confirm', yes: pick % 2 === 0 };
    case 'text':
      return { kind: 'text', text: pick % 3 === 0 ? '' : 'a mug' };
  }
}

/** Answers a card; one that closed meanwhile (timed out, stopped) refuses the answer, as the GUI would be told. */
async function answer(core: AppCore, question: Question, pick: number): Promise<void> {
  try {
    await core.handlers['question:answer']({ questionId: question.id, answer: answerFor(question, pick) }, { signal });
  } catch {
    return;
  }
}

/** Timers the test fires by hand: a card's five minutes pass when the test says so. */
function manualTimers(): Timers & { fireAll(): void } {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    set(callback) {
      pending.set(++next, callback);
      return next;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
    fireAll() {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback();
    },
  };
}

/**
 * A strip of blocky texture the photos are cut from, each window a few blocks on from the last: consecutive photos
 * overlap, as a phone's pan does, so detected photos carry overlaps through the log (docs/detection.md).
 */
const STRIP = { width: 400, height: 32, block: 4 };
const strip = Buffer.alloc(STRIP.width * STRIP.height * 3);
for (let index = 0; index < strip.length; index += 1) {
  const pixel = Math.floor(index / 3);
  const block = Math.floor((pixel % STRIP.width) / STRIP.block) * 31 + Math.floor(pixel / STRIP.width / STRIP.block) * 7919 + (index % 3) * 104729;
  strip[index] = Math.imul(block ^ (block >>> 7), 2654435761) >>> 24;
}

const photo = (n: number) =>
  sharp(strip, { raw: { width: STRIP.width, height: STRIP.height, channels: 3 } })
    .extract({ left: (n * 12) % (STRIP.width - 60), top: 0, width: 48 + (n % 7), height: STRIP.height })
    .jpeg()
    .toBuffer();

/** Copies a folder file by file as it is now, while the app may be writing to it (a file that vanishes is skipped). */
async function copyAsOnDisk(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    const bytes = await readFile(source).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!bytes) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
}

/** Resolves once the coach has nothing running or waiting, or waits for the person (a card is open). */
async function settled(core: AppCore): Promise<void> {
  let stop: (() => void) | undefined;
  const asked = new Promise<void>((resolve) => {
    if (core.store.state.pendingQuestion) return resolve();
    stop = core.onPush((event) => {
      if (event.channel === 'session:changed' && (event.payload as SessionSnapshot).state.pendingQuestion) resolve();
    });
  });
  await Promise.race([core.idle(), asked]);
  stop?.();
}

async function runSession(setup: CoachSetup, seed: number, actions: readonly Action[]): Promise<void> {
  let dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-property-'));
  folders.push(dataDir);
  const draw = seededRandom(seed);
  const random = () => draw.float();
  // One clock and one source of ids for every core of the run, as one machine's would be across restarts.
  const clock = manualClock(Date.UTC(2026, 10, 23, 9));
  const ids = seededRandom(seed + 1);
  let timers = manualTimers();
  // A third of the conversational runs get a model whose tool calls go wrong from some point on; a quarter, a model
  // with a context window so small the history is cut at almost every step.
  const fumbles = setup === 'conversational' && seed % 3 === 0 ? { from: seed % 4, how: FUMBLES[Math.floor(seed / 3) % FUMBLES.length]! } : undefined;
  const contextTokens = setup === 'conversational' && seed % 4 === 1 ? 3_000 : undefined;
  // A third of the runs detect things in their photos with the real on-device detector; the rest run as on a
  // machine without it. Both are sessions people have, and a detector's worker costs over a second of CPU to start
  // in every core a run opens, which in every run made this the slowest test of the suite.
  const detects = seed % 3 === 0;
  const model = setup === 'guided' ? undefined : rulesLlm({ random, faultRate: 0.08, maxDelayMs: 6, ...(fumbles ? { toolFumbles: fumbles } : {}) });
  const open = () => {
    timers = manualTimers();
    return testCore({
      dataDir,
      logger: memoryLogger(),
      time: clock,
      random: ids,
      timers,
      retry: { minDelayMs: 0, maxDelayMs: 1 },
      llm: model,
      model: { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true, ...(contextTokens ? { contextTokens } : {}) },
      ...(setup === 'guided with a model' ? { coachPreference: 'guided' as const } : {}),
      ...(detects ? {} : { detection: { lookup: () => ({ missing: 'This run plays a machine without the detector.' }) } }),
    });
  };
  // Half the runs start after an earlier session that left things unsure, so Next time has something to offer.
  if (seed % 2 === 0) await sessionLeavingUnsure(dataDir, ['old mug', 'shoebox']);
  let core = open();
  let photos = 0;
  try {
    for (const step of actions) {
      clock.advance(1_000);
      const state = core.store.state;
      switch (step.kind) {
        case 'say':
          if (state.status === 'active') await core.handlers['chat:send']({ text: step.text }, { signal });
          break;
        case 'photos': {
          const uploads = await Promise.all(Array.from({ length: step.count }, async () => core.stageUpload(`photo-${++photos}.jpg`, await photo(photos))));
          await core.handlers['photos:import']({ uploads, paths: [] }, { signal });
          break;
        }
        case 'answer': {
          const question = state.pendingQuestion;
          if (question) await answer(core, question, step.pick);
          break;
        }
        case 'time out':
          // Every timer at once: open cards time out, and a sprint's (or a break's) time is up.
          timers.fireAll();
          break;
        case 'sprint':
          await core.handlers['sprint:control']({ action: step.action }, { signal });
          break;
        case 'stop':
          await core.handlers['coach:stop'](undefined, { signal });
          break;
        case 'stop for today':
          await core.handlers['session:windDown'](undefined, { signal });
          break;
        case 'undo': {
          const answer = step.stale ? 'no-longer-last' : state.lastAnswer?.id;
          if (answer) await core.handlers['session:undo']({ answer }, { signal });
          break;
        }
        case 'wait':
          await settled(core);
          break;
        case 'restart':
          await core.dispose();
          core = open();
          await core.resumeLatest();
          break;
        case 'crash': {
          // The data folder as it is on disk this instant: whatever the old process had not written is lost.
          const image = await mkdtemp(path.join(os.tmpdir(), 'tidy-property-crash-'));
          folders.push(image);
          await copyAsOnDisk(dataDir, image);
          const crashed = core;
          dataDir = image;
          core = open();
          await crashed.dispose();
          await core.resumeLatest();
          break;
        }
        case 'new session':
          await core.handlers['session:new'](undefined, { signal });
          break;
        case 'point': {
          if (state.status !== 'active') break;
          // Someone who points has a photo to point at: with none yet, they add one first.
          if (state.photos.length === 0) {
            await core.handlers['photos:import']({ uploads: [core.stageUpload(`photo-${++photos}.jpg`, await photo(photos))], paths: [] }, { signal });
            await settled(core);
          }
          // On a card that takes a point, the point answers it; between cards it is the person's turn.
          const now = core.store.state;
          const target = now.photos[step.photo % Math.max(1, now.photos.length)];
          if (!target || now.status !== 'active') break;
          const box = { x: step.x / 10, y: step.y / 10, width: Math.min(step.size, 10 - step.x) / 10, height: Math.min(step.size, 10 - step.y) / 10 };
          const point = { photoId: target.id, box };
          const question = now.pendingQuestion;
          try {
            if (question?.pointing) await core.handlers['question:answer']({ questionId: question.id, answer: { kind: 'point', point } }, { signal });
            else await core.handlers['point:send']({ point }, { signal });
          } catch (error) {
            // A card that closed meanwhile, or a session that ended, refuses it, as the GUI would be told; nothing else may.
            if ((error as { code?: string }).code !== 'closed') throw error;
          }
          break;
        }
        case 'visit room': {
          // Home: a room picked starts a session that knows it (what the room's last session left comes with it), or
          // goes back to the session under way there; past the last room, a new room.
          const { rooms } = await core.handlers['rooms:home'](undefined, { signal });
          const room = rooms[step.room];
          await core.handlers['rooms:visit'](room ? { id: room.id } : { newRoom: true }, { signal });
          break;
        }
      }
      // Let the coach run a little, so the next action may land in the middle of a turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // A few more cards answered; then the app closes (the guided coach offline would ask on for as long as answers come).
    for (let rounds = 0; rounds < 5; rounds += 1) {
      await settled(core);
      const question = core.store.state.pendingQuestion;
      if (!question) break;
      await answer(core, question, rounds);
    }
  } finally {
    await core.dispose().catch(() => {});
  }
  const last = core.store.state;
  await expectEverySessionReplays(dataDir, last);
}

async function expectEverySessionReplays(dataDir: string, live: SessionState): Promise<void> {
  const root = path.join(dataDir, 'sessions');
  const ids = await readdir(root).catch(() => [] as string[]);
  for (const id of ids) {
    const folder = path.join(root, id);
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    const check = await checkSession(events, { templates, photosDir: path.join(folder, 'photos') });
    expect(check.divergence, `session ${id}: ${check.divergence?.message}`).toBeUndefined();
    const folded = foldLog(events);
    expect(check.turnsChecked).toBe(folded.turns - 1);
    // What the window would show of it adds up to what was decided, after every crash, resume and replay.
    const folds = sessionOfLog(events);
    if (folds) expectCountsAddUp(folds, `session ${id}`);
    if (id === live.id) {
      // The fold, with what the person did after the last turn (photos added to an ended session, say).
      const session = sessionOfLog(events);
      const { pendingQuestion: _open, ...ended } = live;
      expect(session).toEqual(ended);
    }
  }
}

/**
 * The property for one coach setup: `runs` random sessions (PROPERTY_RUNS overrides it), each replaying with
 * --check. A session that hangs fails its run (with the actions that led there) instead of the whole test.
 */
export function describeReplayProperty(title: string, setup: CoachSetup, runs: number): void {
  describe('every recorded session replays with --check, whatever happened live', () => {
    afterAll(async () => {
      await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
    });
    it(title, { timeout: 600_000 }, () =>
      fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), fc.array(action, { minLength: 4, maxLength: 24 }), (seed, actions) =>
          runSession(setup, seed, actions),
        ),
        { numRuns: Number(process.env.PROPERTY_RUNS ?? runs), timeout: 60_000 },
      ),
    );
  });
}
