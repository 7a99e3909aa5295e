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
 */
import type { DetectionRef } from '../../shared/detection/schema';
import type { PileItem, SessionState } from '../../shared/session/schema';
import { decidedText, detectionThing, groupedPiles, lineName, pileCounts, pileLines, thingOfEntry } from '../../shared/session/pile-groups';
import { counted, isPlural, placeName } from '../../shared/text/names';
import { roomPhrase } from '../../shared/rooms/names';
import { isProposable } from '../../shared/detection/classes';
import { carriedLeft } from '../carry-over/leftovers';
import { isThingOf, type DecisionRecord } from '../session/decisions';
import { labelOf, lastRun, nextOffer, offers, SAME_KIND_RUN, type Offer } from '../detection/offers';
import { anchorCandidates, busySpots, isDecided, proposalFor, proposals, seenThings, type Proposal, type SpotCard } from '../detection/proposals';
import { inSpot, thingsAt } from '../detection/pointed';
import type { Focus } from '../../shared/detection/schema';
import type { Point } from '../../shared/pointing/schema';
import type { DispositionChoice } from '../../shared/questions/schema';
import type { Action } from './actions';
import { cardChoices } from './cards';
import type { Input } from './input';
import { phaseOf, returnPhaseOf, type ActiveState, type Category, type GuidedState, type PhaseOf } from './phases';
import { editCategories, emergentCategories, UNSURE_THRESHOLD } from './split';

/** Every this many things in the out pile, the coach suggests bagging them up. */
export const BAG_EVERY = 5;

/** What a carried-over item's card says in place of where it is. */
export const CARRIED_WHERE = 'left unsure last time';

export interface Decision {
  readonly action: Action;
  readonly next: GuidedState;
  /** The things an answer decided, to record in the piles (the coach applies them with `recordDecisions`): one, or a group's. */
  readonly records?: readonly [DecisionRecord, ...DecisionRecord[]];
  /** Said in the chat before the action (the coach carrying on after "no" to stopping). */
  readonly preface?: Extract<Action, { kind: 'ackProgress' }>;
}

/** The "I'm stuck" in a row that offers a break instead of another approach. */
export const STUCK_BREAK = 3;

/** On the decision aid's card: deferring is always allowed, and saying so is a smaller step than deciding. */
export const LEAVE_IT: DispositionChoice = { label: 'Leave it for now', disposition: 'skip' };

/**
 * What leaves a run of "I'm stuck" standing: more of it, an answer the coach cannot read (asked about, and still
 * unreadable, it counts as stuck), being overwhelmed by a thing (each is a pivot elsewhere), moving on without deciding
 * ("next", "keep going"), the coach going on by itself, no answer, a stop asked about.
 */
const STILL_STUCK: readonly Input['kind'][] = ['help', 'overwhelmed', 'unclear', 'next', 'keepGoing', 'begin', 'silent', 'stop', 'carryOn', 'windDown'];

type Heard = Exclude<Input, { kind: 'stop' | 'windDown' | 'carryOn' | RoomAnswer['kind'] }>;
/** The answers to ConfirmRoom, which only surveying asks. */
type RoomAnswer = Extract<Input, { kind: 'sameRoom' | 'roomChanged' }>;

export function decide(state: SessionState, input: Input): Decision {
  const guided = phaseOf(state);
  if (STILL_STUCK.includes(input.kind) || guided.phase === 'surveying' || !(guided.active.stuck || guided.active.unread)) return route(state, input);
  return route({ ...state, guided: unstuck(guided) }, input);
}

function route(state: SessionState, input: Input): Decision {
  const phase = phaseOf(state);
  // Nothing ends on a guess: a stop heard in words is asked about, and only a chosen one winds down.
  if (input.kind === 'stop') return { action: { kind: 'confirmStop' }, next: phase };
  if (input.kind === 'windDown') return { action: summaryOf(state, phase), next: phase };
  if (input.kind === 'carryOn') return { ...askAgain(state, phase), preface: { kind: 'ackProgress', reason: 'carryOn' } };
  if (input.kind === 'sameRoom' || input.kind === 'roomChanged') return phase.phase === 'surveying' ? surveying(state, phase, input) : askAgain(state, phase);
  switch (phase.phase) {
    case 'surveying':
      return surveying(state, phase, input);
    case 'sorting':
      return sorting(state, phase, input);
    case 'splitting':
      return splitting(state, phase, input);
    case 'refining':
      return refining(state, phase, input);
    case 'decisionSupport':
      return decisionSupport(state, phase, input);
  }
}

