/**
 * Sorting: one card at a time about what is in the room (the rows From Sorting of the table in index.ts). What the
 * photos offer next (detection/offers.ts), a group of one kind as one card and then one at a time, "which one?" for a
 * name several detected things have, the card at the place a pivot turned to, an answer recorded (and the split once
 * the unsure pile is big enough), and "I'm stuck" with or without something in hand.
 */
import type { SessionState } from '../../../shared/session/schema';
import { isPlural, placeName } from '../../../shared/text/names';
import { carriedLeft } from '../../carry-over/leftovers';
import { labelOf, lastRun, nextOffer, offers, SAME_KIND_RUN, type Offer } from '../../detection/offers';
import { isDecided, proposalFor, proposals, type Proposal } from '../../detection/proposals';
import type { Action } from '../actions';
import type { ActiveState, PhaseOf } from '../phases';
import { emergentCategories, UNSURE_THRESHOLD } from '../split';
import { aid, askAbout, askCarried, choicesFor, clarify, noted, offerBreak, overwhelmed, paused, propose, type Proposed } from './asking';
import { STUCK_BREAK, type Decision, type Heard, type Router } from './decision';
import { detectionOf, inHandOf } from './in-hand';
import { includesName, nonEmpty, sameName, sameThing, sentenceCase } from './names';
import { nextInSpot, pointedAt } from './pointing';
import { instruction, needsLocation, recordsOf, suggestions, unsureAfter } from './records';
import { askAtSpot, messSpot, passing, SMALLER, SMALLER_AFTER_PLAIN, whatIsIt } from './spots';

export function sorting(state: SessionState, phase: PhaseOf<'sorting'>, input: Heard, router: Router): Decision {
  // Anything said after a pivot other than going on answers it: the card at the place is no longer owed.
  if (phase.active.pivot && input.kind !== 'begin' && input.kind !== 'next' && input.kind !== 'split') {
    const { pivot: _pivot, ...active } = phase.active;
    return sorting(state, { ...phase, active }, input, router);
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
      return pointedAt(state, phase, input.point, router);
    case 'thing': {
      const chosen = proposalFor(state, input.ref);
      return chosen ? propose(chosen, here, {}) : router.askAgain(state, phase);
    }
    case 'oneAtATime':
      // The group in hand, one thing at a time: its things come first, then the rest as before.
      return phase.currentGroup ? nextOfEach(state, { ...here, active: { ...active, each: phase.currentGroup } }, {}, router) : router.askAgain(state, phase);
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
      if (phase.currentGroup && (!input.item || sameName(input.item, phase.currentItem ?? ''))) return nextOfEach(state, { ...counted, active: { ...counted.active, each: phase.currentGroup } }, { picked: true }, router);
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
        return router.decide(state, { kind: 'disposition', item: phase.currentItem, outcome: 'skip' });
      }
      // A spot the person pointed at comes first: what is in it, one at a time, then what else is there.
      if (active.spot) return nextInSpot(state, active.spot, here);
      // A group taken one at a time goes on until its things are decided.
      if (active.each) return nextOfEach(state, here, {}, router);
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
      if (input.kind === 'next') return sorting(state, phase, { kind: 'help' }, router);
      return whatIsIt(state, here);
    }
  }
}

/**
 * The group card in hand, asked again (a question answered on it, an answer taken back): its things as the photos
 * offer them together now, or undefined when they no longer are a group (some decided since).
 */
export function groupAgain(state: SessionState, phase: PhaseOf<'sorting'>): Decision | undefined {
  const { currentGroup, currentDetection } = phase;
  if (!currentGroup || !currentDetection) return undefined;
  const same = (ref: { photoId: string; itemId: string }) => ref.photoId === currentDetection.photoId && ref.itemId === currentDetection.itemId;
  const group = offers(state, phase.active.anchors).find((each) => each.refs.length > 1 && each.refs.some(same));
  const { currentGroup: _group, currentDetection: _detection, currentItem: _item, ...here } = phase;
  return group ? offer(state, group, here) : undefined;
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
function nextOfEach(state: SessionState, here: PhaseOf<'sorting'>, how: Proposed, router: Router): Decision {
  const { each = [], ...active } = here.active;
  const left = each.filter((ref) => !isDecided(state, ref));
  const next = left.map((ref) => proposalFor(state, ref)).find((proposal) => proposal !== undefined);
  if (!next) return sorting(state, { phase: 'sorting', active }, { kind: 'begin' }, router);
  const keep: PhaseOf<'sorting'> = { phase: 'sorting', active: { ...active, each: left } };
  const run = lastRun(state);
  const kind = labelOf(state, next.ref);
  if (!how.picked && kind && run.label === kind && run.cards >= SAME_KIND_RUN - 1) {
    const other = offers(state, active.anchors).find((offered) => offered.label !== kind);
    if (other) return offer(state, other, keep);
  }
  return propose(next, keep, how);
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


/** The card after a pivot: one thing at the place the person was turned to. */
function atPivot(state: SessionState, here: PhaseOf<'sorting'>, pivot: string): Decision {
  const { pivot: _pivot, ...active } = here.active;
  return { action: { kind: 'askWhatIsIt', suggestions: suggestions(state), spot: placeName(pivot) }, next: { ...here, active } };
}

function firstStep(active: ActiveState): Action {
  return { kind: 'firstInstruction', reason: 'overwhelmed', function: active.function };
}
