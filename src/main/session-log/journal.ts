/**
 * The journal: the session's effects (time, randomness, the model, the questions) as one ordered record.
 *
 * Live, every read goes to the live effect and its result is appended to the log. In replay, reads are served
 * from the log in the order it holds them: a synchronous read (the clock, a random draw) and the start of a call
 * (a model request, a question) must be the next line; a call's answer is released only when the log reaches it,
 * after everything before it has happened; and `play` feeds the person's inputs (messages, photos, Stop, the
 * start and end of turns) at their places in between. Because replay code has nothing else to wait for, the
 * order the live app saw (calls answered out of order, a message arriving while the model thinks, Stop in the
 * middle of a stream, a question timing out) comes back exactly.
 *
 * Live, an answer reaches the code only once its line is written; what the person does while that write is under
 * way (`admit`) is held back until the code has gone on to its next wait, so the log's order stays the order the
 * code saw, and replay, which releases the answer at once, sees the same.
 *
 * A read the log does not hold is a divergence. In `check` mode it is reported and every later read throws; in
 * `continue` mode (a resumed session) the journal goes live there: calls still waiting are handed to the live
 * effects (an answer the log already holds further on is kept), and the lines not consumed are handed back so the
 * app can set them aside and keep what the person did.
 */
import { setImmediate } from 'node:timers/promises';
import type { Clock, Llm, LlmRequest, LlmResponse, QuestionUi, Random } from '../effects';
import { classifyLlmError, LlmFaultError } from '../effects';
import { QuestionSchema, type Question, type Resolution } from '../../shared/questions/schema';
import { differences, formatDifferences, type Difference } from './diff';
import { asLlmResponse, type LoggedLlmResponse, type LogEvent, type LogEventInput, type LogEventOf } from './events';
import { canonicalJson, changedParts, requestFingerprint } from './fingerprint';

export type ReplayedEffect = 'clock' | 'random' | 'llm' | 'question';

export interface Divergence {
  /** The turn the recording was in when replay went another way (0: before the first turn ended). */
  readonly turn: number;
  readonly effect: ReplayedEffect | 'state';
  /** The recorded line replay expected next, when there was one. */
  readonly seq?: number;
  readonly message: string;
  /** For a state divergence: where the replayed state differs from the logged one. */
  readonly differences?: readonly Difference[];
}

export class ReplayDivergenceError extends Error {
  override readonly name = 'ReplayDivergenceError';
  constructor(readonly divergence: Divergence) {
    super(`Replay diverged in turn ${divergence.turn}: ${divergence.message}`);
  }
}

/** The writer's part a journal uses: `nextSeq` is the line number the next append gets. */
export type JournalWriter = { append(event: LogEventInput): Promise<void>; readonly nextSeq: number };

/** The live side of a journal: where reads go once the log has nothing more to serve. */
export interface LiveEffects {
  readonly time: Clock;
  readonly random: Random;
  readonly llm: Llm;
  readonly questions: QuestionUi<unknown, Resolution>;
  /** The question as shown (with its id and expiry), read right after asking. */
  readonly shownQuestion?: () => Question | undefined;
  /** Shows a question that was prepared (or asked before the log stopped), with its id and expiry. */
  readonly reopen?: (question: Question, signal?: AbortSignal) => Promise<Resolution>;
  /**
   * Gives a question its id and times without showing it. With `reopen`, a question is shown only once its line
   * is on disk, so one the person saw always comes back after a crash as it was.
   */
  readonly prepareQuestion?: (spec: unknown) => Question;
}

export interface JournalOptions {
  /** Lines to serve first (replay, or the turn a resumed session was in); none for a new session. */
  readonly recorded?: readonly LogEvent[];
  /** `check`: a divergence stops replay. `continue`: the journal goes live at the end or at a divergence. */
  readonly mode?: 'check' | 'continue';
  /** The live effects and the log they are recorded into (live and `continue`). */
  readonly live?: LiveEffects;
  readonly writer?: JournalWriter;
  /** Turns that ended before the first recorded line, for numbering divergences. */
  readonly firstTurn?: number;
  readonly onDivergence?: (divergence: Divergence) => void;
  /**
   * `continue` only: called once, when the journal goes live, with the recorded lines it did not consume
   * (empty when the recording simply ran out).
   */
  readonly onLive?: (unconsumed: readonly LogEvent[], why?: string) => void;
}

