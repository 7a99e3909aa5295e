export { newSessionState } from '../../shared/session/new-session';
export { pileFor, recordDecision } from './decisions';
export type { Outcome } from './decisions';
