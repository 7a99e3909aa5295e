export { newSessionState } from './new-session';
export { pileFor, recordDecision } from './decisions';
export type { Outcome } from './decisions';
