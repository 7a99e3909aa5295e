/**
 * Runs a logged session again with the current code and templates: every turn goes through the same session
 * runtime the app uses, on a journal that serves time, randomness, the model and the answers from the log in the
 * order they happened (no network), with the person's inputs applied at their places. What each turn changed is
 * compared with what the log says it changed.
 */
import { setImmediate } from 'node:timers/promises';
import { applyJsonPatch, diffJson, jsonEqual, toJson } from '../../shared/json-patch';
import type { SessionState } from '../../shared/session/schema';
import { SessionRuntime, type CoachKind } from '../coach-runtime/session-runtime';
import { capabilitiesOf } from '../coach';
import { readModelCopy, readPointCrop } from '../photos';
import {
  applyInput,
  differences,
  formatDifferences,
  hashTemplates,
  Journal,
  ReplayDivergenceError,
  type CoachMemory,
  type Divergence,
  type LogEvent,
  type LogEventOf,
  type ModelSummary,
  type SessionDocument,
} from '../session-log';
import type { TemplateRenderer } from '../templates';

export interface CheckOptions {
  readonly templates: TemplateRenderer;
  /** The session's photo folder (the model copies the turns showed the model). */
  readonly photosDir: string;
}

export interface CheckResult {
  /** Turns whose changes matched the log. */
  readonly turnsChecked: number;
  readonly divergence?: Divergence;
}

export interface SessionCheck extends CheckResult {
  /** Templates whose bytes differ from the ones the session was recorded with. */
  readonly changedTemplates: readonly string[];
}

export async function checkSession(events: readonly LogEvent[], options: CheckOptions): Promise<SessionCheck> {
  const started = sessionStarted(events);
  const now = await hashTemplates(options.templates.dir);
  const changedTemplates = Object.keys({ ...started.templates, ...now })
    .filter((file) => started.templates[file] !== now[file])
    .sort();
  const { turnsChecked, divergence } = await replayLog(events, options);
  return { turnsChecked, ...(divergence ? { divergence } : {}), changedTemplates };
}

export interface ReplayedLog extends CheckResult {
  /** The coach's memory after the last turn replayed (what a resumed version-1 session continues with). */
  readonly memory?: CoachMemory;
}

/**
 * Replays every complete turn of a log and stops at the first divergence. Each stretch of the log runs with the
 * coach and model capabilities the log says it ran with (`session-started`, then each `session-resumed`), and at
 * a resume the runtime is rebuilt from the session and memory as they were, as the app rebuilt it.
 */
