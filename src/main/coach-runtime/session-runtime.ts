/**
 * One session's turn logic, the same live, in replay and after a resume: a turn describes new photos (vision calls,
 * a few at once) and lets the session's coach answer the messages the turn took. Everything nondeterministic goes
 * through `effects` (the session's journal), and everything the coach carries from turn to turn is the session
 * state and `memory()`, so a runtime rebuilt from the log behaves exactly like the one that ran.
 */
import type { CoachActivity } from '../../shared/coach/activity';
import type { Resolution } from '../../shared/questions/schema';
import type { CoachHandover, CoachKind, SessionState } from '../../shared/session/schema';
import type { Point } from '../../shared/pointing/schema';
import { ConversationalCoach, type Capabilities, type TurnOutcome, type WindDownChoice } from '../coach';
import { analyzePhoto } from '../coach/vision';
import type { Clock, Llm, Log, QuestionUi, Random, StateStore } from '../effects';
import { GuidedCoach } from '../guided';
import { modeFor, phaseFromConversation } from '../guided/phases';
import { checkIn } from '../sprints/check-in';
import { checkInDue } from '../sprints/energy-check';
import type { QuestionSpec } from '../questions';
import type { CoachMemory } from '../session-log';
import type { TemplateRenderer } from '../templates';

export type { CoachKind } from '../../shared/session/schema';

/** Said once, when the conversational coach hands the session to the guided coach. */
export const HANDOVER_NOTICES: Readonly<Record<CoachHandover['reason'], string>> = {
  'tool-calls-failing':
    'This model keeps fumbling its tool calls, so from here I’ll guide you with short questions and cards. The model still words my replies.',
  'tools-refused':
    'The model’s server refuses tool calls, so from here I’ll guide you with short questions and cards. The model still words my replies.',
};

/** Vision calls in flight at once when several photos arrive together. */
export const VISION_CONCURRENCY = 3;

export interface RuntimeEffects {
  readonly time: Clock;
  readonly random: Random;
  /** The model, or undefined when the session has none. */
  readonly llm: Llm | undefined;
  readonly questions: QuestionUi<QuestionSpec, Resolution>;
}

export interface SessionRuntimeDeps {
  readonly state: StateStore<SessionState>;
  readonly effects: RuntimeEffects;
  readonly coachKind: CoachKind;
  /** What the session's model can do, as the log says the session ran. */
  readonly capabilities: Capabilities;
  readonly templates: TemplateRenderer;
  readonly log: Log;
  readonly photoBytes: (id: string) => Uint8Array | undefined;
  /** The crop made for a point before it reached the session (src/main/photos/crop.ts). */
  readonly pointBytes: (point: Point) => Uint8Array | undefined;
  readonly onActivity: (activity: CoachActivity) => void;
  /** The coach's memory to continue from (a resumed session, or a replay rebuilt at a resume). */
  readonly memory?: CoachMemory;
}

/** What a turn answers: messages it took into the chat (by id), and new photos (by id). */
export interface TurnRequest {
  readonly messageIds: readonly string[];
  readonly photoIds: readonly string[];
}

interface Coach {
  turn(input: { text?: string; photos?: readonly { id: string; fileName: string }[]; point?: Point }, signal?: AbortSignal): Promise<TurnOutcome>;
  /** The person chose to wind down outside any card: at a sprint's check-in, or in the header. */
  windDown(choice: WindDownChoice, signal?: AbortSignal): Promise<TurnOutcome>;
  /** The person took the last answer back (only the guided coach records answers it can take back). */
  undo?(answer: string, signal?: AbortSignal): Promise<TurnOutcome | undefined>;
}

export class SessionRuntime {
  #coach: Promise<Coach> | undefined;
  #conversational: ConversationalCoach | undefined;
  /** This turn's photo bytes: read from disk once, though every model step of the turn sends them. */
  readonly #turnPhotos = new Map<string, Uint8Array | undefined>();

  constructor(private readonly deps: SessionRuntimeDeps) {}

