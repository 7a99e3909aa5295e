/**
 * One writer per data folder (docs/data-lock.md): a second Tidying started on the same folder is refused with a
 * one-line `DataDirLockedError`; a lock left by a run that crashed is taken over, and `tookOver` says so.
 */
export type { DataDirLock, DataDirLockOptions, StaleLock } from './lock';
export { acquireDataDirLock } from './lock';
export type { LockOwner, LockRuntime } from './owner';
export { DataDirLockedError, isProcessAlive, LOCK_FILE_NAME, lockFilePath, LockOwnerSchema } from './owner';