/** What `play` hands to the session at each input line of the recording. */
export interface PlayHooks {
  input(event: LogEventOf<'person-message' | 'photos-imported' | 'photos-detected' | 'sprint' | 'carried-over' | 'wind-down' | 'undo'>): void;
  turnStarted(event: LogEventOf<'turn-started'>): void;
  turnStopped(event: LogEventOf<'turn-stopped'>): void;
  /** Waits for the turn to finish and compares what it did with the line (check). */
  turnEnded?(event: LogEventOf<'turn-ended'>): Promise<void>;
}

type Read = LogEventOf<'clock' | 'random' | 'model-request' | 'question-asked'>;
type Completion = LogEventOf<'model-response' | 'model-error' | 'question-closed'> | (LogEventOf<'error'> & { effect: 'question' });

interface Waiting {
  readonly kind: 'llm' | 'question';
  readonly seq: number;
  readonly resolve: (value: never) => void;
  readonly reject: (error: unknown) => void;
  /** What the call was, to hand it to the live effect when the recording runs out. */
  readonly request?: LlmRequest;
  readonly question?: Question;
  readonly spec?: unknown;
  readonly signal?: AbortSignal;
}

const READS: ReadonlySet<string> = new Set(['clock', 'random', 'model-request', 'question-asked']);
const PLAYED: ReadonlySet<string> = new Set([
  ...READS,
  'model-response',
  'model-error',
  'question-closed',
  'person-message',
  'photos-imported',
  'photos-detected',
  'sprint',
  'carried-over',
  'wind-down',
  'undo',
  'turn-started',
  'turn-stopped',
  'turn-ended',
]);

/**
 * The lines replay consumes: everything but what is there for people (mode changes, retries, turn failures) and
 * resume markers (a resume rebuilds the coach at the turn's end the marker names, not where the marker stands).
 */
function playable(event: LogEvent): boolean {
  return PLAYED.has(event.type) || (event.type === 'error' && event.effect === 'question');
}

function isCompletion(event: LogEvent): event is Completion {
  return (
    event.type === 'model-response' ||
    event.type === 'model-error' ||
    event.type === 'question-closed' ||
    (event.type === 'error' && event.effect === 'question')
  );
}

export class Journal {
  readonly time: Clock;
  readonly random: Random;
  readonly llm: Llm;
  readonly questions: QuestionUi<unknown, Resolution>;

  readonly #events: readonly LogEvent[];
  readonly #options: JournalOptions;
  #cursor = 0;
  #phase: 'replaying' | 'live' | 'diverged';
  #divergence: Divergence | undefined;
  #turn: number;
  readonly #waiting = new Map<number, Waiting>();
  #hooks: PlayHooks | undefined;
  /** Answers on their way to the code (live): inputs wait until the code has taken them. */
  #delivering = 0;
  readonly #held: (() => void)[] = [];

