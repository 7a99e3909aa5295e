export { capabilitiesOf, ConversationalCoach, MAX_TRANSITIONS_PER_TURN } from './coach';
export type { Capabilities, CoachActivity, CoachBaseDeps, ConversationalCoachDeps, TurnInput, TurnOutcome, WindDownChoice } from './coach';
export { MODE_TITLES, MODE_TOOLS, TRANSITION_TOOLS } from './modes';
export { OUTPUT_SCHEMAS } from './outputs';
export { continueMessage, photoMarker } from './history';
