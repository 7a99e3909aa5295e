import path from 'node:path';
import { describeLabelledSet } from '../../../../test-support/labelled-set';

/**
 * The second of the sets written blind for issue 27, by people who had never seen the reader. Unseen, the reader read
 * 149/186 (80.1 %) of it as meant, with no false stop, after the tuning on fresh-a; the reader from before that tuning
 * had read 141/186 (75.8 %), with 1 false stop. It then became a development set, as fresh-a did: its misses were
 * sorted into shapes of language and each shape was fixed as a rule, tested on new phrasings added to `corpus.jsonl`
 * (never on these answers). So it is NO LONGER UNSEEN: the figure below guards against going back; the third blind
 * set, kept sealed, is what says how the reader reads answers nobody tuned it to.
 */
/**
 * The share read after the work on its shapes (184/186, 98.9 %), rounded down; it was 80.1 % unseen. The two misses
 * name what overwhelms ("the junk drawer... too much", "the whole hallway is just too much"), which the reader leaves
 * unnamed, as with fresh-a's one miss (see fresh-a.test.ts).
 */
const LEAST_READ_PERCENT = 98;

describeLabelledSet('the second blind set (fresh-b)', path.join(import.meta.dirname, 'fresh-b.jsonl'), { answers: 180, readPercent: LEAST_READ_PERCENT });