  constructor(options: JournalOptions = {}) {
    this.#options = options;
    this.#events = (options.recorded ?? []).filter(playable);
    this.#turn = options.firstTurn ?? 0;
    this.#phase = options.recorded ? 'replaying' : 'live';
    if (this.#phase === 'live') this.#requireLive();
    this.time = { now: () => this.#clock('now'), monotonic: () => this.#clock('monotonic') };
    this.random = { float: () => this.#draw('float'), id: () => this.#draw('id') };
    this.llm = { generate: (request) => this.#generate(request) };
    this.questions = { ask: (spec, signal) => this.#ask(spec, signal) };
  }

  get divergence(): Divergence | undefined {
    return this.#divergence;
  }

  get live(): boolean {
    return this.#phase === 'live';
  }

  /** Recorded lines not consumed yet. */
  get remaining(): number {
    return this.#events.length - this.#cursor;
  }

  /**
   * Plays the recording's inputs at their places: each time the code has done all it can (every microtask run),
   * the next line is an input to apply, an answer to release, or a read nobody made (a divergence). Resolves at
   * the end of the recording, at a divergence, or when the journal went live.
   */
  async play(hooks: PlayHooks): Promise<void> {
    this.#hooks = hooks;
    while (this.#phase === 'replaying') {
      await setImmediate();
      if (this.#phase !== 'replaying') return;
      const event = this.#events[this.#cursor];
      if (!event) {
        if (this.#options.mode === 'continue') this.#goLive();
        return;
      }
      if (isCompletion(event)) {
        this.#release(event);
        continue;
      }
      switch (event.type) {
        case 'person-message':
        case 'photos-imported':
        case 'photos-detected':
        case 'sprint':
        case 'carried-over':
        case 'wind-down':
        case 'undo':
          this.#cursor += 1;
          hooks.input(event);
          break;
        case 'turn-started':
          this.#cursor += 1;
          hooks.turnStarted(event);
          break;
        case 'turn-stopped':
          this.#cursor += 1;
          hooks.turnStopped(event);
          break;
        case 'turn-ended':
          this.#cursor += 1;
          await hooks.turnEnded?.(event);
          this.#turn += 1;
          break;
        default:
          // A read waits at the head of the recording, and the code has stopped without making it.
          this.#mismatch(event as Read, `the recording ${describeRead(event as Read)} here, but replay did not (it is waiting for something else, or its turn ended)`);
      }
    }
  }

  /**
   * Applies one of the person's inputs (and logs it, in `apply`) now, or, while an answer is on its way to the code,
   * right after the code has taken it.
   */
  admit(apply: () => void): void {
    if (this.#delivering > 0) this.#held.push(apply);
    else apply();
  }

  /** Runs what was held back, in order, until an answer is on its way again. */
  #releaseHeld(): void {
    while (this.#delivering === 0 && this.#held.length > 0) this.#held.shift()!();
  }

  /** Reports a divergence found outside the journal (a state unlike the logged one). */
  diverge(divergence: Omit<Divergence, 'turn'> & { turn?: number }): void {
    this.#fail({ turn: this.#turn, ...divergence });
  }

  #clock(source: 'now' | 'monotonic'): number {
    const next = this.#next('clock', (event) => event.type === 'clock' && event.source === source, `the clock was read (${source})`);
    if (next) return (next as LogEventOf<'clock'>).value;
    const value = this.#requireLive().time[source]();
    void this.#append({ type: 'clock', source, value });
    return value;
  }

  #draw(kind: 'float'): number;
  #draw(kind: 'id'): string;
  #draw(kind: 'float' | 'id'): number | string {
    const next = this.#next('random', (event) => event.type === 'random' && event.draw.kind === kind, `a random ${kind} was drawn`);
    if (next) return (next as LogEventOf<'random'>).draw.value;
    const live = this.#requireLive().random;
    const value = kind === 'float' ? live.float() : live.id();
    void this.#append({ type: 'random', draw: kind === 'float' ? { kind, value: value as number } : { kind, value: value as string } });
    return value;
  }

  #generate(request: LlmRequest): Promise<LlmResponse> {
    const fingerprint = requestFingerprint(request);
    let sent: Read | undefined;
    try {
      sent = this.#next(
        'llm',
        (event) => event.type === 'model-request' && event.fingerprint === fingerprint.fingerprint,
        'the model was called',
        (event) =>
          event.type === 'model-request'
            ? `the model request differs from the recorded one in: ${changedParts(event.parts, fingerprint.parts).join(', ')}`
            : undefined,
      );
    } catch (error) {
      return Promise.reject(error);
    }
    if (sent) {
      return new Promise<LlmResponse>((resolve, reject) => {
        this.#waiting.set(sent.seq, { kind: 'llm', seq: sent.seq, resolve: resolve as (value: never) => void, reject, request, ...(request.signal ? { signal: request.signal } : {}) });
      });
    }
    return this.#liveGenerate(request, fingerprint);
  }

  async #liveGenerate(request: LlmRequest, fingerprint: ReturnType<typeof requestFingerprint>): Promise<LlmResponse> {
    const live = this.#requireLive();
    const { call, written } = this.#appendCall({ type: 'model-request', ...fingerprint });
    // On disk before the model is called: every message and answer logged before it is there too.
    await written;
    return this.#completeLlm(call, live.llm.generate(request));
  }

  /** Logs how a live model call ended, with the line of its request, and hands the logged response on. */
  async #completeLlm(call: number, pending: Promise<LlmResponse>): Promise<LlmResponse> {
    let response: LoggedLlmResponse;
    try {
      // The caller gets the response as the log holds it (plain JSON), so live and replay see the same data.
      response = JSON.parse(JSON.stringify(await pending)) as LoggedLlmResponse;
    } catch (error) {
      await this.#deliver({ type: 'model-error', call, fault: classifyLlmError(error) });
      throw error;
    }
    await this.#deliver({ type: 'model-response', call, response });
    return asLlmResponse(response);
  }

  #ask(spec: unknown, signal?: AbortSignal): Promise<Resolution> {
    let asked: Read | undefined;
    try {
      asked = this.#next(
        'question',
        (event) => event.type === 'question-asked' && canonicalJson(spec) === canonicalJson(event.spec),
        'a question was asked',
        (event) =>
          event.type === 'question-asked'
            ? `a different question was asked:\n${formatDifferences(differences(event.spec, JSON.parse(canonicalJson(spec))))}`
            : undefined,
      );
    } catch (error) {
      return Promise.reject(error);
    }
    if (asked) {
      const question = (asked as LogEventOf<'question-asked'>).question;
      return new Promise<Resolution>((resolve, reject) => {
        this.#waiting.set(asked.seq, {
          kind: 'question',
          seq: asked.seq,
          resolve: resolve as (value: never) => void,
          reject,
          spec,
          ...(question ? { question } : {}),
          ...(signal ? { signal } : {}),
        });
      });
    }
    const live = this.#requireLive();
    if (live.prepareQuestion && live.reopen) {
      const question = live.prepareQuestion(spec);
      const { call, written } = this.#appendCall({ type: 'question-asked', spec, question });
      const show = live.reopen;
      return this.#completeQuestion(call, written.then(() => show(question, signal)), written, question);
    }
    const answered = live.questions.ask(spec, signal);
    // The question as shown; what was asked, when that is a whole question already (a harness asks those).
    const shown = live.shownQuestion?.() ?? QuestionSchema.safeParse(spec).data;
    const { call, written } = this.#appendCall({ type: 'question-asked', spec, ...(shown ? { question: shown } : {}) });
    return this.#completeQuestion(call, answered, written, shown);
  }

  /** Logs how a live question closed; the answer is on disk before the coach sees it. */
  async #completeQuestion(call: number, answered: Promise<Resolution>, asked: Promise<void>, shown: Question | undefined): Promise<Resolution> {
    await asked;
    let resolution: Resolution;
    try {
      resolution = await answered;
    } catch (error) {
      await this.#deliver({ type: 'error', effect: 'question', call, message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    await this.#deliver({ type: 'question-closed', call, ...(shown ? { questionId: shown.id } : {}), resolution });
    return resolution;
  }

  /**
   * Logs an answer and resolves once its line is written. One answer at a time: what arrives meanwhile (the
   * person's inputs, other calls' answers) waits until the code has taken this one and gone on to its next wait
   * (every microtask after it has run), so the log's order is the order the code saw.
   */
  #deliver(line: LogEventInput): Promise<void> {
    return new Promise<void>((resolve, reject) =>
      this.admit(() => {
        this.#delivering += 1;
        this.#append(line)
          .then(resolve, reject)
          .finally(() =>
            globalThis.setImmediate(() => {
              this.#delivering -= 1;
              this.#releaseHeld();
            }),
          );
      }),
    );
  }

  /**
   * The next recorded line for a read, when replaying and it matches; undefined when live. A mismatch is a
   * divergence: thrown in `check`, and in `continue` the journal goes live (undefined: the caller reads live).
   */
  #next(effect: ReplayedEffect, matches: (event: LogEvent) => boolean, what: string, explain?: (event: LogEvent) => string | undefined): Read | undefined {
    if (this.#phase === 'diverged') throw new ReplayDivergenceError(this.#divergence!);
    if (this.#phase === 'live') return undefined;
    const event = this.#events[this.#cursor];
    if (event && matches(event)) {
      this.#cursor += 1;
      return event as Read;
    }
    const message = !event
      ? `${what} after the recording's last line`
      : (explain?.(event) ?? `${what} where the recording ${READS.has(event.type) ? describeRead(event as Read) : `has a ${event.type}`}`);
    this.#mismatch(event, message, effect);
    return undefined;
  }

  #mismatch(event: LogEvent | undefined, message: string, effect: ReplayedEffect = effectOf(event)): void {
    if (this.#options.mode === 'continue') {
      this.#goLive(message);
      return;
    }
    this.#fail({ turn: this.#turn, effect, ...(event ? { seq: event.seq } : {}), message });
    throw new ReplayDivergenceError(this.#divergence!);
  }

  #fail(divergence: Divergence): void {
    if (this.#divergence) return;
    this.#divergence = divergence;
    this.#phase = 'diverged';
    this.#options.onDivergence?.(divergence);
    for (const waiting of this.#waiting.values()) waiting.reject(new ReplayDivergenceError(divergence));
    this.#waiting.clear();
  }

  /** Releases a recorded answer to the call it belongs to; one nobody waits for is a divergence. */
  #release(event: Completion): void {
    const kind = event.type === 'model-response' || event.type === 'model-error' ? 'llm' : 'question';
    const call = event.call ?? [...this.#waiting.values()].filter((waiting) => waiting.kind === kind).sort((a, b) => a.seq - b.seq)[0]?.seq;
    const waiting = call === undefined ? undefined : this.#waiting.get(call);
    if (!waiting || waiting.kind !== kind) {
      this.#mismatch(event, `the recording answers a ${kind === 'llm' ? 'model call' : 'question'} replay never made`, kind);
      return;
    }
    this.#cursor += 1;
    this.#waiting.delete(waiting.seq);
    // Version 1 did not log Stop: an answer it closed as cancelled, or a model call it ended as aborted, means the
    // turn's signal was aborted just before.
    const stoppedInVersion1 =
      event.call === undefined &&
      ((event.type === 'question-closed' && event.resolution.closedBy === 'cancelled') || (event.type === 'model-error' && event.fault.kind === 'aborted'));
    if (stoppedInVersion1) this.#hooks?.turnStopped({ v: event.v, seq: event.seq, at: event.at, type: 'turn-stopped' });
    settle(waiting, event);
  }

  #goLive(why?: string): void {
    if (this.#phase !== 'replaying') return;
    const live = this.#requireLive();
    const unconsumed = this.#events.slice(this.#cursor);
    this.#phase = 'live';
    this.#options.onLive?.(unconsumed, why);
    // Calls still waiting: an answer further on in the recording is kept (the person gave it); the rest go live.
    for (const waiting of [...this.#waiting.values()].sort((a, b) => a.seq - b.seq)) {
      this.#waiting.delete(waiting.seq);
      const answer = unconsumed.find((event): event is Completion => isCompletion(event) && event.call === waiting.seq);
      if (answer) {
        void this.#append(stripLine(answer));
        settle(waiting, answer);
      } else if (waiting.kind === 'llm' && waiting.request) {
        this.#completeLlm(waiting.seq, live.llm.generate(waiting.request)).then(waiting.resolve as (value: LlmResponse) => void, waiting.reject);
      } else if (waiting.question && live.reopen) {
        this.#completeQuestion(waiting.seq, live.reopen(waiting.question, waiting.signal), Promise.resolve(), waiting.question).then(
          waiting.resolve as (value: Resolution) => void,
          waiting.reject,
        );
      } else {
        this.#completeQuestion(waiting.seq, live.questions.ask(waiting.spec, waiting.signal), Promise.resolve(), live.shownQuestion?.()).then(
          waiting.resolve as (value: Resolution) => void,
          waiting.reject,
        );
      }
    }
  }

  #append(event: LogEventInput): Promise<void> {
    return this.#appendCall(event).written;
  }

  /** Appends a line and says which line it is, so the call's answer can name it. */
  #appendCall(event: LogEventInput): { call: number; written: Promise<void> } {
    const writer = this.#options.writer;
    if (!writer) throw new Error('This journal records nothing: it has no writer.');
    const call = writer.nextSeq;
    return { call, written: writer.append(event) };
  }

  #requireLive(): LiveEffects {
    const live = this.#options.live;
    if (!live) throw new Error('This journal only replays: it has no live effects.');
    return live;
  }
}

