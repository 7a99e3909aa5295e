/**
 * The guided coach's routing (seed 001's trigger table), as a pure function of the session and what was heard.
 * No model, no clock, no I/O: the same state and input always give the same action and next phase. What the
 * on-device detector found is part of the state (each photo's `detections`), so it is input here like anything else.
 *
 * | From            | To               | Trigger                                                    |
 * |-----------------|------------------|------------------------------------------------------------|
 * | Surveying       | Surveying        | no function yet: AskFunction; function, no anchors: AskAnchors |
 * |                 |                  | (both name what the detector found; AskAnchors offers its furniture as choices) |
 * | Surveying       | Surveying        | back in a room it knows (a visit carried over with its space): ConfirmRoom |
 * |                 |                  | ("Still your office, with the desk staying?")              |
 * | Surveying       | Sorting          | ConfirmRoom answered Yes, or carried over from last time with its space and no |
 * |                 |                  | room (a session from before rooms): FirstInstruction (carried) |
 * | Surveying       | Surveying        | ConfirmRoom answered Something changed: AskFunction, then AskAnchors, last |
 * |                 |                  | time's answers filled in                                   |
 * | Surveying       | Sorting          | buried chaos in a photo                                    |
 * | Surveying       | Sorting          | a blocked function in a photo + function                   |
 * | Surveying       | Sorting          | overwhelmed signal + function                              |
 * | Surveying       | Sorting          | function + anchors                                         |
 * | Sorting         | Sorting          | item named: AskItemDecision; decided: InstructTrash/Place/Unsure/Next/Bag |
 * | Sorting         | Sorting          | item named that several detected things are: AskWhichOne (point, or pick by place) |
 * | Sorting, Refining | the same       | pointed at one thing: its AskItemDecision, named in the chat; at a spot with several |
 * |                 |                  | (sorting): its things one by one, then AskWhatIsIt about the spot; at nothing known: |
 * |                 |                  | AskWhatIsIt there (never a person or a pet); what is in hand stays undecided |
 * | Surveying       | Sorting          | pointed at something, the space's function known          |
 * | DecisionSupport | the phase before | pointed at something: handled there, the stuck thing left undecided |
 * | Sorting         | Sorting          | next: a carried-over unsure item not decided yet, first (AskItemDecision) |
 * | Sorting         | Sorting          | next: what the photos offer next (detection/offers.ts): what is left on a bed, a table, |
 * |                 |                  | a sofa, a chair or the floor first, the easiest undecided detected thing first within |
 * |                 |                  | that, where it is and outlined, or several of one kind in one place as one card with |
 * |                 |                  | their count (AskItemDecision `count`), what looks put away last ("already in place?"), |
 * |                 |                  | and between them a pile it cannot name there (AskWhatIsIt: "There's a pile on the bed"), |
 * |                 |                  | never more than three cards in a row about one kind; none left: AskWhatIsIt about the |
 * |                 |                  | busiest spot (busy spots: spots.ts), or plainly, saying once that everything named is |
 * |                 |                  | done, or that nothing could be named |
 * | Sorting         | Sorting          | one at a time on a group's card, or stuck on it: its things one card each (ActiveState |
 * |                 |                  | `each`, a card of another kind between after three of one kind); "the books": the group |
 * | Sorting         | Sorting          | stuck with nothing in hand: the easiest detected thing, picked for the person; |
 * |                 |                  | none left: a smaller step at that spot or another spot, never one stuck on |
 * |                 |                  | before; then one small thing anywhere ("next" there too) |
 * | DecisionSupport | the phase before | stuck again on the same thing: it is skipped for now, and on to the next |
 * | Sorting, Refining, DecisionSupport | the same | the third "I'm stuck" in a row: EnergyCheck (a break)  |
 * | Sorting, Refining | Sorting        | overwhelmed by a thing: PivotAway (it is left for later, a split's piles too), then |
 * |                 |                  | AskWhatIsIt at an anchor or the nearest clear surface, never the card just answered; |
 * |                 |                  | it counts in a run of "I'm stuck", so the third is EnergyCheck |
 * | Sorting         | Splitting        | decided unsure + unsure pile (not left for later) >= 5     |
 * | Sorting         | DecisionSupport  | help or stuck, on an item                                  |
 * | Splitting       | Refining         | split confirmed (as suggested, renamed or merged)          |
 * | Splitting       | Sorting          | split declined: those items are left for later             |
 * | Refining        | Refining         | processing a category; a finished category moves to the next |
 * | Refining        | Sorting          | every category done: EnergyCheck, then sorting if going on |
 * | Refining        | DecisionSupport  | help or stuck                                              |
 * | DecisionSupport | the phase before | decision made (routed as that phase would route it)        |
 * | Any             | the same         | stop heard in words: ConfirmStop ("Stop for today?")       |
 * | Any             | (ended)          | wind down (a stop control, or yes to ConfirmStop): Summary |
 * | Any             | the same         | carry on (no, or no answer, to ConfirmStop): the question where it was, again |
 * | Any             | the same         | words read two ways (tentative): ConfirmReading, both readings and Other    |
 * | Any             | the same         | a question back: the question where it was, again, its answer on the card   |
 *
 * Where each part lives (this folder): index.ts hands a turn to its phase (`decide`, `route`, `askAgain`);
 * surveying.ts, sorting.ts, refining.ts (splitting too) and decision-support.ts are the phases; spots.ts holds
 * sorting's busy-spot cards, pointing.ts what the person pointed at, asking.ts the cards and replies the phases share,
 * records.ts what an answer records and the summary, in-hand.ts the thing in hand, names.ts how names compare, and
 * decision.ts the Decision, the constants re-exported here, and the Router the phases hand a turn on to (passed down,
 * so no phase file imports this one).
 */