function surveying(state: SessionState, phase: PhaseOf<'surveying'>, input: Heard | RoomAnswer): Decision {
  if (input.kind === 'silent') return paused(phase);
  // Pointing at a thing is where to start, once the coach knows what the space is for; until then it asks that first.
  if (input.kind === 'pointed' || input.kind === 'thing') {
    const fn = phase.gatheredFunction;
    if (!fn) return surveying(state, phase, { kind: 'begin' });
    return sorting(state, { phase: 'sorting', active: { function: fn, anchors: phase.gatheredAnchors, later: [] } }, input);
  }
  const carried = state.carriedOver;
  if (carried?.space && !phase.gatheredFunction && !phase.revisit) {
    // Back in a room it knows: what it is for and what stays are confirmed with one card, never asked again.
    if (state.room && input.kind === 'begin') {
      return { action: { kind: 'confirmRoom', room: roomPhrase(state.room, carried.space), anchors: state.anchors.slice(0, 6) }, next: phase };
    }
    if (input.kind === 'roomChanged') {
      const seen = seenThings(state);
      return {
        action: { kind: 'askFunction', known: carried.space, ...(seen.names.length ? { seen: seen.names, focus: seen.focus } : {}) },
        next: { phase: 'surveying', gatheredAnchors: [], revisit: true },
      };
    }
    // Picking up from last time: its space and anchors are known, so sorting starts with what it left.
    if (input.kind === 'sameRoom' || input.kind === 'begin') {
      const left = carriedLeft(state).length;
      // Nothing left from last time: the first card the photos give, when there are any, is where to start.
      const start = left === 0 ? startWith(state, state.anchors) : undefined;
      return {
        action: {
          kind: 'firstInstruction',
          reason: 'carried',
          function: carried.space,
          carried: left,
          nextTime: carried.nextTime.slice(0, 3),
          ...(start ? { target: start } : {}),
        },
        next: { phase: 'sorting', active: { function: carried.space, anchors: state.anchors, later: [] } },
      };
    }
  }
  // A room answer anywhere else (a card answered late) changes nothing: the survey goes on where it was.
  if (input.kind === 'sameRoom' || input.kind === 'roomChanged') return surveying(state, phase, { kind: 'begin' });
  const fn = input.kind === 'function' ? input.function : phase.gatheredFunction;
  const anchors = input.kind === 'anchors' ? unique([...phase.gatheredAnchors, ...input.anchors]) : phase.gatheredAnchors;
  // An explicit "nothing has to stay" is an answer, so an empty list moves on as well; so does an answer to "what
  // has to stay?" that names nothing to keep (asking it again would show the same card): what stays can come later.
  const answeredAnchors = phase.gatheredFunction !== undefined && input.kind !== 'begin' && input.kind !== 'function';
  const hasAnchors = anchors.length > 0 || input.kind === 'anchors' || answeredAnchors;
  const overwhelmed = input.kind === 'overwhelmed' || input.kind === 'help' || (input.kind === 'function' && input.overwhelmed);
  const facts = state.photos.flatMap((photo) => (photo.facts ? [photo.facts] : []));
  const buried = facts.find((fact) => fact.chaosLevel === 'buried');
  const blocked = facts.find((fact) => fact.blockedFunction);
  // With no target from a vision model, the first card the detections give is the place to start.
  const first = startWith(state, anchors);
  const sortWith = (reason: 'ready' | 'overwhelmed' | 'buried' | 'blocked', spaceFunction: string, target = first): Decision => ({
    action: {
      kind: 'firstInstruction',
      reason,
      function: spaceFunction,
      ...(target ? { target } : {}),
      ...(reason === 'blocked' && blocked?.blockedFunction ? { blocked: blocked.blockedFunction } : {}),
    },
    next: { phase: 'sorting', active: { function: spaceFunction, anchors, later: [] } },
  });
  if (buried) return sortWith('buried', fn ?? buried.roomType, buried.firstTarget ?? first);
  if (fn && blocked) return sortWith('blocked', fn, blocked.firstTarget ?? first);
  if (fn && overwhelmed) return sortWith('overwhelmed', fn);
  if (fn && hasAnchors) return sortWith('ready', fn);
  const gathered: PhaseOf<'surveying'> = { phase: 'surveying', gatheredAnchors: anchors, ...(fn ? { gatheredFunction: fn } : {}), ...(phase.revisit ? { revisit: true } : {}) };
  if (fn) {
    const candidates = anchorCandidates(state);
    // Something changed in a room it knows: last time's anchors come first, ticked.
    const known = phase.revisit ? (state.carriedOver?.anchors ?? []).slice(0, 6) : [];
    const names = known.length ? unique([...known, ...candidates.names]).slice(0, 6) : candidates.names;
    const offered = names.length ? { candidates: names, ...(candidates.focus.length ? { focus: candidates.focus } : {}) } : {};
    return { action: { kind: 'askAnchors', function: fn, ...offered, ...(known.length ? { known } : {}) }, next: gathered };
  }
  const seen = seenThings(state);
  return { action: { kind: 'askFunction', ...(seen.names.length ? { seen: seen.names, focus: seen.focus } : {}) }, next: gathered };
}

