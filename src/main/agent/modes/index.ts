export type { ModeVisit } from './accessor';
export { ModeAccessor } from './accessor';
export type {
  InvokableOptions,
  IsolationLevel,
  ModeDefinition,
  ModeExit,
  ModeGenerator,
  ModeHandler,
  ModeOptions,
} from './definition';
export { defineMode, ISOLATION_LEVELS } from './definition';
export {
  IsolationError,
  ModeDefinitionError,
  ModeError,
  ModeHandlerError,
  ModeParamsError,
  ModeStackError,
  TransitionError,
  UnknownModeError,
} from './errors';
export type { ModeCallOptions, ModeHost } from './manager';
export { DEFAULT_MAX_MODE_DEPTH, ModeManager } from './manager';
export type { ModeStateView } from './state';
export type { ModeParams, ModeTransitionKind } from './transition';
export { ModeTransition } from './transition';