import type { SessionState } from '../../../shared/session/schema';
import { carriedLeft } from '../../carry-over/leftovers';
import { proposalFor } from '../../detection/proposals';
import type { Input } from '../input';
import { phaseOf, type GuidedState } from '../phases';
import { expectingIn } from '../dialogs';
import { answerTo } from './answers';
import { aid, askAbout, askCarried, offerBreak, propose, unstuck } from './asking';
import { STUCK_BREAK, type Decision, type Router } from './decision';
import { decisionSupport } from './decision-support';
import { includesName } from './names';
import { firstStepCard, summaryOf } from './records';
import { refining, splitting } from './refining';
import { groupAgain, sorting } from './sorting';
import { surveying } from './surveying';

export { BAG_EVERY, CARRIED_WHERE, LEAVE_IT, STUCK_BREAK, type Decision } from './decision';
export { summaryOf } from './records';

/**
 * What leaves a run of "I'm stuck" standing: more of it, an answer the coach cannot read (asked about, and still
 * unreadable, it counts as stuck), being overwhelmed by a thing (each is a pivot elsewhere), moving on without deciding
 * ("next", "keep going"), the coach going on by itself, no answer, a stop asked about.
 */
const STILL_STUCK: readonly Input['kind'][] = ['help', 'overwhelmed', 'unclear', 'next', 'keepGoing', 'begin', 'silent', 'stop', 'carryOn', 'windDown', 'question', 'tentative'];

export function decide(state: SessionState, input: Input): Decision {
  const guided = phaseOf(state);
  if (STILL_STUCK.includes(input.kind) || guided.phase === 'surveying' || !(guided.active.stuck || guided.active.unread)) return route(state, input);
  return route({ ...state, guided: unstuck(guided) }, input);
}

