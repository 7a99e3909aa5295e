/**
 * One session's turn logic, the same live and in replay: a turn takes the queued messages into the conversation,
 * describes new photos (one vision call each) and lets the session's coach answer. Everything nondeterministic
 * goes through `effects`, so the live app records them and `replay --check` or a resume serves them back.
 */
import type { CoachActivity } from '../../shared/coach/activity';
import type { Resolution } from '../../shared/questions/schema';
import type { ChatMessage, SessionState } from '../../shared/session/schema';
import { ConversationalCoach, type TurnOutcome } from '../coach';
import { analyzePhoto } from '../coach/vision';
import type { ModelSettings } from '../config/settings';
import { retryingLlm, type Clock, type Llm, type Log, type QuestionUi, type Random, type RetryOptions, type StateStore } from '../effects';
import { GuidedCoach } from '../guided';
import type { QuestionSpec } from '../questions';
import type { TemplateRenderer } from '../templates';

export type CoachKind = 'guided' | 'conversational';

export interface RuntimeEffects {
  readonly time: Clock;
  readonly random: Random;
  /** The model, or undefined when none is set up. */
  readonly llm: Llm | undefined;
  readonly questions: QuestionUi<QuestionSpec, Resolution>;
}

export interface SessionRuntimeDeps {
  readonly state: StateStore<SessionState>;
  readonly effects: RuntimeEffects;
  readonly coachKind: CoachKind;
  readonly model: Pick<ModelSettings, 'vision' | 'tools'>;
  readonly templates: TemplateRenderer;
  readonly log: Log;
  readonly photoBytes: (id: string) => Uint8Array | undefined;
  readonly onActivity: (activity: CoachActivity) => void;
  readonly retry?: Omit<RetryOptions, 'onRetry'>;
}

/** What a turn answers: queued messages by id, and new photos by id. */
export interface TurnRequest {
  readonly messageIds: readonly string[];
  readonly photoIds: readonly string[];
}

interface Coach {
  turn(input: { text?: string; photos?: readonly { id: string; fileName: string }[] }, signal?: AbortSignal): Promise<TurnOutcome>;
}

/** A message the person sent: shown at once, waiting for the coach's next turn. */
export function queueMessage(state: SessionState, message: ChatMessage): SessionState {
  return { ...state, queued: [...state.queued, message] };
}

export class SessionRuntime {
  #coach: Promise<Coach> | undefined;
  /** This turn's photo bytes: read from disk once, though every model step of the turn sends them. */
  readonly #turnPhotos = new Map<string, Uint8Array | undefined>();

  constructor(private readonly deps: SessionRuntimeDeps) {}

  readonly #photoBytes = (id: string): Uint8Array | undefined => {
    if (!this.#turnPhotos.has(id)) this.#turnPhotos.set(id, this.deps.photoBytes(id));
    return this.#turnPhotos.get(id);
  };

  async runTurn(request: TurnRequest, signal: AbortSignal): Promise<TurnOutcome | undefined> {
    this.#turnPhotos.clear();
    const { state } = this.deps;
    const current = state.get();
    const wanted = new Set(request.messageIds);
    const taken = current.queued.filter((message) => wanted.has(message.id));
    state.set({
      ...current,
      messages: [...current.messages, ...taken],
      queued: current.queued.filter((message) => !wanted.has(message.id)),
    });
    const photoIds = new Set(request.photoIds);
    const photos = state
      .get()
      .photos.filter((photo) => photoIds.has(photo.id))
      .map((photo) => ({ id: photo.id, fileName: photo.fileName }));
    const llm = this.deps.effects.llm;
    if (photos.length && llm && this.deps.model.vision) await this.#describePhotos(llm, photos, signal);
    if (signal.aborted) return { kind: 'stopped' };
    const text = taken.map((message) => message.text).join('\n');
    return (await this.#coachForSession()).turn({ ...(text ? { text } : {}), ...(photos.length ? { photos } : {}) }, signal);
  }

  #coachForSession(): Promise<Coach> {
    const { effects, state, templates, log, onActivity } = this.deps;
    const base = { state, questions: effects.questions, templates, time: effects.time, random: effects.random, log, onActivity };
    this.#coach ??=
      this.deps.coachKind === 'conversational' && effects.llm
        ? ConversationalCoach.create({
            ...base,
            llm: effects.llm,
            capabilities: { vision: this.deps.model.vision, tools: this.deps.model.tools },
            photoBytes: this.#photoBytes,
            ...(this.deps.retry ? { retry: this.deps.retry } : {}),
          })
        : GuidedCoach.create({ ...base, ...(effects.llm ? { llm: effects.llm } : {}) });
    return this.#coach;
  }

  /** The vision call for each new photo; a photo the model cannot describe simply has no facts. */
  async #describePhotos(llm: Llm, photos: readonly { id: string; fileName: string }[], signal: AbortSignal): Promise<void> {
    const { state, onActivity } = this.deps;
    const withRetries = retryingLlm(llm, {
      ...this.deps.retry,
      onRetry: ({ fault }) => onActivity({ status: 'retrying', notice: `${fault.message} Trying again shortly.` }),
    });
    for (const [index, photo] of photos.entries()) {
      if (signal.aborted) return;
      const bytes = this.#photoBytes(photo.id);
      if (!bytes) continue;
      onActivity({ status: 'thinking', draft: `Looking at your photos (${index + 1} of ${photos.length})…` });
      try {
        const facts = await analyzePhoto(withRetries, this.deps.templates, { fileName: photo.fileName, bytes }, signal);
        if (facts) {
          const current = state.get();
          state.set({ ...current, photos: current.photos.map((known) => (known.id === photo.id ? { ...known, facts } : known)) });
        }
      } catch (error) {
        if (signal.aborted) return;
        this.deps.log.write({ level: 'warn', message: 'A photo could not be described', data: { error: String(error) } });
      }
    }
  }
}
