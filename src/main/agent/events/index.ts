export type { AgentEvent, AgentEventOf, AgentEventType, AgentListener, ModeEvent, ModePhase } from './events';
export { EventBus } from './events';
