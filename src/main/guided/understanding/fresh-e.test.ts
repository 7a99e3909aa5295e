import path from 'node:path';
import { describeLabelledSet } from '../../../../test-support/labelled-set';

/**
 * The fifth set written blind, for issue 36's second round, by two helpers who never saw the reader nor any earlier
 * set, from `blind-set-brief.md` (278 answers, 271 once the 7 worded alike by both were dropped), sealed until the
 * reader was done and measured once, at the end (`npm run eval -- --understanding --corpus fresh-e.jsonl`, commit
 * cf213e7): 216/271 (79.7 %) read as meant, 6 of them confirmed with the right reading first; 16 confirmations (5.9 %);
 * no false stop; 7 things read as leaving the home where the label said otherwise. Rules alone read 77.5 %, the
 * classifier alone 79.3 %. The goal was 90 % and nothing moved out unsaid: not met. Committed now that it has judged,
 * it trains the learned reader too; the floor guards against going back.
 */
/** The share read when it was measured unseen (216/271, 79.7 %), rounded down. */
const LEAST_READ_PERCENT = 79;

describeLabelledSet('the fifth blind set (fresh-e)', path.join(import.meta.dirname, 'fresh-e.jsonl'), { answers: 270, readPercent: LEAST_READ_PERCENT });
