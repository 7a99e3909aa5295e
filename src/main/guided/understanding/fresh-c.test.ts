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
 *
 * For issue 36 it was a development set: its misses were sorted into shapes (questions back, things going back to
 * their owner, piles for later, ways out named as places, stops said as leaving), each read by a rule tested on new
 * phrasings in corpus.jsonl, and the learned reader beside the rules asks where the two disagree and it matters. With
 * four labels changed to the new conventions (a return is a place, a question is a question), it reads 176/193
 * (91.2 %), 7 of them asked about (the reading offered first was meant in those counted), none moved out unsaid.
 */
/** The share read after issue 36's work (176/193, 91.2 %), rounded down; unseen, it was 82.4 %. */
const LEAST_READ_PERCENT = 91;

describeLabelledSet('the third blind set (fresh-c)', path.join(import.meta.dirname, 'fresh-c.jsonl'), { answers: 190, readPercent: LEAST_READ_PERCENT });