function sorting(state: SessionState, phase: PhaseOf<'sorting'>, input: Heard): Decision {
  // Anything said after a pivot other than going on answers it: the card at the place is no longer owed.
  if (phase.active.pivot && input.kind !== 'begin' && input.kind !== 'next' && input.kind !== 'split') {
    const { pivot: _pivot, ...active } = phase.active;
    return sorting(state, { ...phase, active }, input);
  }
  const { active } = phase;
  const here: PhaseOf<'sorting'> = { phase: 'sorting', active };
  switch (input.kind) {
    case 'item': {
      if (input.focus) return askAbout(input.item, { ...here, currentItem: input.item, currentFocus: input.focus });
      // "The books": several of one kind in one place are that group's card.
      const group = input.unseen || !isPlural(input.item) ? undefined : offers(state, active.anchors).find((each) => each.refs.length > 1 && sameThing(each.name, input.item));
      if (group) return offer(state, group, here);
      // A name several detected things have: which one? (A name none has is simply the person's own thing.)
      const named = input.unseen ? [] : proposals(state, active.anchors).filter((proposal) => sameThing(proposal.name, input.item));
      if (named.length >= 2) return whichOne(named, here);
      return askAbout(input.item, { ...here, currentItem: input.item });
    }
    case 'pointed':
      return pointedAt(state, phase, input.point);
    case 'thing': {
      const chosen = proposalFor(state, input.ref);
      return chosen ? propose(chosen, here, {}) : askAgain(state, phase);
    }
    case 'oneAtATime':
      // The group in hand, one thing at a time: its things come first, then the rest as before.
      return phase.currentGroup ? nextOfEach(state, { ...here, active: { ...active, each: phase.currentGroup } }, {}) : askAgain(state, phase);
    case 'disposition': {
      if (needsLocation(input)) {
        return { action: { kind: 'askWhereLive', item: input.item }, next: { ...here, currentItem: input.item, ...inHandOf(phase, input.item) } };
      }
      const records = recordsOf(state, input, phase);
      const unsure = unsureAfter(state, records).filter((item) => !includesName(active.later, item));
      if (input.outcome === 'unsure' && unsure.length >= UNSURE_THRESHOLD) {
        const categories = emergentCategories(unsure);
        return {
          action: { kind: 'instructSplit', unsure: unsure.length, categories },
          next: { phase: 'splitting', active, categories: nonEmpty(categories) },
          records,
        };
      }
      return { action: instruction(state, records, false), next: here, records };
    }
    case 'help': {
      const stuck = (active.stuck ?? 0) + 1;
      // A busy spot card the person is stuck on is never shown again, whatever comes next (a break included).
      const stuckOn = phase.currentItem ? undefined : phase.currentSpot;
      const easiest = nextOffer(state, active.anchors);
      const passedNow = stuckOn && stuckOn !== SMALLER ? passing(active, stuckOn, easiest !== undefined) : {};
      if (stuck >= STUCK_BREAK) return offerBreak({ ...phase, active: { ...active, ...passedNow } });
      const counted: PhaseOf<'sorting'> = { ...here, active: { ...active, ...passedNow, stuck } };
      // Stuck on several things at once: a smaller step, one of them, picked for the person.
      if (phase.currentGroup && (!input.item || sameName(input.item, phase.currentItem ?? ''))) return nextOfEach(state, { ...counted, active: { ...counted.active, each: phase.currentGroup } }, { picked: true });
      const item = input.item ?? phase.currentItem;
      if (item) return aid(state, item, counted.active, { phase: 'sorting' }, detectionOf(phase, item).currentDetection);
      // Stuck with nothing in hand: the coach picks the easiest thing the photos show, one thing (not a group).
      const one = easiest && proposalFor(state, easiest.refs[0]);
      if (one) return propose(one, counted, { picked: true });
      // Nothing left to propose: a smaller step at the same spot, or another spot; with none left, a smaller step
      // anywhere, then a break.
      return whatIsIt(state, counted, stuckOn ?? SMALLER_AFTER_PLAIN);
    }
    case 'overwhelmed':
      return overwhelmed(input.trigger, phase);
    case 'keepGoing':
      return { action: firstStep(active), next: here };
    case 'silent':
      return paused(phase);
    case 'unclear': {
      if (phase.currentItem) return clarify(input.text, phase.currentItem, phase);
      // Nothing in hand and an answer the coach cannot read: asked again, but the third in a row offers a break, so
      // an unreadable answer and "keep going" in turns cannot bring the same card back for ever.
      const unread = (active.unread ?? 0) + 1;
      if (unread >= STUCK_BREAK) return offerBreak(phase);
      return clarify(input.text, undefined, { ...phase, active: { ...active, unread } });
    }
    case 'function':
    case 'anchors':
      return noted(phase, input);
    case 'begin':
    case 'next':
    case 'split': {
      if (active.pivot) return atPivot(state, here, active.pivot);
      // Moving on from the thing in hand skips it, as in decision support: a proposed one is not proposed again.
      if (input.kind === 'next' && phase.currentItem) {
        return decide(state, { kind: 'disposition', item: phase.currentItem, outcome: 'skip' });
      }
      // A spot the person pointed at comes first: what is in it, one at a time, then what else is there.
      if (active.spot) return nextInSpot(state, active.spot, here);
      // A group taken one at a time goes on until its things are decided.
      if (active.each) return nextOfEach(state, here, {});
      // What was left unsure last time comes first, one at a time.
      const [carried] = carriedLeft(state);
      if (carried) return askCarried(carried, here);
      const next = nextOffer(state, active.anchors);
      if (next) {
        // "Next" on a busy spot card moves on to a thing the detector named; that card is not asked again.
        if (input.kind === 'next' && phase.currentSpot && phase.currentSpot !== SMALLER) {
          return offer(state, next, { ...here, active: { ...active, ...passing(active, phase.currentSpot, true) } });
        }
        const mess = messSpot(state, [...(active.passed ?? []), ...(active.passedEarly ?? [])], next);
        return mess ? askAtSpot(state, here, mess) : offer(state, next, here);
      }
      // "Next" with nothing left to propose asks for something else, as "I'm stuck" does: another spot, a smaller step.
      if (input.kind === 'next') return sorting(state, phase, { kind: 'help' });
      return whatIsIt(state, here);
    }
  }
}

function splitting(state: SessionState, phase: PhaseOf<'splitting'>, input: Heard): Decision {
  const { active } = phase;
  if (input.kind === 'silent') return paused(phase);
  const declined = input.kind === 'overwhelmed' || input.kind === 'help' || (input.kind === 'split' && input.edit.kind === 'decline');
  if (declined) {
    const items = phase.categories.flatMap((category) => category.items);
    return {
      action: { kind: 'ackProgress', reason: 'splitDeclined' },
      next: { phase: 'sorting', active: { ...active, later: unique([...active.later, ...items]) } },
    };
  }
  if (input.kind === 'split' && input.edit.kind !== 'decline') {
    const categories = refinable(editCategories(phase.categories, input.edit));
    const first = categories[0].items[0];
    return askAbout(first, { phase: 'refining', active, categories, currentItem: first }, active, state);
  }
  // Anything else: show the suggestion again, so the person can confirm, change or decline it.
  const unsure = phase.categories.reduce((sum, category) => sum + category.items.length, 0);
  return { action: { kind: 'instructSplit', unsure, categories: phase.categories }, next: phase };
}

