import { describeReplayProperty } from '../../../test-support/replay-property';

describeReplayProperty('the guided coach with no model', 'guided', 30);
