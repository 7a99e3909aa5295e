export { QuestionBroker, systemTimers } from './broker';
export type { QuestionBrokerDeps, QuestionSpec, Timers } from './broker';
export { STOP_CARD, stopConfirmed } from './stop';
