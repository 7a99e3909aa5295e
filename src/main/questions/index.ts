export { QuestionBroker, systemTimers } from './broker';
export type { QuestionBrokerDeps, QuestionSpec, Timers } from './broker';