  readonly #photoBytes = (id: string): Uint8Array | undefined => {
    if (!this.#turnPhotos.has(id)) this.#turnPhotos.set(id, this.deps.photoBytes(id));
    return this.#turnPhotos.get(id);
  };

  /** What the coach remembers beyond the session state (the conversational coach's history); none for the guided one. */
  memory(): CoachMemory | undefined {
    return this.#conversational?.memory() ?? this.deps.memory;
  }

  /** One turn. Its messages are already in the chat (the `turn-started` input took them out of the queue). */
  async runTurn(request: TurnRequest, signal: AbortSignal): Promise<TurnOutcome | undefined> {
    this.#turnPhotos.clear();
    const { state } = this.deps;
    // Messages sent just before the session ended still get their turn; there is nothing left to coach.
    if (state.get().status === 'ended') return undefined;
    const wanted = new Set(request.messageIds);
    const taken = state.get().messages.filter((message) => wanted.has(message.id));
    const text = taken
      .filter((message) => !message.point)
      .map((message) => message.text)
      .join('\n');
    // The person's latest point is what the turn is about.
    const point = taken.findLast((message) => message.point)?.point;
    const photoIds = new Set(request.photoIds);
    const photos = state
      .get()
      .photos.filter((photo) => photoIds.has(photo.id))
      .map((photo) => ({ id: photo.id, fileName: photo.fileName }));
    const llm = this.deps.effects.llm;
    if (photos.length && llm && this.deps.capabilities.vision) await this.#describePhotos(llm, photos, signal);
    if (signal.aborted) return { kind: 'stopped' };
    if (state.get().windDownChosenAt !== undefined) return this.#windDownChosen(signal);
    if (state.get().undoChosen !== undefined) return this.#undoChosen(signal);
    // A turn of its own for the sprint's check-in (the timer ran out while nothing else was going on).
    const checkInOnly = !text && photos.length === 0 && !point && checkInDue(state.get());
    let outcome: TurnOutcome | undefined;
    if (!checkInOnly) {
      const input = { ...(text ? { text } : {}), ...(photos.length ? { photos } : {}), ...(point ? { point } : {}) };
      outcome = await (await this.#coachForSession()).turn(input, signal);
      // The conversational coach gave up on tool calls without answering: the guided coach answers the same turn.
      if (outcome.kind === 'handover') outcome = await this.#handOver(outcome.reason, input, signal);
      if (signal.aborted || outcome.kind === 'stopped') return outcome;
    }
    if (!checkInDue(state.get())) return outcome;
    return this.#checkIn(outcome, signal);
  }

  /** Time is up and the item is done: the check-in, then what the person chose. */
  async #checkIn(outcome: TurnOutcome | undefined, signal: AbortSignal): Promise<TurnOutcome> {
    const { effects, state, templates } = this.deps;
    const choice = await checkIn({ state, questions: effects.questions, templates, time: effects.time, random: effects.random }, signal);
    if (choice === 'stopped') return { kind: 'stopped' };
    if (choice === 'windDown') return (await this.#coachForSession()).windDown('checkIn', signal);
    const said = state.get().messages.at(-1)?.text ?? '';
    // Offline the guided coach goes on by itself after "keep going", as it would after any instruction.
    const continues = choice === 'keepGoing' && !effects.llm && state.get().status === 'active';
    const transitions = outcome?.kind === 'answered' ? outcome.transitions : 0;
    return { kind: 'answered', response: said, mode: state.get().mode.kind, transitions, ...(continues ? { continues: true as const } : {}) };
  }

  /**
   * "Stop for today" in the header: the coach winds down, whatever else the turn took (messages sent meanwhile are in
   * the chat). The choice is spent however that went: stopped mid-way, the session goes on as it was.
   */
  async #windDownChosen(signal: AbortSignal): Promise<TurnOutcome> {
    try {
      return await (await this.#coachForSession()).windDown('header', signal);
    } finally {
      const { windDownChosenAt: _spent, ...rest } = this.deps.state.get();
      this.deps.state.set(rest);
    }
  }

  /**
   * Undo on the last answer: the coach takes it back and asks its card again. The choice is spent as the turn takes it
   * up (a turn stopped after that leaves it taken back); an Undo for an answer that is no longer the last changes nothing.
   */
  async #undoChosen(signal: AbortSignal): Promise<TurnOutcome | undefined> {
    const { undoChosen: answer, ...rest } = this.deps.state.get();
    this.deps.state.set(rest);
    const coach = await this.#coachForSession();
    return coach.undo?.(answer!, signal);
  }