/** Hands a recorded answer to the call waiting for it (as the log holds it: replayed code changes no answer it gets). */
function settle(waiting: Waiting, event: Completion): void {
  if (event.type === 'model-response') {
    const response = asLlmResponse(event.response);
    // The draft a live stream would have shown, at once.
    if (response.text) waiting.request?.onText?.(response.text);
    waiting.resolve(response as never);
  }
  else if (event.type === 'model-error') waiting.reject(new LlmFaultError(event.fault));
  else if (event.type === 'question-closed') waiting.resolve(event.resolution as never);
  else waiting.reject(new Error(event.message));
}

function effectOf(event: LogEvent | undefined): ReplayedEffect {
  switch (event?.type) {
    case 'clock':
      return 'clock';
    case 'random':
      return 'random';
    case 'question-asked':
    case 'question-closed':
    case 'error':
      return 'question';
    default:
      return 'llm';
  }
}

function describeRead(event: Read): string {
  switch (event.type) {
    case 'clock':
      return `reads the clock (${event.source})`;
    case 'random':
      return `draws a random ${event.draw.kind}`;
    case 'model-request':
      return 'calls the model';
    case 'question-asked':
      return 'asks a question';
  }
}

function stripLine(event: LogEvent): LogEventInput {
  const { v: _v, seq: _seq, at: _at, ...rest } = event;
  return rest as LogEventInput;
}
