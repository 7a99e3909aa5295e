import path from 'node:path';
import { describeLabelledSet } from '../../../../test-support/labelled-set';

/**
 * The third set written blind for issue 27, by people who had never seen the reader, kept sealed while the reader was
 * tuned on fresh-a and then fresh-b, and measured once, at the end: 159/193 (82.4 %) read as meant, no false stop. The
 * reader from before the tuning on fresh-b read 154/193 (79.8 %) of it. Of the 34 misses, 10 read as unclear (the card
 * asks again), 20 as the right kind of answer with a detail wrong (a place, an outcome or a name), 4 as another kind.
 * This is the honest figure for answers nobody tuned the reader to; the goal was 95 %. It is committed now that it has
 * judged, so it is no longer unseen either: the floor guards against going back, and a new blind set is what can judge
 * the next round of work.
 */
/** The share read when it was measured unseen (159/193, 82.4 %), rounded down. */
const LEAST_READ_PERCENT = 82;

describeLabelledSet('the third blind set (fresh-c)', path.join(import.meta.dirname, 'fresh-c.jsonl'), { answers: 190, readPercent: LEAST_READ_PERCENT });
