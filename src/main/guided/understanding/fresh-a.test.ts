import path from 'node:path';
import { describeLabelledSet } from '../../../../test-support/labelled-set';

/**
 * The first of the sets written blind for issue 27, by people who had never seen the reader. Unseen, the reader read
 * 160/193 (82.9 %) of it as meant, with no false stop. It then became the development set: its misses were sorted
 * into shapes of language and each shape was fixed as a rule, tested on new phrasings added to `corpus.jsonl` (never
 * on these answers). So it is NO LONGER UNSEEN: the figure below guards against going back. The second blind set
 * (fresh-b) has since been measured and tuned on too; a third, kept sealed, is what says how the reader reads answers
 * nobody tuned it to.
 */
/**
 * The share read after the work on its shapes (192/193, 99.5 %), rounded down; it was 82.9 % before. The one miss,
 * fresha-128, names what overwhelms ("too many boxes"), which the reader leaves unnamed: it was taken back while the
 * guided coach's pivot brought back the card just answered (a loop since fixed in guided/decide/).
 */
const LEAST_READ_PERCENT = 99;

describeLabelledSet('the first blind set (fresh-a)', path.join(import.meta.dirname, 'fresh-a.jsonl'), { answers: 190, readPercent: LEAST_READ_PERCENT });
