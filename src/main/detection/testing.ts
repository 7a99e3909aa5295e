/**
 * How long a test waits for the detector: its worker's cold start on a busy shared machine can take seconds. A bound
 * on waiting, not a timing assertion (vitest's default of one second failed a CI run under load).
 */
export const DETECTED = { timeout: 60_000, interval: 20 } as const;
