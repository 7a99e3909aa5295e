export { QuestionBroker } from './broker';
export type { QuestionBrokerDeps, QuestionSpec } from './broker';
export { STOP_CARD, stopConfirmed } from './stop';
