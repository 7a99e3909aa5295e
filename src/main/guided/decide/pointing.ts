/**
 * The person pointed at something while sorting or refining: one thing gets its card, a spot with several (sorting)
 * its things one by one and then "what else is there?", nothing known "what is this?" about where they pointed.
 */
import type { Focus } from '../../../shared/detection/schema';
import type { Point } from '../../../shared/pointing/schema';
import type { SessionState } from '../../../shared/session/schema';
import { inSpot, thingsAt } from '../../detection/pointed';
import { proposals } from '../../detection/proposals';
import type { PhaseOf } from '../phases';
import { propose } from './asking';
import type { Decision, Router } from './decision';
import { handsFree } from './in-hand';
import { sameName } from './names';
import { suggestions } from './records';

/**
 * The person pointed at something. What was in hand is put down undecided (it comes back later) and so is a spot
 * pointed at before: one thing there gets its card; several (while sorting) make the spot the next step, its things
 * one by one; nothing the coach may propose gets "what is this?" about where they pointed.
 */
export function pointedAt(state: SessionState, phase: PhaseOf<'sorting' | 'refining'>, point: Point, router: Router): Decision {
  const { spot: _previous, ...active } = phase.active;
  const here = { ...handsFree(phase), active } as PhaseOf<'sorting' | 'refining'>;
  const found = thingsAt(state, point);
  if (!found) return router.askAgain(state, here);
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
export function nextInSpot(state: SessionState, spot: Focus, here: PhaseOf<'sorting'>): Decision {
  const [next] = proposals(state, here.active.anchors).filter((proposal) => inSpot(spot, proposal));
  if (next) return propose(next, here, {});
  const { spot: _done, ...active } = here.active;
  return whatIsItThere(state, spot, 'spotDone', { phase: 'sorting', active });
}

function whatIsItThere(state: SessionState, focus: Focus, pointed: 'nothing' | 'spotDone', next: PhaseOf<'sorting'>): Decision {
  return { action: { kind: 'askWhatIsIt', suggestions: suggestions(state), pointed, focus: [focus] }, next };
}
