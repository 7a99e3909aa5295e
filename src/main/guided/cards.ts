/**
 * The choices on an item's card when no model proposes them: a small keyword table, recommendation first.
 * Easy wins lead (trash and recycling for packaging; a home for things that already have one).
 */
import type { DispositionChoice } from '../../shared/questions/schema';
import type { ActiveState } from '../../shared/session/guided';

interface CardRule {
  readonly pattern: RegExp;
  readonly choices: readonly DispositionChoice[];
}

const KEEP: DispositionChoice = { label: 'Keep it here', disposition: 'keep' };
const DONATE: DispositionChoice = { label: 'Donate', disposition: 'donate' };
const TRASH: DispositionChoice = { label: 'Trash', disposition: 'trash' };
const RECYCLE: DispositionChoice = { label: 'Recycle', disposition: 'recycle' };
const place = (location: string): DispositionChoice => ({ label: `To the ${location}`, disposition: 'place', location });

/** First match wins. */
export const CARD_RULES: readonly CardRule[] = [
  { pattern: /envelope|wrapper|packaging|receipt|flyer|tissue|bottle|\bcans?\b|carton|leaflet/, choices: [TRASH, RECYCLE, KEEP] },
  { pattern: /\b(mug|cup|glass|plate|bowl|dish|spoon|fork|knife)s?\b/, choices: [place('kitchen'), KEEP, DONATE] },
  { pattern: /shirt|clothes|sock|jacket|jumper|sweater|trousers|jeans|dress|hoodie|laundry|\btie\b/, choices: [place('wardrobe'), DONATE, KEEP] },
  { pattern: /\b(banana|apple|orange|sandwich|broccoli|carrot|hot dog|pizza|donut|cake|food|snack|crumbs?)s?\b/, choices: [TRASH, place('kitchen'), KEEP] },
  { pattern: /book|magazine|paper|document|letter|notebook/, choices: [KEEP, place('bookshelf'), RECYCLE] },
  { pattern: /cable|cord|charger|adapter/, choices: [KEEP, place('cable drawer'), RECYCLE] },
  { pattern: /toothbrush|hair ?dryer|hairbrush|toiletr/, choices: [place('bathroom'), KEEP, TRASH] },
  { pattern: /\b(bag|backpack|suitcase|handbag)s?\b/, choices: [place('wardrobe'), KEEP, DONATE] },
  { pattern: /umbrella/, choices: [place('hallway'), KEEP, DONATE] },
  { pattern: /scissors|tape|stapler|pen\b|pens\b|pencil/, choices: [place('desk drawer'), KEEP, DONATE] },
  { pattern: /remote/, choices: [place('TV stand'), KEEP, DONATE] },
  { pattern: /teddy|\btoys?\b|\bballs?\b|frisbee|kite|skateboard|racket|glove|\bbat\b/, choices: [KEEP, place('toy box'), DONATE] },
];

const DEFAULT_CHOICES: readonly DispositionChoice[] = [KEEP, DONATE, TRASH];

/** An anchor stays no matter what, so its card leads with keeping it. */
export function cardChoices(item: string, active: Pick<ActiveState, 'anchors'>): DispositionChoice[] {
  const name = item.toLowerCase();
  if (active.anchors.some((anchor) => name.includes(anchor.toLowerCase()))) return [KEEP, DONATE];
  return [...(CARD_RULES.find((rule) => rule.pattern.test(name))?.choices ?? DEFAULT_CHOICES)];
}
