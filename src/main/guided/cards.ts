/**
 * The choices on an item's card when no model proposes them: the recommendation table (src/shared/recommendations),
 * by what kind of thing it is and what the space is for, recommendation first.
 */
import type { DispositionChoice } from '../../shared/questions/schema';
import { recommendationFor, seenOnly } from '../../shared/recommendations/table';
import type { ActiveState } from '../../shared/session/guided';

const KEEP: DispositionChoice = { label: 'Keep it here', disposition: 'keep' };
const DONATE: DispositionChoice = { label: 'Donate', disposition: 'donate' };

/**
 * For a thing the table does not know: the card asks where it lives instead of guessing. "Somewhere else" carries
 * no destination, so picking it brings the question "Where does it live?".
 */
export const ASK_CHOICES: readonly DispositionChoice[] = [{ label: 'Somewhere else: I’ll say where', disposition: 'place' }, KEEP, DONATE];

/**
 * An anchor stays no matter what, so its card leads with keeping it. A thing known only from the detector
 * (`detected`: the card is about what it found, and the person has said nothing of it) is never recommended to the
 * bin: a bottle may be full, a banana whole (`seenOnly`).
 */
export function cardChoices(item: string, active: Pick<ActiveState, 'anchors' | 'function'>, detected = false): DispositionChoice[] {
  const name = item.toLowerCase();
  if (active.anchors.some((anchor) => name.includes(anchor.toLowerCase()))) return [KEEP, DONATE];
  const recommendation = recommendationFor(item, active.function);
  if (recommendation.kind === 'ask') return [...ASK_CHOICES];
  return detected ? seenOnly(recommendation.choices, recommendation.item === 'packaging') : [...recommendation.choices];
}
