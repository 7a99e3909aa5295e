/** See worlds.js: these run in a page only (given as source text). */
export interface WorldConfig {
  /** The CDP binding IPC leaves the isolated world through. */
  binding: string;
  /** Event types of the contextBridge's two directions. */
  toMain: string;
  toIsolated: string;
  /** webPreferences.nodeIntegrationInSubFrames: the preload runs in subframes too. */
  subFrames: boolean;
}
export function mainWorld(config: WorldConfig, createBridgeEnd: unknown): void;
export function isolatedWorld(config: WorldConfig, createIpcCodec: unknown, createBridgeEnd: unknown, preload?: unknown): void;
