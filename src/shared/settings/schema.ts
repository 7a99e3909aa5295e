import { z } from 'zod';
import { CoachKindSchema } from '../session/schema';
import { SPRINT_MINUTES } from '../sprints/sprint';
import { StoredProbeSchema } from '../model-probe/schema';

/** The context windows Settings accept, in tokens: from the smallest a coach prompt fits in to the largest models. */
export const CONTEXT_TOKENS = { min: 2048, max: 2_000_000 } as const;
/** A context window as Settings, TIDY_CONTEXT_TOKENS and `npm run eval` take it: one rule for all three. */
export const ContextTokensSchema = z.number().int().min(CONTEXT_TOKENS.min).max(CONTEXT_TOKENS.max);

/** What the person chooses in Settings. Model access (key, URL, name) stays with the environment for now. */
export const SettingsSchema = z.object({
  /** The coach for new sessions: guided works offline; conversational needs a model. */
  coach: CoachKindSchema.optional(),
  theme: z.enum(['dark', 'light']),
  /** The long side, in pixels, of the photo copy the model sees (bigger shows more detail and costs more tokens). */
  imageLongSide: z.union([z.literal(768), z.literal(1024), z.literal(1536)]).optional(),
  /** Whether the on-device detector looks for things in new photos (on unless turned off). */
  detection: z.boolean().optional(),
  /** How long a sprint lasts, in minutes (new sessions; 15 unless set). */
  sprintMinutes: z.number().int().min(SPRINT_MINUTES.min).max(SPRINT_MINUTES.max).optional(),
  /** For developers: the live state as JSON and the session's event log, under the workspace. */
  debugPanel: z.boolean().optional(),
  /** The model, set here instead of (or on top of) the environment. The API key is kept apart, encrypted. */
  model: z
    .object({
      /** An OpenAI-compatible server (Ollama, LM Studio, llama.cpp); null is OpenAI itself. */
      baseUrl: z.union([z.url({ protocol: /^https?$/ }), z.null()]).optional(),
      name: z.string().trim().min(1).max(200).optional(),
      vision: z.boolean().optional(),
      tools: z.boolean().optional(),
      /** The model's context window in tokens, for a server that does not say; null goes back to what the server says. */
      contextTokens: z.union([ContextTokensSchema, z.null()]).optional(),
    })
    .optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsPatchSchema = SettingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = { theme: 'dark' };

/** Settings with what they lead to, for the Settings screen. */
export const SettingsViewSchema = z.object({
  settings: SettingsSchema,
  /** The coach new sessions get with these settings and this model setup. */
  effectiveCoach: CoachKindSchema,
  /** Whether a model is set up: without one only the guided coach is available. */
  modelConfigured: z.boolean(),
  /** Where sessions are kept (chosen with --data-dir or TIDY_DATA_DIR when Tidying starts). */
  dataDir: z.string(),
  /** The model in use, from Settings and the environment together. Never the key itself. */
  model: z.object({
    baseUrl: z.string().optional(),
    name: z.string().optional(),
    vision: z.boolean(),
    tools: z.boolean(),
    /** The context window the coach fits its history to, and where that number comes from. */
    context: z.object({ tokens: z.number().int().positive(), from: z.enum(['settings', 'environment', 'server']) }).optional(),
    /** The last probe of this server and model ("Test connection"), if there was one. */
    probe: StoredProbeSchema.optional(),
  }),
  /** Whether the on-device detector can run here, and if not, why. */
  detector: z.object({ available: z.boolean(), reason: z.string().optional() }),
  apiKey: z.object({
    set: z.boolean(),
    /** Where a key typed here is kept: encrypted by the OS, in plain text (no OS encryption here), or nowhere (web mode). */
    storage: z.enum(['os-encrypted', 'plain', 'environment-only']),
  }),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;