  /**
   * The guided coach takes the session over, the model still wording its replies. The handover is session state, so
   * the turn's logged changes carry it: a resumed session stays guided, and a replay hands over at the same turn.
   */
  async #handOver(reason: CoachHandover['reason'], input: Parameters<Coach['turn']>[0], signal: AbortSignal): Promise<TurnOutcome> {
    const { state, effects } = this.deps;
    const current = state.get();
    const guided = phaseFromConversation(current);
    const at = effects.time.now();
    const notice = { id: effects.random.id(), role: 'coach' as const, text: HANDOVER_NOTICES[reason], at };
    const next = { ...current, guided, handover: { to: 'guided' as const, at, reason }, messages: [...current.messages, notice] };
    state.set({ ...next, mode: modeFor(next) });
    this.deps.log.write({ level: 'warn', message: 'The conversational coach handed over to the guided coach', data: { reason } });
    this.#coach = this.#guidedCoach();
    return (await this.#coach).turn(input, signal);
  }

  /** What either coach works with. */
  #base() {
    const { effects, state, templates, log, onActivity } = this.deps;
    return { state, questions: effects.questions, templates, time: effects.time, random: effects.random, log, onActivity };
  }

  #guidedCoach(): Promise<Coach> {
    const { llm } = this.deps.effects;
    return GuidedCoach.create({ ...this.#base(), ...(llm ? { llm } : {}) });
  }

  #coachForSession(): Promise<Coach> {
    const { effects, state } = this.deps;
    this.#coach ??=
      this.deps.coachKind === 'conversational' && effects.llm && !state.get().handover
        ? ConversationalCoach.create({
            ...this.#base(),
            llm: effects.llm,
            capabilities: this.deps.capabilities,
            photoBytes: this.#photoBytes,
            pointBytes: this.deps.pointBytes,
            ...(this.deps.memory ? { memory: this.deps.memory } : {}),
          }).then((coach) => (this.#conversational = coach))
        : this.#guidedCoach();
    return this.#coach;
  }

  /**
   * The vision call for each new photo, a few at a time; each photo's facts land as its call ends. A photo the
   * model cannot describe simply has no facts. Every call is settled before the turn goes on.
   */
  async #describePhotos(llm: Llm, photos: readonly { id: string; fileName: string }[], signal: AbortSignal): Promise<void> {
    const { state, onActivity } = this.deps;
    let next = 0;
    let described = 0;
    const worker = async () => {
      while (next < photos.length && !signal.aborted) {
        const photo = photos[next]!;
        next += 1;
        const bytes = this.#photoBytes(photo.id);
        if (!bytes) continue;
        try {
          const facts = await analyzePhoto(llm, this.deps.templates, { fileName: photo.fileName, bytes }, signal);
          if (facts) {
            const current = state.get();
            state.set({ ...current, photos: current.photos.map((known) => (known.id === photo.id ? { ...known, facts } : known)) });
          }
        } catch (error) {
          if (!signal.aborted) this.deps.log.write({ level: 'warn', message: 'A photo could not be described', data: { error: String(error) } });
        }
        described += 1;
        if (!signal.aborted) onActivity({ status: 'thinking', draft: `Looking at your photos (${described} of ${photos.length})…` });
      }
    };
    onActivity({ status: 'thinking', draft: `Looking at your photos (0 of ${photos.length})…` });
    await Promise.all(Array.from({ length: Math.min(VISION_CONCURRENCY, photos.length) }, worker));
  }
}
