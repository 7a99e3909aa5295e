/**
 * The conversational coach (seeds 000, 003, 004): the model moves between modes through transition tools,
 * asks through modal cards, and answers with each mode's structured output.
 *
 * One person turn: the message goes into the history, the agent runs the current mode's tool loop, and a
 * transition ends that model turn; the coach then continues in the new mode with a synthetic
 * "[Continue as: X]" message (at most three times, then the coach answers where it is). The final output's
 * fields update the state, and its `response` becomes the coach's chat message. Faults never end a session:
 * retries are announced, refusals are explained, a reply that breaks its schema gets one repair attempt and
 * then a neutral line.
 */
import { endedSession } from '../session/ending';
import { parsePartialJson, type ModelMessage, type UserContent } from 'ai';
import { roomPhrase } from '../../shared/rooms/names';
import type { CoachActivity } from '../../shared/coach/activity';
import type { Resolution } from '../../shared/questions/schema';
import type { Point } from '../../shared/pointing/schema';
import type { CoachHandover, ModeKind, Photo, SessionState } from '../../shared/session/schema';
import { Agent, type CallResult } from '../agent/agent';
import type { Clock, Effects, Llm, Log, QuestionUi, Random, StateStore } from '../effects';
import { classifyLlmError, memoryChatHistory, type LlmFault } from '../effects';
import type { QuestionSpec } from '../questions';
import type { CoachMemory } from '../session-log';
import type { TemplateRenderer } from '../templates';
import { templateContext } from './context';
import { continueMessage, EARLIER_LINES, fitToContext, frameTokens, photoMarker, pruneHistory, textOf, viewHistory } from './history';
import { coachModes, MODE_TEMPLATES, MODE_TITLES, returnToSortingTools, TRANSITION_TOOLS } from './modes';
import { applyOutput, OUTPUT_SCHEMAS } from './outputs';
import { FAILED_TOOL_CALLS_BEFORE_HANDOVER, failedToolCallsAfter } from './tool-health';
import { askSpaceFunction, askWhichOne, confirmDone, endSession, proposeDisposition } from './tools';
import { askFirstStep } from './first-step';
import { pointContent } from './pointing';

export const MAX_TRANSITIONS_PER_TURN = 3;
/** Tools that only make sense with photos to point at. */
const POINTING_TOOLS = ['ask_which_one'] as const;
const RECENT_TURNS = 6;
/** Where the person chose to wind down, outside any card the model asked: the sprint's check-in, or the header. */
export type WindDownChoice = 'checkIn' | 'header';
/** What the model hears of that choice. */
export const WIND_DOWN_WORDS: Readonly<Record<WindDownChoice, string>> = {
  checkIn: '(At the check-in after this sprint I chose to wind down for today.)',
  header: '(I chose “Stop for today”.)',
};
/** Person turns the coach remembers verbatim: the recent ones the model sees, and the older ones it summarises. */
const REMEMBERED_TURNS = RECENT_TURNS + EARLIER_LINES;

export interface Capabilities {
  /** The model takes images. */
  readonly vision: boolean;
  /** The model takes tool calls. */
  readonly tools: boolean;
  /** The model's context window in tokens, when known: the history the model sees is cut to fit it. */
  readonly contextTokens?: number;
}

/** What the coach may use of a model, as a session's log describes it (so a replay cuts history the same way). */
export function capabilitiesOf(model: { readonly vision: boolean; readonly tools: boolean; readonly contextTokens?: number | undefined }): Capabilities {
  return { vision: model.vision, tools: model.tools, ...(model.contextTokens ? { contextTokens: model.contextTokens } : {}) };
}

/** What every coach works with: the session, the cards, the prompts and the effects. */
export interface CoachBaseDeps {
  readonly state: StateStore<SessionState>;
  readonly questions: QuestionUi<QuestionSpec, Resolution>;
  readonly templates: TemplateRenderer;
  readonly time: Clock;
  readonly random: Random;
  readonly log: Log;
  readonly onActivity: (activity: CoachActivity) => void;
}

export interface ConversationalCoachDeps extends CoachBaseDeps {
  /** The model. Retries happen below it (the app's live model retries, visibly), never in the coach. */
  readonly llm: Llm;
  readonly capabilities: Capabilities;
  /** The stored model-sized copy of a photo. */
  readonly photoBytes: (id: string) => Uint8Array | undefined;
  /** The crop made for a point (src/main/photos/crop.ts); without it the model reads where the point was in words. */
  readonly pointBytes?: (point: Point) => Uint8Array | undefined;
  /** The memory to continue from (a resumed session). */
  readonly memory?: CoachMemory;
}