function refining(state: SessionState, phase: PhaseOf<'refining'>, input: Heard): Decision {
  const { active, categories } = phase;
  const [current, ...rest] = categories;
  switch (input.kind) {
    case 'oneAtATime':
      return askAgain(state, phase);
    case 'item':
      return askAbout(input.item, { ...handsFree(phase), currentItem: input.item, ...(input.focus ? { currentFocus: input.focus } : {}) }, active);
    case 'pointed':
      return pointedAt(state, phase, input.point);
    case 'thing': {
      const chosen = proposalFor(state, input.ref);
      return chosen ? propose(chosen, handsFree(phase), {}) : askAgain(state, phase);
    }
    case 'disposition': {
      if (needsLocation(input)) return { action: { kind: 'askWhereLive', item: input.item }, next: { ...phase, currentItem: input.item } };
      const records = recordsOf(state, input, phase);
      const later = input.outcome === 'unsure' ? unique([...active.later, input.item]) : active.later;
      const [left, ...alsoLeft] = current.items.filter((item) => !sameName(item, input.item));
      const nextActive = { ...active, later };
      if (left !== undefined) {
        return {
          action: instruction(state, records, true),
          next: { phase: 'refining', active: nextActive, categories: [{ name: current.name, items: [left, ...alsoLeft] }, ...rest] },
          records,
        };
      }
      const [upNext, ...after] = rest;
      if (!upNext) return { action: { kind: 'energyCheck', reason: 'categoriesDone' }, next: { phase: 'sorting', active: nextActive }, records };
      return {
        action: { kind: 'ackProgress', reason: 'categoryDone', item: input.item, outcome: input.outcome, finished: current.name, upNext: upNext.name },
        next: { phase: 'refining', active: nextActive, categories: [upNext, ...after] },
        records,
      };
    }
    case 'help': {
      const stuck = (active.stuck ?? 0) + 1;
      if (stuck >= STUCK_BREAK) return offerBreak(phase);
      const item = input.item ?? phase.currentItem ?? current.items[0];
      return aid(state, item, { ...active, stuck }, returnPhaseOf(phase) ?? { phase: 'sorting' }, detectionOf(phase, item).currentDetection);
    }
    case 'overwhelmed':
      return overwhelmed(input.trigger, phase);
    case 'silent':
      return paused(phase);
    case 'unclear':
      return clarify(input.text, phase.currentItem, phase);
    case 'function':
    case 'anchors':
      return noted(phase, input);
    case 'begin':
    case 'next':
    case 'keepGoing':
    case 'split': {
      // Moving on from the thing in hand leaves it for now, as in sorting, and the next one comes.
      if (input.kind === 'next' && phase.currentItem) return refining(state, phase, { kind: 'disposition', item: phase.currentItem, outcome: 'skip' });
      const item = phase.currentItem ?? current.items[0];
      return askAbout(item, { ...phase, currentItem: item }, active, state);
    }
  }
}

function decisionSupport(state: SessionState, phase: PhaseOf<'decisionSupport'>, input: Heard): Decision {
  const { active, stuckItem, stuckDetection, returnTo } = phase;
  // Back where it came from, with the stuck item in hand (so its answer is recorded as the detected thing it is).
  const back = { ...returnTo, active, currentItem: stuckItem, ...(stuckDetection ? { currentDetection: stuckDetection } : {}) } as GuidedState;
  switch (input.kind) {
    case 'help': {
      const stuck = (active.stuck ?? 0) + 1;
      if (stuck >= STUCK_BREAK) return offerBreak(phase);
      const item = input.item ?? stuckItem;
      if (!sameName(item, stuckItem)) return aid(state, item, { ...active, stuck }, returnTo, undefined);
      // Stuck again on the same thing: it is left for now, and on to another one.
      return route({ ...state, guided: { ...back, active: { ...active, stuck } } as GuidedState }, { kind: 'disposition', item: stuckItem, outcome: 'skip' });
    }
    case 'silent':
      return paused(phase);
    case 'unclear':
      return clarify(input.text, stuckItem, phase);
    case 'next':
    case 'keepGoing':
    case 'begin':
      // Moving on is a fine outcome: the item is skipped for now.
      return decide({ ...state, guided: back }, { kind: 'disposition', item: stuckItem, outcome: 'skip' });
    default:
      return decide({ ...state, guided: back }, input);
  }
}

/**
 * The question the session was at, asked again: the item in hand keeps its card (where it is, its outline), decision
 * support its aid; with nothing in hand the next step comes, as on a fresh start.
 */
function askAgain(state: SessionState, phase: GuidedState): Decision {
  switch (phase.phase) {
    case 'surveying':
      return surveying(state, phase, { kind: 'begin' });
    case 'sorting': {
      const { currentItem, currentDetection } = phase;
      if (!currentItem) return sorting(state, phase, { kind: 'begin' });
      const seen = currentDetection && proposalFor(state, currentDetection);
      if (seen) return propose(seen, phase, {});
      if (includesName(carriedLeft(state), currentItem)) return askCarried(currentItem, phase);
      return askAbout(currentItem, phase);
    }
    case 'splitting':
      return splitting(state, phase, { kind: 'begin' });
    case 'refining':
      return refining(state, phase, { kind: 'begin' });
    case 'decisionSupport':
      return aid(state, phase.stuckItem, phase.active, phase.returnTo, phase.stuckDetection);
  }
}

function askAbout<P extends GuidedState>(item: string, next: P, active: ActiveState = activeOf(next), state?: SessionState): Decision {
  // A thing the person pointed at and named: its card shows where they pointed.
  const pointed = 'currentFocus' in next && next.currentFocus && next.currentItem === item ? next.currentFocus : undefined;
  // Going round the unsure pile, the things of one name there are one card ("12 books"), as they are one line.
  const unsure = next.phase === 'refining' && state ? state.piles.unsure.filter((entry) => sameName(entry.name, item)) : [];
  const several = unsure.length;
  // Things the detector found and the person was unsure of are still only seen: "not sure" said nothing of them.
  const detected = state !== undefined && unsure.length > 0 && unsure.every((entry) => isDetectedThing(state, entry.thing));
  return {
    action: {
      kind: 'askItemDecision',
      item,
      choices: choicesFor(item, active, { inPlace: false, several: several > 1, detected }),
      ...(pointed ? { where: pointed.label, focus: [pointed] } : {}),
      ...(several > 1 ? { count: several } : {}),
    },
    next,
  };
}

/** A card for an item left unsure last time, saying so where a detected thing's card says where it is. */
function askCarried(item: string, here: PhaseOf<'sorting'>): Decision {
  return { action: { kind: 'askItemDecision', item, choices: cardChoices(item, here.active), where: CARRIED_WHERE }, next: { ...here, currentItem: item } };
}

type Proposed = Pick<Extract<Action, { kind: 'askItemDecision' }>, 'picked' | 'pointed' | 'spotThings' | 'inPlace'>;

/**
 * A card for a detected thing: its name, where it is, and its outline; `how` says whether the coach picked it for a
 * person who was stuck, the person pointed at it, or it looks put away already.
 */
function propose<P extends PhaseOf<'sorting' | 'refining'>>(proposal: Proposal, here: P, how: Proposed): Decision {
  const { currentFocus: _focus, ...rest } = here;
  const { currentGroup: _group, ...single } = rest as typeof rest & { currentGroup?: unknown };
  return {
    action: {
      kind: 'askItemDecision',
      item: proposal.name,
      choices: choicesFor(proposal.name, here.active, { inPlace: how.inPlace === true, several: false, detected: true }),
      where: proposal.where,
      detection: proposal.ref,
      ...how,
      focus: [proposal.focus],
    },
    next: { ...single, currentItem: proposal.name, currentDetection: proposal.ref } as GuidedState,
  };
}

