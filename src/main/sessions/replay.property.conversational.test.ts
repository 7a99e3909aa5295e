import { describeReplayProperty } from '../../../test-support/replay-property';

describeReplayProperty('the conversational coach', 'conversational', 40);
