export type { AppendTracker } from './conversation';
export { Conversation } from './conversation';