/**
 * The card for what the photos offer next: one thing, or several of one kind in one place decided together ("the 12
 * books on the table"), with "One at a time" on the card; what looks put away is asked as "already in place?".
 */
function offer(state: SessionState, offered: Offer, here: PhaseOf<'sorting'>): Decision {
  const [first, ...others] = offered.refs;
  const inPlace = offered.inPlace ? { inPlace: true as const } : {};
  const one = others.length === 0 ? proposalFor(state, first) : undefined;
  if (one) return propose(one, here, inPlace);
  return {
    action: {
      kind: 'askItemDecision',
      item: offered.name,
      choices: choicesFor(offered.name, here.active, { inPlace: offered.inPlace, several: true, detected: true }),
      where: offered.where,
      detection: first,
      count: offered.refs.length,
      ...inPlace,
      focus: [...offered.focus],
    },
    next: { ...here, currentItem: offered.name, currentDetection: first, currentGroup: [...offered.refs] },
  };
}

/**
 * A group taken one at a time: its next undecided thing; once none is left, on with the rest of the photos. The group's
 * own card was one about its kind, so after it and two of its things, a card of another kind comes between (when
 * there is one), as it would anywhere: never more than three in a row about one kind.
 */
function nextOfEach(state: SessionState, here: PhaseOf<'sorting'>, how: Proposed): Decision {
  const { each = [], ...active } = here.active;
  const left = each.filter((ref) => !isDecided(state, ref));
  const next = left.map((ref) => proposalFor(state, ref)).find((proposal) => proposal !== undefined);
  if (!next) return sorting(state, { phase: 'sorting', active }, { kind: 'begin' });
  const keep: PhaseOf<'sorting'> = { phase: 'sorting', active: { ...active, each: left } };
  const run = lastRun(state);
  const kind = labelOf(state, next.ref);
  if (!how.picked && kind && run.label === kind && run.cards >= SAME_KIND_RUN - 1) {
    const other = offers(state, active.anchors).find((offered) => offered.label !== kind);
    if (other) return offer(state, other, keep);
  }
  return propose(next, keep, how);
}

const ALREADY_IN_PLACE: DispositionChoice = { label: 'Already in place', disposition: 'keep' };

/**
 * A card's choices for a thing or for several of one kind: the recommendation table's, worded for several ("Keep
 * them here"), never the bin first for what only the detector saw (`detected`); for what looks put away, "Already in
 * place" first.
 */
function choicesFor(name: string, active: ActiveState, card: { inPlace: boolean; several: boolean; detected: boolean }): DispositionChoice[] {
  const table = cardChoices(name, active, card.detected).map((choice) => (card.several ? { ...choice, label: choice.label.replace(/\bit\b/, 'them') } : choice));
  if (!card.inPlace) return table;
  return [ALREADY_IN_PLACE, ...table.filter((choice) => choice.disposition !== 'keep')].slice(0, 4);
}

/**
 * The person pointed at something. What was in hand is put down undecided (it comes back later) and so is a spot
 * pointed at before: one thing there gets its card; several (while sorting) make the spot the next step, its things
 * one by one; nothing the coach may propose gets "what is this?" about where they pointed.
 */
function pointedAt(state: SessionState, phase: PhaseOf<'sorting' | 'refining'>, point: Point): Decision {
  const { spot: _previous, ...active } = phase.active;
  const here = { ...handsFree(phase), active } as PhaseOf<'sorting' | 'refining'>;
  const found = thingsAt(state, point);
  if (!found) return askAgain(state, here);
  if (found.one) return propose(found.one, here, { pointed: 'one' });
  if (found.things.length > 1 && here.phase === 'sorting') {
    const names = found.things.map((thing) => thing.name).filter((name, index, all) => all.findIndex((other) => sameName(other, name)) === index);
    const spot: PhaseOf<'sorting'> = { phase: 'sorting', active: { ...active, spot: found.focus } };
    const [first] = proposals(state, active.anchors).filter((proposal) => inSpot(found.focus, proposal));
    if (!first) return whatIsItThere(state, found.focus, 'spotDone', { phase: 'sorting', active });
    return propose(first, spot, { pointed: 'spot', spotThings: names.slice(0, 4) });
  }
  const [best] = found.things;
  if (best) return propose(best, here, { pointed: 'one' });
  return {
    action: {
      kind: 'askWhatIsIt',
      suggestions: suggestions(state),
      pointed: 'nothing',
      ...(found.inUse ? { inUse: found.inUse } : {}),
      ...(found.living ? { living: found.living } : {}),
      ...(found.around.length ? { around: [...found.around] } : {}),
      focus: [found.focus],
    },
    next: here,
  };
}

/** The next thing in the spot the person pointed at; once none is left, what else is there (and the spot is done). */
function nextInSpot(state: SessionState, spot: Focus, here: PhaseOf<'sorting'>): Decision {
  const [next] = proposals(state, here.active.anchors).filter((proposal) => inSpot(spot, proposal));
  if (next) return propose(next, here, {});
  const { spot: _done, ...active } = here.active;
  return whatIsItThere(state, spot, 'spotDone', { phase: 'sorting', active });
}

function whatIsItThere(state: SessionState, focus: Focus, pointed: 'nothing' | 'spotDone', next: PhaseOf<'sorting'>): Decision {
  return { action: { kind: 'askWhatIsIt', suggestions: suggestions(state), pointed, focus: [focus] }, next };
}

/** "Which cup?": the detected things of that name, each by where it is, to pick or point at. */
function whichOne(named: readonly Proposal[], here: PhaseOf<'sorting'>): Decision {
  const shown = named.slice(0, 6);
  const labels = shown.map((proposal) => sentenceCase(proposal.where));
  // Two in the same place read the same: a number tells them apart.
  const options = shown.map((proposal, index) => ({
    label: labels.filter((label) => label === labels[index]).length > 1 ? `${labels[index]} (${index + 1})` : labels[index]!,
    ref: proposal.ref,
  }));
  return { action: { kind: 'askWhichOne', item: shown[0]!.name, options, focus: shown.map((proposal) => proposal.focus) }, next: here };
}

