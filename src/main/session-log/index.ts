/**
 * The session log (issue 5): one append-only `log.jsonl` per session, recording interpreters that write every
 * nondeterministic result to it, replay interpreters that serve them back with no network, and what resume,
 * the session list and `replay --check` need on top.
 */
export type {
  LogEvent,
  LogEventInput,
  LogEventOf,
  LogEventType,
  LoggedLlmResponse,
  ModelSummary,
  RequestParts,
} from './events';
export { DURABLE_EVENTS, LOG_VERSION, LogEventSchema, LogVersionError, ResolutionSchema, upgrade } from './events';
export type { RequestFingerprint } from './fingerprint';
export { canonicalJson, requestFingerprint, sha256Hex } from './fingerprint';
export type { SessionLogWriterOptions } from './writer';
export { SessionLogWriter } from './writer';
export type { SessionLog, TornTail } from './reader';
export { parseSessionLog, readSessionLog, SessionLogError } from './reader';
export type { ListedSession, SessionListing, SessionMeta, SessionPaths } from './metadata';
export { listSessions, metaFromState, SessionMetaSchema, sessionPaths, writeSessionMeta } from './metadata';
export { describeModel, hashTemplates } from './session-start';
export type { RecordingQuestionOptions } from './recording';
export {
  recordingClock,
  recordingLlm,
  recordingQuestions,
  recordingRandom,
} from './recording';
export type { CheckResult, Divergence, LoggedTurn, RebuiltSession, ReplayedEffect, ReplayEffects, ReplayOptions } from './replay';
export { checkReplay, rebuildState, replayEffects, ReplayDivergenceError, turnsOf } from './replay';
export type { Difference } from './diff';
export { differences, formatDifferences } from './diff';
export { archiveFileName, archiveOfFolder, exportSessionArchive, importSessionArchive, MAX_ARCHIVE_BYTES, SessionArchiveError } from './archive';