function route(state: SessionState, input: Input): Decision {
  const asked = phaseOf(state);
  // A question answered on the card is forgotten once anything else is said ("which did you mean?" is still asking).
  if (asked.answered && input.kind !== 'question' && input.kind !== 'tentative') {
    const { answered: _answered, ...phase } = asked;
    return route({ ...state, guided: phase as GuidedState }, input);
  }
  const phase = asked;
  // Nothing ends on a guess: a stop heard in words is asked about, and only a chosen one winds down.
  if (input.kind === 'stop') return { action: { kind: 'confirmStop' }, next: phase };
  if (input.kind === 'windDown') {
    // Ending with things leaving the home: first one small physical step, asked once; then the summary.
    const step = input.firstStep ? undefined : firstStepCard(state);
    if (step) return { action: step, next: phase };
    return { action: { ...summaryOf(state, phase), ...(input.firstStep === 'done' ? { stepDone: true as const } : {}) }, next: phase };
  }
  if (input.kind === 'carryOn') return { ...askAgain(state, phase), preface: { kind: 'ackProgress', reason: 'carryOn' } };
  // Words read two ways, or read as sending a thing away unsaid: the person picks the reading, nothing recorded yet.
  if (input.kind === 'tentative') return { action: { kind: 'confirmReading', heard: input.text, readings: input.readings, expecting: expectingIn(phase) }, next: phase };
  // A question back: the same card again, with the answer on it.
  if (input.kind === 'question') {
    const expecting = expectingIn(phase);
    // Asked again right after an answer: the answer did not help, so the approach changes, as "I'm stuck" does.
    if (phase.answered) {
      const { answered: _answered, ...rest } = phase;
      return route({ ...state, guided: rest as GuidedState }, 'item' in expecting ? { kind: 'help', item: expecting.item } : { kind: 'help' });
    }
    // With nothing in hand, questions count with the answers the coach cannot read: the third in a row offers a
    // break, so asking and moving on in turns cannot go on for ever with nothing done.
    let asking: GuidedState = phase;
    if ((phase.phase === 'sorting' || phase.phase === 'refining') && !phase.currentItem) {
      const unread = (phase.active.unread ?? 0) + 1;
      if (unread >= STUCK_BREAK) return offerBreak(phase);
      asking = { ...phase, active: { ...phase.active, unread } };
    }
    const again = askAgain({ ...state, guided: asking }, asking);
    return { ...again, next: { ...again.next, answered: true }, note: answerTo(input, expecting, state) };
  }
  if (input.kind === 'sameRoom' || input.kind === 'roomChanged') return phase.phase === 'surveying' ? surveying(state, phase, input, router) : askAgain(state, phase);
  switch (phase.phase) {
    case 'surveying':
      return surveying(state, phase, input, router);
    case 'sorting':
      return sorting(state, phase, input, router);
    case 'splitting':
      return splitting(state, phase, input);
    case 'refining':
      return refining(state, phase, input, router);
    case 'decisionSupport':
      return decisionSupport(state, phase, input, router);
  }
}

/**
 * The question the session was at, asked again: the item in hand keeps its card (where it is, its outline), decision
 * support its aid; with nothing in hand the next step comes, as on a fresh start.
 */
function askAgain(state: SessionState, phase: GuidedState): Decision {
  switch (phase.phase) {
    case 'surveying':
      return surveying(state, phase, { kind: 'begin' }, router);
    case 'sorting': {
      const { currentItem, currentDetection } = phase;
      if (!currentItem) return sorting(state, phase, { kind: 'begin' }, router);
      const group = groupAgain(state, phase);
      if (group) return group;
      const seen = currentDetection && proposalFor(state, currentDetection);
      if (seen) return propose(seen, phase, {});
      if (includesName(carriedLeft(state), currentItem)) return askCarried(currentItem, phase);
      return askAbout(currentItem, phase);
    }
    case 'splitting':
      return splitting(state, phase, { kind: 'begin' });
    case 'refining':
      return refining(state, phase, { kind: 'begin' }, router);
    case 'decisionSupport':
      return aid(state, phase.stuckItem, phase.active, phase.returnTo, phase.stuckDetection);
  }
}

/**
 * The person took an answer back (Undo), and the session is as it was before it: the card it was given on, asked
 * again, after saying what was taken back.
 */
export function askAfterUndo(state: SessionState, undone: string): Decision {
  return { ...askAgain(state, phaseOf(state)), preface: { kind: 'ackProgress', reason: 'undone', undone } };
}

/** The router the phases hand a turn on to. */
const router: Router = { decide, route, askAgain };