/** The phase with nothing in hand. */
function handsFree<P extends PhaseOf<'sorting' | 'refining'>>(phase: P): P {
  // A busy spot card the person pointed away from is no longer what "I'm stuck" is about either.
  const { currentItem: _item, currentDetection: _detection, currentFocus: _focus, currentSpot: _spot, ...rest } = phase as P & { currentSpot?: string };
  return rest as unknown as P;
}

function aid(
  state: SessionState,
  item: string,
  active: ActiveState,
  returnTo: PhaseOf<'decisionSupport'>['returnTo'],
  detection: DetectionRef | undefined,
): Decision {
  const seen = detection && proposalFor(state, detection);
  return {
    action: {
      kind: 'decisionAid',
      item,
      function: active.function,
      choices: [...cardChoices(item, active, detection !== undefined).slice(0, 3), LEAVE_IT],
      ...(seen ? { where: seen.where, focus: [seen.focus] } : {}),
    },
    next: { phase: 'decisionSupport', active, stuckItem: item, ...(detection ? { stuckDetection: detection } : {}), returnTo },
  };
}

/**
 * What the first instruction names, as sorting's first card will ask it: "the bottle (on the table, left side)", "the
 * 12 books (on the table, photo 2)", or "something from the pile on the bed" when the mess comes first.
 */
function startWith(state: SessionState, anchors: readonly string[]): string | undefined {
  const first = nextOffer(state, anchors);
  const mess = first && messSpot(state, [], first);
  return mess ? `something from ${mess.spot}` : first && phraseOf(first);
}

/** "the bottle (on the table, left side)", "the 12 books (on the table, photo 2)": a card's thing, named. */
function phraseOf(offered: Offer): string {
  const what = offered.refs.length > 1 ? counted(offered.refs.length, offered.name) : offered.name;
  return `the ${what} (${offered.where})`;
}

/**
 * What the item in hand is, when it is the one named: the detected thing the coach proposed (and every one of a
 * group), and where the person pointed at it.
 */
function inHandOf(phase: PhaseOf<'sorting' | 'refining'>, item: string): Pick<PhaseOf<'sorting'>, 'currentDetection' | 'currentGroup' | 'currentFocus'> {
  if (!phase.currentItem || !sameName(phase.currentItem, item)) return {};
  const group = phase.phase === 'sorting' ? phase.currentGroup : undefined;
  return {
    ...(phase.currentDetection ? { currentDetection: phase.currentDetection } : {}),
    ...(group ? { currentGroup: group } : {}),
    ...(phase.currentFocus ? { currentFocus: phase.currentFocus } : {}),
  };
}

/** The detected thing the item in hand is, when the coach proposed it. */
function detectionOf(phase: PhaseOf<'sorting' | 'refining'>, item: string): { currentDetection?: DetectionRef } {
  return phase.currentDetection && phase.currentItem && sameName(phase.currentItem, item) ? { currentDetection: phase.currentDetection } : {};
}

function overwhelmed(trigger: string | undefined, phase: PhaseOf<'sorting' | 'refining'>): Decision {
  if (!trigger) return { action: { kind: 'energyCheck', reason: 'overwhelmed' }, next: phase };
  // Overwhelmed by one thing after another: a pivot each time, as "I'm stuck" changes the approach, and the third a break.
  const stuck = (phase.active.stuck ?? 0) + 1;
  if (stuck >= STUCK_BREAK) return offerBreak(phase);
  const active = { ...phase.active, stuck };
  const anchor = active.anchors.find((candidate) => !sameName(candidate, trigger));
  const location = anchor?.replace(/^(?:the|my|a|an)\s+/i, '') || 'nearest clear surface';
  // Turned elsewhere, nothing stays in hand: the card just answered must not come straight back. The piles of a split
  // being refined wait for another day too, as when a split is declined.
  const waiting = phase.phase === 'refining' ? phase.categories.flatMap((category) => category.items) : [];
  return {
    action: { kind: 'pivotAway', trigger, location },
    next: { phase: 'sorting', active: { ...active, later: unique([...active.later, trigger, ...waiting]), pivot: location } },
  };
}

/** The card after a pivot: one thing at the place the person was turned to. */
function atPivot(state: SessionState, here: PhaseOf<'sorting'>, pivot: string): Decision {
  const { pivot: _pivot, ...active } = here.active;
  return { action: { kind: 'askWhatIsIt', suggestions: suggestions(state), spot: placeName(pivot) }, next: { ...here, active } };
}

function clarify(heard: string, item: string | undefined, next: GuidedState): Decision {
  return { action: { kind: 'askClarify', heard, about: item ? 'disposition' : 'item', ...(item ? { item } : {}) }, next };
}

function noted(phase: PhaseOf<'sorting' | 'refining'>, input: Extract<Input, { kind: 'function' | 'anchors' }>): Decision {
  const active =
    input.kind === 'function'
      ? { ...phase.active, function: input.function }
      : { ...phase.active, anchors: unique([...phase.active.anchors, ...input.anchors]) };
  return { action: { kind: 'ackProgress', reason: 'noted' }, next: { ...phase, active } };
}

/**
 * The mess comes first: a busy spot where something the detector could not name is left on a bed, a table, a sofa, a
 * chair or the floor (`SpotCard.mess`) is asked about between the things it named, not after all of them. It comes
 * first when the first thing the detector would offer is not itself left about, and after each thing the detector
 * named; after a thing the person named (from a spot card, most often), a thing the detector named. The spots take
 * turns, one per thing the person named, while things left about are offered, and each is asked at least once before
 * what is not left about. Cards the person passed never come back.
 */
function messSpot(state: SessionState, passedCards: readonly string[], next: Offer): SpotCard | undefined {
  const last = state.decisions.at(-1);
  if (last ? !last.detection : next.clutter) return undefined;
  const spots = busySpots(state).filter((cards) => cards[0]!.mess);
  const named = state.decisions.filter((decision) => !decision.detection).length;
  if (!next.clutter && named >= spots.length) return undefined;
  const passed = new Set(passedCards);
  const wholes = spots.map((cards) => cards[0]!).filter((card) => !passed.has(card.key));
  return wholes[named % Math.max(wholes.length, 1)];
}

