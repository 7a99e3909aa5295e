import path from 'node:path';
import { describeLabelledSet } from '../../../../test-support/labelled-set';

/**
 * The fourth set written blind, for issue 36, by two helpers who never saw the reader nor any earlier set, from
 * `blind-set-brief.md` (271 answers, 263 once the 8 worded alike by both were dropped), sealed until the reader was
 * done and measured once, at the end (`npm run eval -- --understanding --corpus fresh-d.jsonl`, commit a987dc9):
 * 217/263 (82.5 %) read as meant, 7 of them confirmed with the right reading first; 11 confirmations (4.2 %); no
 * false stop; 8 things read as leaving the home where the label said otherwise. Rules alone read 81.0 %, the classifier
 * alone 76.0 %; the reader from before issue 36 read 66.9 % (the brief leaned on the shapes it missed). The goal was
 * 90 % and no thing moved out unsaid: not met. Committed now that it has judged, it trains the learned reader too, so
 * the floor guards against going back and a new blind set is what can judge the next round.
 */
/** The share read when it was measured unseen (217/263, 82.5 %), rounded down. */
const LEAST_READ_PERCENT = 82;

describeLabelledSet('the fourth blind set (fresh-d)', path.join(import.meta.dirname, 'fresh-d.jsonl'), { answers: 260, readPercent: LEAST_READ_PERCENT });
