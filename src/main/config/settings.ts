import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { StructuredMode } from '../../shared/model-probe/schema';
import { CONTEXT_TOKENS, ContextTokensSchema } from '../../shared/settings/schema';

/** How to reach a language model. The API key stays in main: only `apiKeySet` ever crosses IPC. */
export interface ModelSettings {
  apiKey?: string;
  baseUrl?: string;
  model?: string;
  /** The model takes images (local models often do not). */
  vision: boolean;
  /** The model takes tool calls. */
  tools: boolean;
  /** How the server takes structured output, as the probe found (json_schema unless it found otherwise). */
  structuredOutput?: StructuredMode;
  /** The model's context window in tokens: set in Settings, else what the server said; unknown when neither. */
  contextTokens?: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  const normalised = value?.trim().toLowerCase();
  if (!normalised) return fallback;
  return !['0', 'false', 'no', 'off'].includes(normalised);
}

export type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function modelSettingsFromEnv(env: Env): ModelSettings {
  const settings: ModelSettings = { vision: flag(env.TIDY_MODEL_VISION, true), tools: flag(env.TIDY_MODEL_TOOLS, true) };
  const apiKey = nonEmpty(env.OPENAI_API_KEY);
  const baseUrl = nonEmpty(env.OPENAI_BASE_URL);
  const model = nonEmpty(env.TIDY_MODEL);
  const contextTokens = nonEmpty(env.TIDY_CONTEXT_TOKENS);
  if (contextTokens !== undefined) settings.contextTokens = contextTokensFrom(contextTokens);
  if (apiKey) settings.apiKey = apiKey;
  if (baseUrl) settings.baseUrl = baseUrl;
  if (model) settings.model = model;
  return settings;
}

/** TIDY_CONTEXT_TOKENS: the model's context window, for a server that does not say (Settings can say it too). */
function contextTokensFrom(raw: string): number {
  const tokens = ContextTokensSchema.safeParse(Number(raw));
  if (!tokens.success) {
    throw new Error(`TIDY_CONTEXT_TOKENS must be a whole number of tokens from ${CONTEXT_TOKENS.min} to ${CONTEXT_TOKENS.max} (it is "${raw}").`);
  }
  return tokens.data;
}

/**
 * A model is usable with a name and either a key (hosted APIs) or a base URL (local OpenAI-compatible servers
 * such as Ollama, LM Studio or llama.cpp, which need no key).
 */
export function isModelConfigured(settings: ModelSettings): boolean {
  return Boolean(settings.model && (settings.apiKey || settings.baseUrl));
}

/** Where Tidying keeps its data when neither a flag nor TIDY_DATA_DIR says otherwise. */
export function defaultDataDir(env: Env, platform: NodeJS.Platform = process.platform, home = os.homedir()): string {
  if (platform === 'win32') return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), 'Tidying');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'Tidying');
  return path.posix.join(nonEmpty(env.XDG_DATA_HOME) ?? path.posix.join(home, '.local', 'share'), 'tidying');
}

export function resolveDataDir(flag: string | undefined, env: Env, fallback: () => string): string {
  const chosen = nonEmpty(flag) ?? nonEmpty(env.TIDY_DATA_DIR);
  return chosen ? path.resolve(chosen) : fallback();
}

/** How long a question stays open before it closes with its fallback (TIDY_QUESTION_TIMEOUT_MS, for tests). */
export function questionTimeoutFromEnv(env: Env, fallback: number): number {
  const raw = nonEmpty(env.TIDY_QUESTION_TIMEOUT_MS);
  if (raw === undefined) return fallback;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000) {
    throw new Error(`TIDY_QUESTION_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (it is "${raw}").`);
  }
  return ms;
}

/** A length in milliseconds from the environment (TIDY_SPRINT_MS, TIDY_BREAK_MS: short sprints for tests and demos). */
export function durationFromEnv(env: Env, name: 'TIDY_SPRINT_MS' | 'TIDY_BREAK_MS'): number | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000) throw new Error(`${name} must be a whole number of milliseconds, at least 1000 (it is "${raw}").`);
  return ms;
}

/**
 * TIDY_CLOCK_START: a test hook. The app's clock starts at this moment (an ISO date, or epoch milliseconds) and runs on
 * at real speed, so an end-to-end test can play sessions weeks apart ("3 weeks ago" on Home). Undefined: the real time.
 */
export function clockStartFromEnv(env: Env): number | undefined {
  const raw = nonEmpty(env.TIDY_CLOCK_START);
  if (raw === undefined) return undefined;
  const at = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isSafeInteger(at) || at < 0) throw new Error(`TIDY_CLOCK_START must be an ISO date such as 2026-01-05T09:00:00Z, or epoch milliseconds (it is "${raw}").`);
  return at;
}

const TestClockSchema = z.enum(['manual']);
export type TestClock = z.infer<typeof TestClockSchema>;

/**
 * TIDY_TEST_CLOCK: a test hook of web mode. `manual`: the app's clock stands still (at TIDY_CLOCK_START, else where it
 * was when Tidying started) and its waits (cards, sprints, breaks, the phone link) end only when a test moves it on
 * with a line on web mode's standard input (src/main/web/test-clock.ts). Undefined: the clock runs by itself.
 */
export function testClockFromEnv(env: Env): TestClock | undefined {
  const raw = nonEmpty(env.TIDY_TEST_CLOCK);
  if (raw === undefined) return undefined;
  const parsed = TestClockSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`TIDY_TEST_CLOCK must be "manual" (a clock that moves only when a test says), or unset (it is "${raw}").`);
  return parsed.data;
}

/**
 * TIDY_PHONE_ADDRESS: the address "Add from phone" listens on, instead of the private network address it finds (tests
 * give 127.0.0.1; a computer on two networks can name the one the phone is on). An IP address, not a name.
 */
export function phoneAddressFromEnv(env: Env): string | undefined {
  const value = nonEmpty(env.TIDY_PHONE_ADDRESS);
  if (value === undefined) return undefined;
  if (isIP(value) === 0) throw new Error(`TIDY_PHONE_ADDRESS must be an IP address (it is "${value}").`);
  return value;
}

/** TIDY_COACH: "guided" keeps the offline coach even when a model is set up (the model then only phrases). */
export function coachPreferenceFromEnv(env: Env): 'guided' | 'conversational' | undefined {
  const value = nonEmpty(env.TIDY_COACH)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value === 'guided' || value === 'conversational') return value;
  throw new Error(`TIDY_COACH must be "guided" or "conversational" (it is "${value}").`);
}
