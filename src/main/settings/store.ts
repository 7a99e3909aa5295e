import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../files/write-atomic';
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from '../../shared/settings/schema';

/** The version of the stored shape; `migrate` brings any older stored object up to it. */
export const SETTINGS_VERSION = 1;

/**
 * Stored settings of any version (or none, or garbage) as current settings. Anything unreadable falls back to the
 * defaults field by field, so a damaged file never stops the app.
 */
export function migrate(stored: unknown): Settings {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS;
  const raw = stored as Record<string, unknown>;
  const version = typeof raw.version === 'number' ? raw.version : 0;
  // Version 0 (before versions) called the coach choice "mode".
  const upgraded = version < 1 ? { ...raw, coach: raw.coach ?? raw.mode } : raw;
  const candidate = { ...DEFAULT_SETTINGS, ...upgraded };
  const parsed = SettingsSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // Keep whatever fields are still valid.
  const kept: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(SettingsSchema.shape) as (keyof Settings)[]) {
    const field = SettingsSchema.shape[key].safeParse(candidate[key]);
    if (field.success && field.data !== undefined) kept[key] = field.data;
  }
  return SettingsSchema.parse(kept);
}

export interface SettingsStore {
  read(): Settings;
  write(settings: Settings): Promise<void>;
}

/** Settings in `settings.json` in the data folder (web mode, and tests), written whole through a temp file. */
export function fileSettingsStore(dataDir: string): SettingsStore {
  const file = path.join(dataDir, 'settings.json');
  return {
    read() {
      try {
        return migrate(JSON.parse(readFileSync(file, 'utf8')));
      } catch {
        return DEFAULT_SETTINGS;
      }
    },
    async write(settings) {
      await writeFileAtomic(file, `${JSON.stringify({ version: SETTINGS_VERSION, ...settings }, null, 2)}\n`);
    },
  };
}

/** For tests: what a settings file holds now. */
export async function readSettingsFile(dataDir: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dataDir, 'settings.json'), 'utf8'));
}
