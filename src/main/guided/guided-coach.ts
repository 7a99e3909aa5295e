/**
 * The guided coach (seed 001): deterministic routing over phases, so it coaches with no model at all.
 *
 * One person turn: the message is read (by the rules, or by the model when there is one), `decide` picks the
 * action and the next phase, and the coach carries it out. A question action shows its dialog and the answer is
 * decided on in the same turn; the first action that is said rather than asked ends the turn as the coach's reply.
 * Every answer updates the piles through `recordDecisions`. A stop the person chose ("Stop for today" on any card or
 * in the header, the energy check, a sprint's wind down) ends the session with its summary; a stop heard in words
 * shows the "Stop for today?" card first, and "no" (or no answer) goes on where the session was.
 *
 * The last answer recorded is kept beside the session (`lastAnswer`) until the next, with the coach's message that
 * echoed it: the person may take it back (`undo`), and the card it was given on is asked again.
 */
import { pileCounts } from '../../shared/session/pile-groups';
import { bareName, counted, placeName } from '../../shared/text/names';
import { sentence } from '../../shared/text/sentence';
import type { CoachBaseDeps, TurnInput, TurnOutcome, WindDownChoice } from '../coach';
import type { Llm } from '../effects';
import { recordDecisions, type DecisionRecord } from '../session/decisions';
import { answerChanges, takeBack } from '../session/undo';
import { isDialog, speaksBeforeDialog, templateFor, type Action } from './actions';
import { askAfterUndo, decide, type Decision } from './decide';
import { dialogFor, expectingIn, heardFrom } from './dialogs';
import type { Input } from './input';
import { extractInput, phraseAction } from './model';
import { modeFor, phaseOf, type ActiveState } from './phases';
import { understand } from './understand';

/** Dialogs one turn may chain before the coach pauses and hands the turn back. */
export const MAX_DIALOGS_PER_TURN = 8;

export interface GuidedCoachDeps extends CoachBaseDeps {
  /** With a model, free text is extracted and replies are phrased by it; without, rules and templates do both. */
  readonly llm?: Llm;
}

const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  trash: 'trash',
  donate: 'donate bag',
  recycle: 'recycling',
  place: 'to its place',
  keep: 'stays',
  skip: 'skipped for now',
  unsure: 'left for next time',
};

export class GuidedCoach {
  readonly #deps: GuidedCoachDeps;
  /** An answer was recorded in this turn and no word has echoed it yet: the next coach message is its echo. */
  #unechoed = false;

  private constructor(deps: GuidedCoachDeps) {
    this.#deps = deps;
  }

  /** Starts (or resumes) in the phase the session is in. */
  static create(deps: GuidedCoachDeps): Promise<GuidedCoach> {
    const coach = new GuidedCoach(deps);
    const state = deps.state.get();
    const guided = phaseOf(state);
    deps.state.set({ ...state, guided, mode: modeFor({ ...state, guided }) });
    return Promise.resolve(coach);
  }

  get phase() {
    return phaseOf(this.#deps.state.get()).phase;
  }

  /**
   * One person turn, to the coach's reply. A model fault never reaches the person: the rules take over. A point is
   * what the turn is about ("this one"); words sent with it wait for the next card.
   */
  turn(input: TurnInput, signal?: AbortSignal): Promise<TurnOutcome> {
    return this.#turn(input.text?.trim() ?? '', input.point ? { kind: 'pointed', point: input.point } : undefined, signal);
  }

  /**
   * The person chose to wind down outside any card (at a sprint's check-in, or in the header): the session ends with
   * its summary, as a stop on a card does, wherever it chose it.
   */
  windDown(_choice: WindDownChoice, signal?: AbortSignal): Promise<TurnOutcome> {
    return this.#turn('', { kind: 'windDown' }, signal);
  }

  /**
   * The person took their last answer back (Undo): the piles and the decisions are as they were before it, its echo in
   * the chat is marked, and the card it was given on is asked again. `answer` is the id the person saw: an Undo for
   * an answer that is no longer the last one changes nothing.
   */
  undo(answer: string, signal?: AbortSignal): Promise<TurnOutcome | undefined> {
    const last = this.#deps.state.get().lastAnswer;
    if (!last || last.id !== answer) return Promise.resolve(undefined);
    return this.#turn('', undefined, signal, () => {
      const state = this.#deps.state.get();
      const current = phaseOf(state);
      const before = last.guidedBefore;
      // Spots passed since stay passed: the person has seen them, whatever they take back.
      const guided = before.phase === 'surveying' || current.phase === 'surveying' ? before : { ...before, active: { ...before.active, ...passedIn(current.active) } };
      const undone = { ...takeBack(state, last), guided };
      const messages = state.messages.map((message) => (message.id === last.message ? { ...message, undone: true as const } : message));
      this.#deps.state.set({ ...undone, messages, mode: modeFor(undone) });
      return askAfterUndo(this.#deps.state.get(), last.text);
    });
  }

