/**
 * The session log: one append-only `log.jsonl` per session (version 3: events, with the state as a fold over them
 * and checkpoints now and then), the journal through which a session's effects are recorded live and served back
 * in replay, and what resume, the session list and `replay --check` need on top.
 */
export type {
  CoachMemory,
  LogEvent,
  LogEventInput,
  LogEventOf,
  LogEventType,
  LoggedLlmResponse,
  ModelSummary,
  RequestParts,
  SessionDocument,
} from './events';
export {
  CoachMemorySchema,
  DURABLE_EVENTS,
  LOG_VERSION,
  LogEventSchema,
  LogVersionError,
  ResolutionSchema,
  SessionDocumentSchema,
  upgrade,
} from './events';
export type { RequestFingerprint } from './fingerprint';
export { canonicalJson, requestFingerprint, sha256Hex } from './fingerprint';
export type { SessionLogWriterOptions } from './writer';
export { SessionLogWriter } from './writer';
export type { SessionLog, SessionLogTail, TornTail } from './reader';
export { parseSessionLog, readSessionLog, readSessionLogTail, SessionLogError } from './reader';
export type { FoldedTurn, Input, InputEvent } from './fold';
export { applyInput, documentOf, foldLog, isInput, LogFoldError, openQuestionOf, sessionOfLog } from './fold';
export type { Divergence, JournalOptions, JournalWriter, LiveEffects, PlayHooks, ReplayedEffect } from './journal';
export { Journal, ReplayDivergenceError } from './journal';
export type { ListedSession, SessionListing, SessionMeta, SessionPaths } from './metadata';
export { listSessions, metaFromState, SessionMetaSchema, sessionPaths, writeSessionMeta } from './metadata';
export { describeModel, hashTemplates } from './session-start';
export type { Difference } from './diff';
export { differences, formatDifferences } from './diff';
export { archiveFileName, archiveOfFolder, exportSessionArchive, importSessionArchive, MAX_ARCHIVE_BYTES, SessionArchiveError } from './archive';