export interface TurnInput {
  readonly text?: string;
  readonly photos?: readonly Pick<Photo, 'id' | 'fileName'>[];
  /** What the person pointed at on a photo ("this one"), when the turn is a point. */
  readonly point?: Point;
}

export type TurnOutcome =
  | {
      readonly kind: 'answered';
      readonly response: string;
      readonly mode: ModeKind;
      readonly transitions: number;
      /** The coach goes on by itself: the next turn starts at once (the guided coach's next dialog, offline). */
      readonly continues?: true;
    }
  | { readonly kind: 'fallback'; readonly response: string; readonly reason: string }
  /** The model cannot take tool calls after all: the guided coach should take the session over and answer instead. */
  | { readonly kind: 'handover'; readonly reason: CoachHandover['reason'] }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly fault: LlmFault };

const FALLBACK_LINES: Record<ModeKind, string> = {
  surveying: 'What is this space mostly for?',
  sorting: 'Let’s keep going: pick up the thing nearest to you.',
  clarifying: 'Let me describe it another way. What do you see near that spot?',
  decisionSupport: 'It’s fine to leave this one for later. Want to move on?',
  windingDown: 'Good stopping point.',
};

export type { CoachActivity };

export class ConversationalCoach {
  readonly agent: Agent;
  readonly #deps: ConversationalCoachDeps;
  #droppedTurns: number;
  /** Tool calls failed in a row (carried in the coach's memory, so a resumed session keeps counting). */
  #failedToolCalls: number;
  /**
   * The clock as the turn began: every prompt of the turn says the same minutes elapsed, and making or restoring a
   * coach reads nothing, so a coach rebuilt from the log behaves exactly like the one that ran.
   */
  #turnNow: number | undefined;
  /**
   * The person chose "Stop for today" this turn (on a card, at the check-in, in the header): no card is shown after it,
   * end_session ends without asking again, and the turn ends the session whether or not the model did.
   */
  #stopChosen = false;
  /** The person said yes to the model's yes/no card while winding down, this turn: that was their confirmation. */
  #saidDoneThisTurn = false;
  /** What the person pointed at this turn (the turn's point, or a card answered by pointing) that no card was about yet. */
  #pointed: Point | undefined;

