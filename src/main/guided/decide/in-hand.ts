/** What is in hand while sorting or refining: the detected thing (or group) the item named is, and putting it down. */
import type { DetectionRef } from '../../../shared/detection/schema';
import type { PhaseOf } from '../phases';
import { sameName } from './names';

/** The phase with nothing in hand. */
export function handsFree<P extends PhaseOf<'sorting' | 'refining'>>(phase: P): P {
  // A busy spot card the person pointed away from is no longer what "I'm stuck" is about either.
  const { currentItem: _item, currentDetection: _detection, currentFocus: _focus, currentSpot: _spot, ...rest } = phase as P & { currentSpot?: string };
  return rest as unknown as P;
}

/**
 * What the item in hand is, when it is the one named: the detected thing the coach proposed (and every one of a
 * group), and where the person pointed at it.
 */
export function inHandOf(phase: PhaseOf<'sorting' | 'refining'>, item: string): Pick<PhaseOf<'sorting'>, 'currentDetection' | 'currentGroup' | 'currentFocus'> {
  if (!phase.currentItem || !sameName(phase.currentItem, item)) return {};
  const group = phase.phase === 'sorting' ? phase.currentGroup : undefined;
  return {
    ...(phase.currentDetection ? { currentDetection: phase.currentDetection } : {}),
    ...(group ? { currentGroup: group } : {}),
    ...(phase.currentFocus ? { currentFocus: phase.currentFocus } : {}),
  };
}

/** The detected thing the item in hand is, when the coach proposed it. */
export function detectionOf(phase: PhaseOf<'sorting' | 'refining'>, item: string): { currentDetection?: DetectionRef } {
  return phase.currentDetection && phase.currentItem && sameName(phase.currentItem, item) ? { currentDetection: phase.currentDetection } : {};
}
