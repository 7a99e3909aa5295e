/**
 * Replay: time, random, the model and questions served from a session log, in the order they were recorded,
 * with no clock, no network and no person. Each effect has its own queue. A model request that differs from
 * the recorded one, a read of the wrong kind, or a read past the end of the recording is a divergence: it is
 * reported (with the turn it happened in) and the read throws, so replay never silently goes its own way.
 */
import type { Clock, Llm, QuestionUi, Random } from '../effects';
import { LlmFaultError } from '../effects';
import type { Question, Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { differences, formatDifferences, type Difference } from './diff';
import { asLlmResponse, type LogEvent, type LogEventOf } from './events';
import { canonicalJson, changedParts, requestFingerprint } from './fingerprint';

export type ReplayedEffect = 'clock' | 'random' | 'llm' | 'question';

export interface Divergence {
  /** 1-based: the turn the recording was in when replay went another way. */
  readonly turn: number;
  readonly effect: ReplayedEffect | 'state';
  /** The recorded line replay expected next, when there was one. */
  readonly seq?: number;
  readonly message: string;
  /** For a state divergence: where the replayed state differs from the logged snapshot. */
  readonly differences?: readonly Difference[];
}

export class ReplayDivergenceError extends Error {
  override readonly name = 'ReplayDivergenceError';
  constructor(readonly divergence: Divergence) {
    super(`Replay diverged in turn ${divergence.turn}: ${divergence.message}`);
  }
}

export interface ReplayOptions {
  readonly onDivergence?: (divergence: Divergence) => void;
}

export interface ReplayEffects {
  readonly time: Clock;
  readonly random: Random;
  readonly llm: Llm;
  readonly question: QuestionUi<unknown, Resolution>;
  /** The first divergence; after it every replayed read throws. */
  readonly divergence: Divergence | undefined;
  /** Recorded values not consumed yet, per effect. */
  remaining(): Record<ReplayedEffect, number>;
}

interface Recorded<E extends LogEvent = LogEvent> {
  readonly event: E;
  readonly turn: number;
}

type QuestionEvent = LogEventOf<'question-asked' | 'question-closed' | 'error'>;
type LlmEvent = LogEventOf<'model-request' | 'model-response' | 'model-error'>;

class Queue<E extends LogEvent> {
  #next = 0;
  constructor(
    readonly items: readonly Recorded<E>[],
    /** The turn after the last one recorded, for reads past the end. */
    readonly endTurn: number,
  ) {}
  peek(): Recorded<E> | undefined {
    return this.items[this.#next];
  }
  take(): Recorded<E> | undefined {
    const item = this.items[this.#next];
    if (item) this.#next += 1;
    return item;
  }
  get remaining(): number {
    return this.items.length - this.#next;
  }
}

export function replayEffects(events: readonly LogEvent[], options: ReplayOptions = {}): ReplayEffects {
  const clock: Recorded<LogEventOf<'clock'>>[] = [];
  const random: Recorded<LogEventOf<'random'>>[] = [];
  const llm: Recorded<LlmEvent>[] = [];
  const question: Recorded<QuestionEvent>[] = [];
  let turn = 1;
  for (const event of events) {
    if (event.type === 'clock') clock.push({ event, turn });
    else if (event.type === 'random') random.push({ event, turn });
    else if (event.type === 'model-request' || event.type === 'model-response' || event.type === 'model-error') llm.push({ event, turn });
    else if (event.type === 'question-asked' || event.type === 'question-closed' || (event.type === 'error' && event.effect === 'question')) {
      question.push({ event, turn });
    } else if (event.type === 'turn-ended') turn += 1;
  }
  const queues = {
    clock: new Queue(clock, turn),
    random: new Queue(random, turn),
    llm: new Queue(llm, turn),
    question: new Queue(question, turn),
  };
  let divergence: Divergence | undefined;

  const diverge = (effect: ReplayedEffect, at: Recorded | undefined, endTurn: number, message: string): never => {
    if (!divergence) {
      divergence = { turn: at?.turn ?? endTurn, effect, ...(at ? { seq: at.event.seq } : {}), message };
      options.onDivergence?.(divergence);
    }
    throw new ReplayDivergenceError(divergence);
  };
  const guard = () => {
    if (divergence) throw new ReplayDivergenceError(divergence);
  };

  const readClock = (source: 'now' | 'monotonic'): number => {
    guard();
    const next = queues.clock.peek();
    if (!next) return diverge('clock', undefined, queues.clock.endTurn, `the clock was read (${source}) after the recording's last clock read`);
    if (next.event.source !== source) {
      return diverge('clock', next, queues.clock.endTurn, `the clock was read as ${source} where the recording read ${next.event.source}`);
    }
    queues.clock.take();
    return next.event.value;
  };

  function draw(kind: 'float', next: Recorded<LogEventOf<'random'>> | undefined): number;
  function draw(kind: 'id', next: Recorded<LogEventOf<'random'>> | undefined): string;
  function draw(kind: 'float' | 'id', next: Recorded<LogEventOf<'random'>> | undefined): number | string {
    guard();
    if (!next) return diverge('random', undefined, queues.random.endTurn, `a random ${kind} was drawn after the recording's last draw`);
    if (next.event.draw.kind !== kind) {
      return diverge('random', next, queues.random.endTurn, `a random ${kind} was drawn where the recording drew a ${next.event.draw.kind}`);
    }
    queues.random.take();
    return next.event.draw.value;
  }

  const replayedLlm: Llm = {
    generate(request) {
      guard();
      const sent = queues.llm.peek();
      if (!sent) {
        return diverge('llm', undefined, queues.llm.endTurn, 'the model was called after the recording\'s last model call');
      }
      if (sent.event.type !== 'model-request') {
        return diverge('llm', sent, queues.llm.endTurn, `the recording has a ${sent.event.type} without its request here`);
      }
      const replayed = requestFingerprint(request);
      if (replayed.fingerprint !== sent.event.fingerprint) {
        const parts = changedParts(sent.event.parts, replayed.parts);
        return diverge('llm', sent, queues.llm.endTurn, `the model request differs from the recorded one in: ${parts.join(', ')}`);
      }
      queues.llm.take();
      const answer = queues.llm.peek();
      if (!answer || answer.event.type === 'model-request') {
        return diverge('llm', answer, queues.llm.endTurn, 'the recording ends before the model answered this request');
      }
      queues.llm.take();
      if (answer.event.type === 'model-error') return Promise.reject(new LlmFaultError(answer.event.fault));
      const response = asLlmResponse(structuredClone(answer.event.response));
      if (response.text) request.onText?.(response.text);
      return Promise.resolve(response);
    },
  };

  const replayedQuestions: QuestionUi<unknown, Resolution> = {
    ask(spec) {
      guard();
      const asked = queues.question.peek();
      if (!asked) return diverge('question', undefined, queues.question.endTurn, 'a question was asked after the recording\'s last question');
      if (asked.event.type !== 'question-asked') {
        return diverge('question', asked, queues.question.endTurn, `the recording has a ${asked.event.type} without its question here`);
      }
      if (canonicalJson(spec) !== canonicalJson(asked.event.spec)) {
        const found = formatDifferences(differences(asked.event.spec, JSON.parse(canonicalJson(spec))));
        return diverge('question', asked, queues.question.endTurn, `a different question was asked:\n${found}`);
      }
      queues.question.take();
      const closed = queues.question.peek();
      if (!closed || closed.event.type === 'question-asked') {
        return diverge('question', closed, queues.question.endTurn, 'the recording ends while this question is open');
      }
      queues.question.take();
      if (closed.event.type === 'error') return Promise.reject(new Error(closed.event.message));
      return Promise.resolve(structuredClone(closed.event.resolution));
    },
  };

  return {
    time: { now: () => readClock('now'), monotonic: () => readClock('monotonic') },
    random: { float: () => draw('float', queues.random.peek()), id: () => draw('id', queues.random.peek()) },
    llm: replayedLlm,
    question: replayedQuestions,
    get divergence() {
      return divergence;
    },
    remaining: () => ({
      clock: queues.clock.remaining,
      random: queues.random.remaining,
      llm: queues.llm.remaining,
      question: queues.question.remaining,
    }),
  };
}

/** The log cut into turns: each ends with its `turn-ended` (the last may be the turn in flight, without one). */
export interface LoggedTurn {
  /** 1-based. */
  readonly turn: number;
  readonly events: readonly LogEvent[];
  /** The state snapshot that closed the turn. */
  readonly state?: SessionState;
}

export function turnsOf(events: readonly LogEvent[]): LoggedTurn[] {
  const turns: LoggedTurn[] = [];
  let current: LogEvent[] = [];
  for (const event of events) {
    current.push(event);
    if (event.type === 'turn-ended') {
      turns.push({ turn: turns.length + 1, events: current, state: event.state });
      current = [];
    }
  }
  if (current.some((event) => event.type !== 'session-started')) turns.push({ turn: turns.length + 1, events: current });
  return turns;
}

export interface RebuiltSession {
  readonly started?: LogEventOf<'session-started'>;
  /** The state after the last complete turn; undefined before any turn ended. */
  readonly state?: SessionState;
  /** Complete turns. */
  readonly turns: number;
  /** Everything after the last `turn-ended`: the turn in flight when the log stopped. */
  readonly inFlight: readonly LogEvent[];
  /** What the person sent in the turn in flight. */
  readonly pendingMessages: readonly LogEventOf<'person-message'>[];
  /** Answers given in the turn in flight: on disk, not yet in `state`. */
  readonly answeredInFlight: readonly { readonly question?: Question; readonly resolution: Resolution }[];
  /** Asked and never closed: show it again with its original id and expiry. */
  readonly openQuestion?: Question;
}

export function rebuildState(events: readonly LogEvent[]): RebuiltSession {
  let started: LogEventOf<'session-started'> | undefined;
  let state: SessionState | undefined;
  let turns = 0;
  let lastTurnEnd = -1;
  let open: LogEventOf<'question-asked'> | undefined;
  for (const [index, event] of events.entries()) {
    if (event.type === 'session-started') started ??= event;
    else if (event.type === 'turn-ended') {
      state = event.state;
      turns += 1;
      lastTurnEnd = index;
    } else if (event.type === 'question-asked') open = event;
    else if (event.type === 'question-closed' || (event.type === 'error' && event.effect === 'question')) open = undefined;
  }
  const inFlight = events.slice(lastTurnEnd + 1);
  const answeredInFlight: { question?: Question; resolution: Resolution }[] = [];
  let asked: Question | undefined;
  for (const event of inFlight) {
    if (event.type === 'question-asked') asked = event.question;
    if (event.type === 'question-closed') {
      answeredInFlight.push({ ...(asked ? { question: asked } : {}), resolution: event.resolution });
      asked = undefined;
    }
  }
  return {
    ...(started ? { started } : {}),
    ...(state ? { state } : {}),
    turns,
    inFlight,
    pendingMessages: inFlight.filter((event): event is LogEventOf<'person-message'> => event.type === 'person-message'),
    answeredInFlight,
    ...(open?.question ? { openQuestion: open.question } : {}),
  };
}

export interface CheckResult {
  /** Turns whose state matched the logged snapshot. */
  readonly turnsChecked: number;
  readonly divergence?: Divergence;
}

/**
 * The heart of `replay --check`: runs every complete turn of the log again with the current code through
 * `run` (which plays the turn on `effects`, built from the same events, and returns the state after it) and
 * stops at the first divergence: an effect that went another way, or a state unlike the logged snapshot.
 */
export async function checkReplay(
  events: readonly LogEvent[],
  effects: ReplayEffects,
  run: (turn: LoggedTurn) => Promise<SessionState>,
): Promise<CheckResult> {
  let turnsChecked = 0;
  for (const turn of turnsOf(events)) {
    if (!turn.state) break;
    let state: SessionState | undefined;
    let failure: unknown;
    try {
      state = await run(turn);
    } catch (error) {
      failure = error;
    }
    if (effects.divergence) return { turnsChecked, divergence: effects.divergence };
    if (failure !== undefined) {
      const message = failure instanceof Error ? failure.message : String(failure);
      return { turnsChecked, divergence: { turn: turn.turn, effect: 'state', message: `the turn failed: ${message}` } };
    }
    // Through JSON like the logged snapshot, so an undefined field is no difference; key order never is.
    const found = differences(turn.state, JSON.parse(JSON.stringify(state)));
    if (found.length > 0) {
      return {
        turnsChecked,
        divergence: { turn: turn.turn, effect: 'state', message: `the state after the turn differs:\n${formatDifferences(found)}`, differences: found },
      };
    }
    turnsChecked += 1;
  }
  return { turnsChecked };
}