/** A busy spot card: what is there and where ("There's a pile on the floor, by the bed"), outlined. */
function askAtSpot(state: SessionState, here: PhaseOf<'sorting'>, card: SpotCard, extra: Partial<Extract<Action, { kind: 'askWhatIsIt' }>> = {}): Decision {
  return {
    action: { kind: 'askWhatIsIt', suggestions: suggestions(state), spot: card.spot, sight: card.sight, at: card.at, ...extra, focus: [card.focus] },
    next: { ...here, currentSpot: card.key },
  };
}

/**
 * A busy spot card passed: never shown again. Passed while things the detector named are left (`early`), it is kept
 * apart, so the first card after they run out still says so.
 */
function passing(active: ActiveState, key: string, early: boolean): Pick<ActiveState, 'passed' | 'passedEarly'> {
  return early ? { passedEarly: unique([...(active.passedEarly ?? []), key]) } : { passed: unique([...(active.passed ?? []), key]) };
}

/** The "one small thing, anywhere" card, as `currentSpot` names it. */
const SMALLER = 'smaller';
/** Stuck on the plain card ("what's the nearest thing?"): the smaller step comes next. */
const SMALLER_AFTER_PLAIN = 'plain';

/**
 * The card for when nothing detected is left: a busy spot (the busiest first, taking turns as the person names
 * things there), or the nearest thing. `stuckOn` is the card the person was just stuck on: after a whole spot comes
 * a smaller step at it (a half of it, one thing from it), after a smaller step another spot; a card the person was
 * stuck on never comes back. With no spot card left: one small thing anywhere, and stuck on that, a break.
 */
function whatIsIt(state: SessionState, here: PhaseOf<'sorting'>, stuckOn?: string): Decision {
  const spots = busySpots(state);
  const passed = new Set([...(here.active.passed ?? []), ...(here.active.passedEarly ?? [])]);
  const open = (card: SpotCard) => !passed.has(card.key) && card.key !== stuckOn;
  // Fresh asks take turns over the spots, one per thing the person has named, so the same one is not asked forever.
  const named = state.decisions.filter((decision) => !decision.detection).length;
  const card = stuckOn ? afterStuck(spots, stuckOn, open) : freshSpot(spots, open, named);
  const suggested = suggestions(state);
  if (card) {
    const step = card.step === 'whole' ? {} : card.step === 'half' ? { step: 'half' as const, ...(card.half ? { half: card.half } : {}) } : { step: 'one' as const };
    const news = card.step === 'whole' && !knowsNothingIsLeft(state, here, stuckOn) ? whatWasNamed(state) : {};
    return askAtSpot(state, here, card, { ...step, ...news });
  }
  if (stuckOn === SMALLER) return offerBreak(here);
  if (stuckOn) return { action: { kind: 'askWhatIsIt', suggestions: suggested, smaller: true }, next: { ...here, currentSpot: SMALLER } };
  const news = knowsNothingIsLeft(state, here, stuckOn) ? {} : whatWasNamed(state);
  return { action: { kind: 'askWhatIsIt', suggestions: suggested, ...('namedNothing' in news ? news : {}) }, next: here };
}

/**
 * What the first card after the detected things says about them: that they are all done (`ranOut`), or, when the
 * detector looked at the photos and named nothing the coach could propose, that it could not name anything itself
 * (`namedNothing`): the person points or types from there.
 */
function whatWasNamed(state: SessionState): { ranOut: true } | { namedNothing: true } | Record<string, never> {
  const looked = state.photos.filter((photo) => photo.detections);
  if (looked.length === 0) return {};
  const named = looked.some((photo) => photo.detections!.items.some((item) => isProposable(item.label)));
  return named ? { ranOut: true } : { namedNothing: true };
}

/**
 * Whether the person already knows the coach has run out of things it can name, so a spot card need not say so
 * again: they have been stuck on a spot card, or they have named a thing themselves since the coach last named one
 * (from the photos, or left unsure last time). Read from the session rather than kept in it, so a recorded session
 * with a single spot card replays as it was. New photos whose things are all decided make it news again.
 */
function knowsNothingIsLeft(state: SessionState, here: PhaseOf<'sorting'>, stuckOn: string | undefined): boolean {
  if ((stuckOn && stuckOn !== SMALLER && stuckOn !== SMALLER_AFTER_PLAIN) || (here.active.passed?.length ?? 0) > 0) return true;
  const carried = state.carriedOver?.unsure ?? [];
  const last = state.decisions.at(-1);
  return last !== undefined && !last.detection && !includesName(carried, last.item);
}

/** After "I'm stuck": at a whole spot, a smaller step there; at a smaller step, the next spot; else any card left. */
function afterStuck(spots: readonly SpotCard[][], stuckOn: string, open: (card: SpotCard) => boolean): SpotCard | undefined {
  const at = spots.findIndex((cards) => cards.some((card) => card.key === stuckOn));
  const smaller = at >= 0 && spots[at]![0]!.key === stuckOn ? spots[at]!.slice(1).find(open) : undefined;
  const others = at >= 0 ? [...spots.slice(at + 1), ...spots.slice(0, at)] : spots;
  return smaller ?? others.map((cards) => cards[0]!).find(open) ?? spots.flat().find(open);
}

function freshSpot(spots: readonly SpotCard[][], open: (card: SpotCard) => boolean, turn: number): SpotCard | undefined {
  const wholes = spots.map((cards) => cards[0]!).filter(open);
  return wholes[turn % Math.max(wholes.length, 1)] ?? spots.flat().find(open);
}

/** Stuck again and again: a break is offered ("Stop here for today?"), and the run of "I'm stuck" starts over. */
function offerBreak(phase: PhaseOf<'sorting' | 'refining' | 'decisionSupport'>): Decision {
  return { action: { kind: 'energyCheck', reason: 'overwhelmed' }, next: unstuck(phase) };
}