  async #turn(said: string, heard: Input | undefined, signal: AbortSignal | undefined, opening?: () => Decision): Promise<TurnOutcome> {
    if (this.#deps.state.get().status === 'ended') throw new Error('This session has ended.');
    this.#deps.onActivity({ status: 'thinking' });
    this.#unechoed = false;
    try {
      const outcome = await this.#run(said, heard, signal, opening?.());
      this.#deps.onActivity({ status: 'idle' });
      return outcome;
    } catch (error) {
      this.#deps.onActivity({ status: 'idle' });
      if (signal?.aborted) return { kind: 'stopped' };
      throw error;
    }
  }

  async #run(said: string, first: Input | undefined, signal: AbortSignal | undefined, opening?: Decision): Promise<TurnOutcome> {
    let heard: Input = opening ? { kind: 'begin' } : (first ?? (await this.#read(said, signal)));
    let overwhelmed = heard.kind === 'overwhelmed' || heard.kind === 'help';
    for (let dialogs = 0; ; dialogs += 1) {
      const decision = dialogs === 0 && opening ? opening : decide(this.#deps.state.get(), heard);
      this.#apply(decision);
      const { action, preface, note } = decision;
      if (preface) this.#say(await this.#words(preface, said, signal));
      // A turn that began by itself (empty) and asked nothing must not start another: no loop without the person.
      // Starting from last time is the person's choice, though, and happens once: its first card follows by itself.
      const chosen = dialogs > 0 || said !== '' || first?.kind === 'pointed' || (action.kind === 'firstInstruction' && action.reason === 'carried');
      if (!isDialog(action)) return this.#reply(action, said, signal, chosen);
      // A turn that has asked enough pauses instead of asking again; the last answer still counts (a stop ends, and
      // the last card of an ending is part of ending, not one more question).
      if (dialogs >= MAX_DIALOGS_PER_TURN && action.kind !== 'askFirstStep') return this.#reply({ kind: 'ackProgress', reason: 'paused' }, said, signal, false);
      if (speaksBeforeDialog(action)) this.#say(await this.#words(action, said, signal));
      const prompt = this.#render(action, { overwhelmed });
      const resolution = await this.#deps.questions.ask(dialogFor(action, prompt, { photos: this.#deps.state.get().photos.length > 0, ...(note ? { note } : {}) }), signal);
      if (signal?.aborted) return { kind: 'stopped' };
      heard = heardFrom(action, resolution, { overwhelmed });
      overwhelmed ||= heard.kind === 'overwhelmed' || heard.kind === 'help';
    }
  }

  /** The message as input: empty is a plain start, text goes to the model if there is one, else to the rules. */
  async #read(said: string, signal: AbortSignal | undefined): Promise<Input> {
    if (!said) return { kind: 'begin' };
    const expecting = expectingIn(phaseOf(this.#deps.state.get()));
    const { llm } = this.#deps;
    if (!llm) return understand(said, expecting);
    this.#deps.onActivity({ status: 'thinking', draft: 'Reading that…' });
    return extractInput({ llm, templates: this.#deps.templates, log: this.#deps.log }, said, expecting, this.#context(), signal);
  }

  /** The decision's effects on the session: the answer into the piles, the next phase, the header's mode. */
  #apply(decision: Decision): void {
    let state = this.#deps.state.get();
    const { records, next, action } = decision;
    if (records) {
      const before = state;
      const ids = records.map(() => this.#deps.random.id());
      state = recordDecisions(state, records.map((record, index) => ({ ...record, id: ids[index]! })), this.#deps.time.now());
      const lastAnswer = { id: ids[0]!, text: this.#echoOf(records), ...answerChanges(before, state), guidedBefore: phaseOf(before) };
      state = { ...state, lastAnswer };
      this.#unechoed = true;
    }
    state = { ...state, guided: next };
    if (next.phase === 'surveying') {
      if (next.gatheredFunction) state = { ...state, spaceFunction: next.gatheredFunction };
      if (next.gatheredAnchors.length) state = { ...state, anchors: next.gatheredAnchors };
    } else {
      state = { ...state, spaceFunction: next.active.function, anchors: next.active.anchors };
    }
    if (action.kind === 'summary') {
      // Nothing is taken back once the session has ended: its summary and exit plan stand.
      const { lastAnswer: _last, ...open } = state;
      state = { ...open, status: 'ended', ending: { summary: action.summary, nextTime: action.nextTime, endedAt: this.#deps.time.now() } };
    }
    this.#deps.state.set({ ...state, mode: modeFor(state) });
  }

  async #reply(action: Action, said: string, signal: AbortSignal | undefined, mayContinue: boolean): Promise<TurnOutcome> {
    const response = await this.#words(action, said, signal);
    this.#say(response);
    const mode = this.#deps.state.get().mode.kind;
    // Offline every question is a dialog: after an instruction the next one ("what is it?") follows by itself,
    // unless the session ended or the person went quiet. With a model, the person answers in the chat.
    const continues =
      mayContinue && !this.#deps.llm && this.#deps.state.get().status === 'active' && !(action.kind === 'ackProgress' && action.reason === 'paused');
    return { kind: 'answered', response, mode, transitions: 0, ...(continues ? { continues: true as const } : {}) };
  }

  /** What the coach says for an action: the template, phrased by the model when there is one. */
  async #words(action: Action, said: string, signal: AbortSignal | undefined): Promise<string> {
    const draft = this.#render(action);
    const { llm } = this.#deps;
    if (!llm) return draft;
    return phraseAction({ llm, templates: this.#deps.templates, log: this.#deps.log }, action, draft, { ...this.#context(), said }, signal);
  }

  #render(action: Action, extra: object = {}): string {
    const item = 'item' in action ? action.item : undefined;
    const outcome = 'outcome' in action ? action.outcome : undefined;
    const count = 'count' in action ? action.count : undefined;
    return this.#deps.templates.render(templateFor(action.kind), {
      ...this.#context(),
      ...action,
      // The name on its own at the start of a line: "Empty crisp packet: trash.", "12 books: to the bookshelf."
      ...(item ? { Item: sentence(count ? counted(count, item) : bareName(item)) } : {}),
      ...(outcome ? { outcomeWord: OUTCOME_WORDS[outcome] } : {}),
      ...extra,
    });
  }

  /** Session facts every template may use. */
  #context() {
    const state = this.#deps.state.get();
    return {
      function: state.spaceFunction,
      anchors: state.anchors,
      itemsProcessed: state.itemsProcessed,
      piles: pileCounts(state),
    };
  }

  /** What an answer recorded, as the chat's Undo names it: "Empty crisp packet: trash", "3 books: to the bookshelf". */
  #echoOf(records: readonly [DecisionRecord, ...DecisionRecord[]]): string {
    const [{ item, outcome, location }] = records;
    const name = sentence(records.length > 1 ? counted(records.length, item) : bareName(item));
    // As the chat's instruction says it: "Mug: to the kitchen", "Old receipts: recycling → shredder".
    const words = outcome === 'place' && location ? `to ${placeName(location)}` : outcome === 'recycle' && location ? `recycling → ${location}` : OUTCOME_WORDS[outcome];
    return `${name}: ${words}`.slice(0, 400);
  }

  #say(text: string): void {
    const state = this.#deps.state.get();
    const id = this.#deps.random.id();
    // The first word after an answer is its echo: the chat shows the answer's Undo there.
    const lastAnswer = this.#unechoed && state.lastAnswer ? { lastAnswer: { ...state.lastAnswer, message: id } } : {};
    this.#unechoed = false;
    this.#deps.state.set({
      ...state,
      ...lastAnswer,
      messages: [...state.messages, { id, role: 'coach', text, at: this.#deps.time.now() }],
    });
  }
}

/** The busy spots a phase has passed, as fields to lay over another phase (absent ones stay absent). */
function passedIn({ passed, passedEarly }: ActiveState): Pick<ActiveState, 'passed' | 'passedEarly'> {
  return { ...(passed ? { passed } : {}), ...(passedEarly ? { passedEarly } : {}) };
}
