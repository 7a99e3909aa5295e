/**
 * Surveying: what the space is for and what has to stay, before sorting starts (the rows From Surveying of the table
 * in index.ts): a room it knows confirmed with one card, or picked up where last time left it; the first instruction,
 * naming the first card sorting will ask.
 */
import type { SessionState } from '../../../shared/session/schema';
import { roomPhrase } from '../../../shared/rooms/names';
import { counted } from '../../../shared/text/names';
import { carriedLeft } from '../../carry-over/leftovers';
import { nextOffer, type Offer } from '../../detection/offers';
import { anchorCandidates, seenThings } from '../../detection/proposals';
import type { PhaseOf } from '../phases';
import { paused } from './asking';
import type { Decision, Heard, RoomAnswer, Router } from './decision';
import { unique } from './names';
import { sorting } from './sorting';
import { messSpot } from './spots';

/** What the space is taken to be for when the person could not say: everything a home is for. */
export const ANY_SPACE = 'everyday living';

export function surveying(state: SessionState, phase: PhaseOf<'surveying'>, input: Heard | RoomAnswer, router: Router): Decision {
  if (input.kind === 'silent') return paused(phase);
  // Pointing at a thing is where to start, once the coach knows what the space is for; until then it asks that first.
  if (input.kind === 'pointed' || input.kind === 'thing') {
    const fn = phase.gatheredFunction;
    if (!fn) return surveying(state, phase, { kind: 'begin' }, router);
    return sorting(state, { phase: 'sorting', active: { function: fn, anchors: phase.gatheredAnchors, later: [] } }, input, router);
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
  if (input.kind === 'sameRoom' || input.kind === 'roomChanged') return surveying(state, phase, { kind: 'begin' }, router);
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
  // Stuck twice in a row on what the space is for (a question answered, then asked again, is being stuck): no need
  // to know it to start; one small thing, and it can come later.
  // "It's too much" counts as stuck as much as "help" does.
  if (!fn && (input.kind === 'help' || input.kind === 'overwhelmed') && phase.helped) return sortWith('overwhelmed', ANY_SPACE);
  if (fn && blocked) return sortWith('blocked', fn, blocked.firstTarget ?? first);
  if (fn && overwhelmed) return sortWith('overwhelmed', fn);
  if (fn && hasAnchors) return sortWith('ready', fn);
  const gathered: PhaseOf<'surveying'> = {
    phase: 'surveying',
    gatheredAnchors: anchors,
    ...(fn ? { gatheredFunction: fn } : {}),
    ...(phase.revisit ? { revisit: true } : {}),
    ...(input.kind === 'help' || input.kind === 'overwhelmed' || (phase.helped && input.kind === 'begin') ? { helped: true } : {}),
  };
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