function unstuck<P extends Exclude<GuidedState, { phase: 'surveying' }>>(phase: P): P {
  const { stuck: _stuck, unread: _unread, ...active } = phase.active;
  return { ...phase, active };
}

function paused(phase: GuidedState): Decision {
  return { action: { kind: 'ackProgress', reason: 'paused' }, next: phase };
}

function firstStep(active: ActiveState): Action {
  return { kind: 'firstInstruction', reason: 'overwhelmed', function: active.function };
}

function instruction(state: SessionState, records: readonly [DecisionRecord, ...DecisionRecord[]], refining: boolean): Action {
  const [record] = records;
  const { item, outcome } = record;
  const count = records.length > 1 ? { count: records.length } : {};
  switch (outcome) {
    case 'trash':
    case 'donate':
    case 'recycle': {
      const moving = (entry: PileItem) => records.some((each) => isThingOf(entry, each));
      const before = state.piles.out.filter((entry) => !moving(entry)).length;
      const out = before + records.length;
      const at = record.location ? { location: record.location } : {};
      // Every BAG_EVERY things out, a bag to the door: said when this answer crosses a multiple of it.
      return Math.floor(out / BAG_EVERY) > Math.floor(before / BAG_EVERY)
        ? { kind: 'instructBag', item, outcome, ...at, out, ...count }
        : { kind: 'instructTrash', item, outcome, ...at, ...count };
    }
    case 'place':
      return { kind: 'instructPlace', item, location: record.location ?? 'its place', ...count };
    case 'unsure':
      return { kind: 'instructUnsure', item, unsure: unsureAfter(state, records).length, later: refining, ...count };
    case 'keep':
    case 'skip':
      return { kind: 'instructNext', item, outcome, ...count };
  }
}

/** What the person can do when it is time to stop: the facts, and what is left for next time. */
export function summaryOf(state: SessionState, phase: GuidedState): Extract<Action, { kind: 'summary' }> {
  const { unsure } = state.piles;
  const counts = pileCounts(state);
  const later = phase.phase === 'surveying' ? [] : phase.active.later;
  const areas = later.filter((entry) => !unsure.some((item) => sameName(item.name, entry)));
  // Things of one name left unsure are one line with their count ("book ×2"), as the piles show them.
  const undecided = [...pileLines(groupedPiles(state).undecided).map(lineName), ...carriedLeft(state)];
  const nextTime = [
    ...undecided.slice(0, 3).map((item) => `Decide on: ${item}`),
    ...areas.slice(0, 3).map((area) => `${area.charAt(0).toUpperCase()}${area.slice(1)}`),
  ];
  return {
    kind: 'summary',
    summary: decidedText(counts),
    nextTime,
    processed: counts.decided,
    counts: counts.text,
    leaving: counts.leaving,
  };
}

/** Things the photos show that nobody has decided on yet, to offer as the next item. */
function suggestions(state: SessionState): string[] {
  const decided = state.decisions.map((decision) => decision.item);
  const visible = state.photos.flatMap((photo) => photo.facts?.visibleItems ?? []);
  return unique(visible.filter((item) => !decided.some((done) => sameName(done, item)))).slice(0, 4);
}

/** The unsure pile's names once the records are applied: the things they are about leave it, and join it again when unsure. */
function unsureAfter(state: SessionState, records: readonly DecisionRecord[]): string[] {
  const others = state.piles.unsure.filter((entry) => !records.some((record) => isThingOf(entry, record))).map((entry) => entry.name);
  return [...others, ...records.filter((record) => record.outcome === 'unsure').map((record) => record.item)];
}

function needsLocation(input: Extract<Input, { kind: 'disposition' }>): boolean {
  return input.outcome === 'place' && !input.location;
}

/**
 * The things an answer is about. The card in hand is a group of detected things (each decided), or one detected
 * thing, or (while refining) every thing of that name in the unsure pile, going round again so each moves instead of
 * being counted twice, or the thing the person named.
 */
function recordsOf(state: SessionState, input: Extract<Input, { kind: 'disposition' }>, phase: PhaseOf<'sorting' | 'refining'>): readonly [DecisionRecord, ...DecisionRecord[]] {
  const { item, outcome } = input;
  const answer = { item, outcome, ...(input.location ? { location: input.location } : {}) };
  const { currentDetection, currentGroup } = inHandOf(phase, item);
  if (currentGroup) return nonEmpty(currentGroup.map((detection) => ({ ...answer, detection })));
  if (currentDetection) return [{ ...answer, detection: currentDetection }];
  const unsure = phase.phase === 'refining' ? state.piles.unsure.filter((entry) => sameName(entry.name, item)) : [];
  const [first, ...more] = unsure.map((entry) => ({ ...answer, thing: thingOfEntry(entry) }));
  return first ? [first, ...more] : [answer];
}

/** Whether a pile entry is a thing the detector found (its key is a detection's), not one the person named. */
function isDetectedThing(state: SessionState, thing: string | undefined): boolean {
  return thing !== undefined && state.decisions.some((decision) => decision.detection !== undefined && detectionThing(decision.detection) === thing);
}

function activeOf(phase: GuidedState): ActiveState {
  if (phase.phase === 'surveying') throw new Error('Surveying has no active state yet.');
  return phase.active;
}

type Refinable = PhaseOf<'refining'>['categories'];

function refinable(categories: readonly Category[]): Refinable {
  const kept = categories.filter((category): category is Refinable[number] => category.items.length > 0);
  return nonEmpty(kept);
}

function nonEmpty<T>(list: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error('Expected at least one category.');
  return [first, ...rest];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** A detected thing's name and what a person calls it: "the cups", "my cup" and "cup" are all the cup. */
const sameThing = (name: string, said: string) => {
  const bare = said.trim().toLowerCase().replace(/^(?:the|my|a|an|that|this|those|these)\s+/, '');
  const lower = name.toLowerCase();
  return bare === lower || bare === `${lower}s` || bare === `${lower}es`;
};
const sentenceCase = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const includesName = (list: readonly string[], name: string) => list.some((entry) => sameName(entry, name));

function unique(list: readonly string[]): string[] {
  return list.filter((entry, index) => list.findIndex((other) => sameName(other, entry)) === index);
}
