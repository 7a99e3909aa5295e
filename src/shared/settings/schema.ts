import { z } from 'zod';

/** What the person chooses in Settings. Model access (key, URL, name) stays with the environment for now. */
export const SettingsSchema = z.object({
  /** The coach for new sessions: guided works offline; conversational needs a model. */
  coach: z.enum(['guided', 'conversational']).optional(),
  theme: z.enum(['dark', 'light']),
  /** The long side, in pixels, of the photo copy the model sees (bigger shows more detail and costs more tokens). */
  imageLongSide: z.union([z.literal(768), z.literal(1024), z.literal(1536)]).optional(),
  /** For developers: the live state as JSON and the session's event log, under the workspace. */
  debugPanel: z.boolean().optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsPatchSchema = SettingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = { theme: 'dark' };

/** Settings with what they lead to, for the Settings screen. */
export const SettingsViewSchema = z.object({
  settings: SettingsSchema,
  /** The coach new sessions get with these settings and this model setup. */
  effectiveCoach: z.enum(['guided', 'conversational']),
  /** Whether a model is set up: without one only the guided coach is available. */
  modelConfigured: z.boolean(),
  /** Where sessions are kept (chosen with --data-dir or TIDY_DATA_DIR when Tidying starts). */
  dataDir: z.string(),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;
