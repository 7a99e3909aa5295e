import { describeReplayProperty } from '../../../test-support/replay-property';

describeReplayProperty('the guided coach with a model reading and wording', 'guided with a model', 30);