export async function replayLog(events: readonly LogEvent[], options: CheckOptions): Promise<ReplayedLog> {
  const started = sessionStarted(events);
  const lastEnd = events.findLastIndex((event) => event.type === 'turn-ended');
  const opening = events.findIndex((event) => event.type === 'turn-ended');
  const openingEvent = events[opening] as LogEventOf<'turn-ended'> | undefined;
  if (!openingEvent?.checkpoint) return { turnsChecked: 0 };
  const resumes = new Map(
    events.flatMap((event) => (event.type === 'session-resumed' ? [[event.from, event] as const] : [])),
  );

  const journal = new Journal({ recorded: events.slice(opening + 1, lastEnd + 1), mode: 'check', firstTurn: 1 });
  let state: SessionState = openingEvent.checkpoint.session;
  /** The replayed document at the last turn's end, with the inputs since applied: what this turn's changes are against. */
  let base: SessionDocument = { session: state, ...(openingEvent.checkpoint.coach ? { coach: openingEvent.checkpoint.coach } : {}) };
  /** The document the log folds to. */
  let logged: SessionDocument = openingEvent.checkpoint;
  const runtimeFor = (segment: { coach: CoachKind; model: ModelSummary }, memory: CoachMemory | undefined) =>
    new SessionRuntime({
      state: { get: () => state, set: (next) => void (state = next) },
      effects: {
        time: journal.time,
        random: journal.random,
        llm: segment.model.configured === false ? undefined : journal.llm,
        questions: journal.questions,
      },
      coachKind: segment.coach,
      capabilities: capabilitiesOf(segment.model),
      templates: options.templates,
      log: { write: () => {} },
      photoBytes: (id) => readModelCopy(options.photosDir, id),
      pointBytes: (point) => readPointCrop(options.photosDir, point),
      onActivity: () => {},
      ...(memory ? { memory } : {}),
    });
  let runtime = runtimeFor(started, openingEvent.checkpoint.coach);
  let turn: { controller: AbortController; done: Promise<unknown> } | undefined;
  let turnsChecked = 0;
  let turnStart = openingEvent.seq;

  const input = (event: Parameters<typeof applyInput>[1]) => {
    state = applyInput(state, event);
    base = { ...base, session: applyInput(base.session, event) };
    logged = { ...logged, session: applyInput(logged.session, event) };
  };

  await journal.play({
    input,
    turnStarted(event) {
      input(event);
      const controller = new AbortController();
      turn = { controller, done: runtime.runTurn(event, controller.signal).then(() => undefined, (error: unknown) => error) };
    },
    turnStopped: () => turn?.controller.abort(),
    async turnEnded(event) {
      const failure = turn ? await settledOrStalled(turn.done) : undefined;
      turn = undefined;
      if (journal.divergence) return;
      if (failure === STALLED) {
        journal.diverge({ effect: 'state', seq: event.seq, message: 'the turn did not end where the recording’s turn ended: it waits for something the recording does not hold' });
        return;
      }
      if (failure !== undefined && !(failure instanceof ReplayDivergenceError)) {
        // A turn that failed live logged why; failing the same way is what the recording says happened.
        const message = failure instanceof Error ? failure.message : String(failure);
        const loggedFailure = events.some((logged) => logged.type === 'error' && !logged.effect && logged.seq > turnStart && logged.seq < event.seq && logged.message === message);
        if (!loggedFailure) {
          journal.diverge({ effect: 'state', seq: event.seq, message: `the turn failed: ${message}` });
          return;
        }
      }
      const memory = runtime.memory();
      const replayed: SessionDocument = { session: state, ...(memory ? { coach: memory } : {}) };
      const expected = event.checkpoint ?? applyJsonPatch(logged, event.changes ?? []);
      // A version-1 checkpoint holds the session only: the coach's memory was not logged then.
      const comparable = (document: SessionDocument) => (expected.coach === undefined ? { session: document.session } : document);
      const matches = event.checkpoint
        ? jsonEqual(comparable(expected), comparable(replayed))
        : jsonEqual(diffJson(base, replayed), event.changes);
      if (!matches) {
        const found = differences(comparable(expected), toJson(comparable(replayed)));
        journal.diverge({ effect: 'state', seq: event.seq, message: `the turn changed the session another way:\n${formatDifferences(found)}`, differences: found });
        return;
      }
      turnsChecked += 1;
      turnStart = event.seq;
      logged = expected;
      base = replayed;
      const resumed = resumes.get(event.seq);
      if (resumed) runtime = runtimeFor(resumed, resumed.memory === 'fresh' ? undefined : memory);
    },
  });
  const memory = runtime.memory();
  return { turnsChecked, ...(journal.divergence ? { divergence: journal.divergence } : {}), ...(memory ? { memory } : {}) };
}

function sessionStarted(events: readonly LogEvent[]): LogEventOf<'session-started'> {
  const started = events.find((event) => event.type === 'session-started');
  if (!started) throw new Error('The log has no session-started line: it is not a whole session log.');
  return started;
}

const STALLED = Symbol('stalled');

/** The turn's outcome once it has settled; replay code only waits on the journal, so a few rounds are plenty. */
async function settledOrStalled(done: Promise<unknown>): Promise<unknown> {
  let outcome: unknown = STALLED;
  void done.then((value) => (outcome = value));
  for (let round = 0; round < 3 && outcome === STALLED; round += 1) await setImmediate();
  return outcome;
}