  private constructor(deps: ConversationalCoachDeps) {
    this.#deps = deps;
    this.#droppedTurns = deps.memory?.droppedTurns ?? 0;
    this.#failedToolCalls = deps.memory?.failedToolCalls ?? 0;
    const effects: Effects = {
      // The agent's own bookkeeping (when a mode was entered) reads the turn's clock, not the clock effect: nothing
      // the coach says depends on it, and so making or restoring a coach reads no effect at all.
      time: {
        now: () => this.#turnNow ?? deps.state.get().sessionStart,
        monotonic: () => this.#turnNow ?? deps.state.get().sessionStart,
      },
      random: deps.random,
      emit: { emit: () => {} },
      state: deps.state,
      chat: memoryChatHistory((deps.memory?.messages ?? []) as unknown as ModelMessage[]),
      log: deps.log,
      input: { next: () => Promise.reject(new Error('The coach is driven turn by turn; it never waits for input.')) },
      llm: deps.llm,
      question: deps.questions,
    };
    const stop = { chosen: () => this.#stopChosen, choose: () => void (this.#stopChosen = true) };
    const toolDeps = { state: this.#watchedState(), questions: deps.questions, time: deps.time, random: deps.random, stop };
    const pointing = { pointed: () => this.#pointed, notePoint: (point: Point | undefined) => void (this.#pointed = point) };
    this.agent = new Agent({
      effects,
      tools: deps.capabilities.tools
        ? [proposeDisposition({ ...toolDeps, ...pointing }), askWhichOne({ ...toolDeps, ...pointing }), askSpaceFunction(toolDeps), confirmDone({ ...toolDeps, onPersonSaidYes: () => (this.#saidDoneThisTurn = this.mode === 'windingDown') }), endSession({ ...toolDeps, templates: deps.templates, saidDone: () => this.#saidDoneThisTurn }), ...returnToSortingTools(toolDeps)]
        : [],
      modes: coachModes({ state: toolDeps.state, tools: deps.capabilities.tools, refreshPrompt: () => this.refreshPrompt() }),
      config: { maxSteps: 8 },
      viewMessages: (messages, step) => {
        const view = viewHistory(messages, { recentTurns: RECENT_TURNS, photoBytes: deps.photoBytes, ...(deps.pointBytes ? { pointBytes: deps.pointBytes } : {}), vision: deps.capabilities.vision });
        const { contextTokens } = deps.capabilities;
        return contextTokens ? fitToContext(view, contextTokens, frameTokens(step)) : view;
      },
    });
  }

  /** Starts (or resumes) in the mode the session is in. */
  static async create(deps: ConversationalCoachDeps): Promise<ConversationalCoach> {
    const coach = new ConversationalCoach(deps);
    const { kind, ...data } = deps.state.get().mode;
    await coach.agent.modes.enter(kind, data);
    return coach;
  }

  get mode(): ModeKind {
    return this.#deps.state.get().mode.kind;
  }

  /** What the coach remembers beyond the session: its bounded history, as the log keeps it. */
  memory(): CoachMemory {
    return {
      messages: this.agent.messages.list() as unknown as CoachMemory['messages'],
      droppedTurns: this.#droppedTurns,
      ...(this.#failedToolCalls > 0 ? { failedToolCalls: this.#failedToolCalls } : {}),
    };
  }

  /** The model's tool calls keep failing: the session is better off with the guided coach. */
  get toolCallsFailing(): boolean {
    return this.#failedToolCalls >= FAILED_TOOL_CALLS_BEFORE_HANDOVER;
  }

  /**
   * Makes the prompt's mode section the current mode's template with the session as it is whenever a model step
   * reads it (in a turn; the turn's start sets it first). Rendered again only when the session or the history
   * has changed since.
   */
  refreshPrompt(): void {
    if (this.#turnNow === undefined) return;
    let last: { state: SessionState; history: readonly ModelMessage[]; now: number; text: string } | undefined;
    this.agent.prompt.setSection('mode', () => {
      const state = this.#deps.state.get();
      const history = this.agent.messages.list();
      const now = this.#turnNow ?? state.sessionStart;
      if (last?.state === state && last.history === history && last.now === now) return last.text;
      const context = templateContext(state, { now, history, recentTurns: RECENT_TURNS, droppedTurns: this.#droppedTurns });
      last = { state, history, now, text: this.#deps.templates.render(MODE_TEMPLATES[state.mode.kind], context) };
      return last.text;
    });
  }

  /** One person turn, to the coach's reply. Never throws for model faults: they come back as the outcome. */
  turn(input: TurnInput, signal?: AbortSignal): Promise<TurnOutcome> {
    return this.#turn(input, signal, false);
  }

  /**
   * The person chose to wind down outside any card (at a sprint's check-in, or "Stop for today" in the header): the
   * model hears that choice and wraps up.
   */
  async windDown(choice: WindDownChoice, signal?: AbortSignal): Promise<TurnOutcome> {
    // The person has chosen: the coach is winding down, with only its wrap-up tools, whatever mode it was in.
    if (this.mode !== 'windingDown') await this.agent.modes.enter('windingDown', { nextTime: [] });
    return this.#turn({ text: WIND_DOWN_WORDS[choice] }, signal, true);
  }

  /** A turn; once the person has chosen to stop (before it, or on one of its cards), it ends the session with its summary. */
  async #turn(input: TurnInput, signal: AbortSignal | undefined, stopChosen: boolean): Promise<TurnOutcome> {
    if (this.#deps.state.get().status === 'ended') throw new Error('This session has ended.');
    this.#stopChosen = stopChosen;
    let outcome = await this.#answer(input, signal);
    if (!this.#stopChosen) return outcome;
    // Ending needs no tools: the session ends below either way, so there is nothing to hand over.
    if (outcome.kind === 'handover') outcome = this.#say(FALLBACK_LINES.windingDown, { kind: 'fallback', reason: outcome.reason });
    if (signal?.aborted || this.#deps.state.get().status !== 'active') return outcome;
    // The model did not end it: the last card, when things leave the home, then the end.
    await askFirstStep(this.#deps, this.#deps.state.get(), signal);
    const state = this.#deps.state.get();
    if (!signal?.aborted && state.status === 'active') this.#deps.state.set(endedSession(state, this.#deps.time.now()));
    return outcome;
  }

  async #answer(input: TurnInput, signal: AbortSignal | undefined): Promise<TurnOutcome> {
    this.#deps.onActivity({ status: 'thinking' });
    this.#turnNow = this.#deps.time.now();
    this.#saidDoneThisTurn = false;
    this.#pointed = input.point;
    try {
      const outcome = await this.#run(personContent(input, this.#deps.state.get()), signal);
      this.#deps.onActivity({ status: 'idle' });
      return outcome;
    } catch (error) {
      const fault = classifyLlmError(error);
      if (fault.kind === 'aborted' || signal?.aborted) {
        this.#deps.onActivity({ status: 'idle' });
        return { kind: 'stopped' };
      }
      if (fault.kind === 'unsupported' && fault.capability === 'tools') {
        this.#deps.log.write({ level: 'warn', message: 'The server refused tool calls', data: { fault } });
        this.#deps.onActivity({ status: 'idle' });
        return { kind: 'handover', reason: 'tools-refused' };
      }
      this.#deps.log.write({ level: 'warn', message: 'A coach turn failed', data: { fault } });
      this.#deps.onActivity({ status: 'error', notice: `${fault.message} Your message is kept; send again when ready.` });
      return { kind: 'failed', fault };
    } finally {
      const pruned = pruneHistory(this.agent.messages.list(), REMEMBERED_TURNS);
      if (pruned.dropped > 0) {
        this.agent.messages.replace(pruned.messages);
        this.#droppedTurns += pruned.dropped;
      }
    }
  }

  async #run(content: UserContent, signal: AbortSignal | undefined): Promise<TurnOutcome> {
    let transitions = 0;
    let next: UserContent = content;
    let result: CallResult;
    for (;;) {
      this.refreshPrompt();
      const allowTransition = transitions < MAX_TRANSITIONS_PER_TURN;
      // "Which one? Point at it" needs photos to point at.
      const excluded = [...(allowTransition ? [] : TRANSITION_TOOLS), ...(this.#deps.state.get().photos.length > 0 ? [] : POINTING_TOOLS)];
      result = await this.agent.call(next, {
        ...(signal ? { signal } : {}),
        endTurnOnTransition: allowTransition,
        ...(excluded.length ? { excludeTools: excluded } : {}),
        onText: this.#streamDraft(),
        // No more steps once the tool calls have failed too often: the guided coach answers instead.
        halt: (steps) => failedToolCallsAfter(this.#failedToolCalls, steps) >= FAILED_TOOL_CALLS_BEFORE_HANDOVER,
      });
      this.#failedToolCalls = failedToolCallsAfter(this.#failedToolCalls, result.steps);
      if (this.toolCallsFailing) {
        this.#deps.log.write({ level: 'warn', message: 'Tool calls keep failing', data: { failedToolCalls: this.#failedToolCalls } });
        return { kind: 'handover', reason: 'tool-calls-failing' };
      }
      if (result.finishReason !== 'transition') break;
      transitions += 1;
      next = this.#continuation();
    }
    return this.#finish(result, transitions, signal);
  }

  /** The synthetic message that continues a turn in the new mode; a clarification brings its photo along. */
  #continuation(): UserContent {
    const state = this.#deps.state.get();
    const text = continueMessage(MODE_TITLES[state.mode.kind]);
    if (state.mode.kind !== 'clarifying') return text;
    const photo = photoAbout(state, state.mode.item, state.mode.photoContext);
    return photo ? [{ type: 'text', text }, { type: 'text', text: photoMarker(photo.id, photo.fileName) }] : text;
  }

  async #finish(result: CallResult, transitions: number, signal: AbortSignal | undefined): Promise<TurnOutcome> {
    const kind = this.mode;
    if (result.finishReason === 'length') {
      const partial = await draftOf(result.text);
      return this.#say(
        `${partial ? `${partial}… ` : ''}(My reply was cut off: the model hit its length limit.)`,
        { kind: 'fallback', reason: 'length' },
      );
    }
    let output = result.output;
    if (output === undefined && result.finishReason !== 'step-limit') output = await this.#repair(result.text, signal);
    const parsed = OUTPUT_SCHEMAS[kind].safeParse(output);
    if (!parsed.success) {
      this.#deps.log.write({ level: 'warn', message: 'Coach output unusable; neutral fallback used', data: { finishReason: result.finishReason } });
      return this.#say(FALLBACK_LINES[kind], { kind: 'fallback', reason: result.finishReason === 'step-limit' ? 'step-limit' : 'schema' });
    }
    this.#deps.state.set(applyOutput(this.#deps.state.get(), parsed.data));
    return this.#say(parsed.data.response, { kind: 'answered', mode: kind, transitions });
  }

  /** One attempt to turn a reply that broke its schema into the schema, outside the conversation history. */
  async #repair(text: string, signal: AbortSignal | undefined): Promise<unknown> {
    if (!text.trim()) return undefined;
    try {
      const repaired = await this.#deps.llm.generate({
        instructions:
          'Rewrite the reply below as JSON that matches the schema. Keep its wording in "response". Output only the JSON.',
        messages: [{ role: 'user', content: text }],
        tools: {},
        output: OUTPUT_SCHEMAS[this.mode],
        ...(signal ? { signal } : {}),
      });
      return repaired.output;
    } catch (error) {
      if (signal?.aborted) throw error;
      return undefined;
    }
  }

  #say(
    response: string,
    outcome: { kind: 'answered'; mode: ModeKind; transitions: number } | { kind: 'fallback'; reason: string },
  ): TurnOutcome {
    const state = this.#deps.state.get();
    this.#deps.state.set({
      ...state,
      messages: [...state.messages, { id: this.#deps.random.id(), role: 'coach', text: response, at: this.#deps.time.now() }],
    });
    return { ...outcome, response };
  }

  /** Streams the `response` field of the JSON the model is writing, as the GUI's draft. */
  #streamDraft(): (textSoFar: string) => void {
    let latest = 0;
    return (textSoFar) => {
      const ticket = ++latest;
      void draftOf(textSoFar).then((draft) => {
        if (ticket === latest && draft) this.#deps.onActivity({ status: 'thinking', draft });
      });
    };
  }

  /** State writes from tools and modes re-render the prompt, so the next model step sees the new piles. */
  #watchedState(): StateStore<SessionState> {
    return {
      get: () => this.#deps.state.get(),
      set: (next) => {
        this.#deps.state.set(next);
        if (this.agent?.mode.name) this.refreshPrompt();
      },
    };
  }
}

/** What the person's turn says when they only chose to start from last time (Next time): the prompt has the rest. */
export const CARRIED_OVER_TEXT = '(chose to start with what was left from last time)';

/** The same for a room the person came back to, picked on Home (docs/rooms.md). */
export function roomVisitText(state: SessionState): string {
  return `(came back to their ${roomPhrase(state.room!, state.carriedOver?.space)} to pick up where they left off)`;
}

function personContent(input: TurnInput, state: SessionState): UserContent {
  const photos = input.photos ?? [];
  const { point } = input;
  const text =
    input.text?.trim() ||
    (photos.length ? `(shared ${photos.length} photo${photos.length === 1 ? '' : 's'})` : point ? '' : state.carriedOver ? (state.room ? roomVisitText(state) : CARRIED_OVER_TEXT) : '');
  if (photos.length === 0 && !point) return text;
  const pointed = point ? pointContent(state, point) : [];
  return [
    ...(text ? [{ type: 'text' as const, text }] : []),
    ...photos.map((photo) => ({ type: 'text' as const, text: photoMarker(photo.id, photo.fileName) })),
    ...(typeof pointed === 'string' ? [{ type: 'text' as const, text: pointed }] : pointed),
  ];
}

/** The photo a clarification is about: named in the context, or showing the item. */
function photoAbout(state: SessionState, item: string, photoContext: string): Photo | undefined {
  const context = photoContext.toLowerCase();
  const needle = item.toLowerCase();
  return (
    state.photos.find((photo) => context.includes(photo.fileName.toLowerCase())) ??
    state.photos.find((photo) => photo.facts?.visibleItems.some((visible) => visible.toLowerCase().includes(needle)))
  );
}

/** What the person sees of a reply still being written: its `response` field as far as it has come. */
export async function draftOf(text: string): Promise<string | undefined> {
  // Models asked for JSON in plain text (no response_format) often open a ```json fence first.
  const json = text.trimStart().replace(/^```[a-zA-Z]*\s*/, '');
  if (!json.startsWith('{')) return text.trim() || undefined;
  const { value } = await parsePartialJson(json.replace(/```\s*$/, ''));
  const response = (value as { response?: unknown } | undefined)?.response;
  return typeof response === 'string' && response ? response : undefined;
}

export { textOf };
