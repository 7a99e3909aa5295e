import { z } from 'zod';

/** What the probe checks, in the order it checks them. */
export const CapabilitySchema = z.enum(['tools', 'structured-output', 'streaming-tools', 'vision']);
export type Capability = z.infer<typeof CapabilitySchema>;

/** How structured output works best on this server, best first; `text` is plain JSON written in the reply. */
export const StructuredModeSchema = z.enum(['json_schema', 'json_object', 'text']);
export type StructuredMode = z.infer<typeof StructuredModeSchema>;

export const CapabilityResultSchema = z.object({
  capability: CapabilitySchema,
  status: z.enum(['works', 'fails']),
  /** In plain words: the server's own error (trimmed, never the key), a hint when the quirk is known. */
  message: z.string().max(600),
  /** Structured output only: the best mode that worked. */
  mode: StructuredModeSchema.optional(),
});
export type CapabilityResult = z.infer<typeof CapabilityResultSchema>;

/**
 * How many tokens the model takes in one request, as the server itself said (no guess from the model's name). Absent
 * when no server endpoint said (OpenAI, an older server, an answer of an unknown shape).
 */
export const ContextLengthSchema = z.object({
  tokens: z.int().positive(),
  /** Which server endpoint said so, e.g. "llama.cpp /props". */
  source: z.string().min(1).max(200),
  /** A caveat in plain words, e.g. that Ollama runs the model with a smaller window than it allows. */
  message: z.string().max(600).optional(),
});
export type ContextLength = z.infer<typeof ContextLengthSchema>;

export const ProbeResultSchema = z.object({
  /** The server as probed; absent for OpenAI itself. */
  baseUrl: z.string().optional(),
  model: z.string(),
  probedAt: z.number(),
  models: z.object({
    /** Whether GET /models answered with a list. */
    listed: z.boolean(),
    /** The first names listed (a long list is cut). */
    names: z.array(z.string()).max(50),
    /** Whether the model named is among them; absent when the list could not be read. */
    found: z.boolean().optional(),
    message: z.string().max(600),
  }),
  capabilities: z.array(CapabilityResultSchema),
  /** Absent when no server endpoint said, and in results stored before the probe asked. */
  context: ContextLengthSchema.optional(),
});
export type ProbeResult = z.infer<typeof ProbeResultSchema>;

export const SwitchesSchema = z.object({ vision: z.boolean().optional(), tools: z.boolean().optional() });
export type Switches = z.infer<typeof SwitchesSchema>;

/** A result as kept per server and model, with the switches the person set by hand since (those win). */
export const StoredProbeSchema = z.object({
  result: ProbeResultSchema,
  overrides: SwitchesSchema,
});
export type StoredProbe = z.infer<typeof StoredProbeSchema>;

/** What "Test connection" answers: a summary line, and what each capability did. */
export const ModelTestSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  probe: ProbeResultSchema.optional(),
});
export type ModelTest = z.infer<typeof ModelTestSchema>;

/** What a person reads for each capability. */
export const CAPABILITY_LABELS: Readonly<Record<Capability, string>> = {
  tools: 'Tool calls',
  'structured-output': 'Structured output',
  'streaming-tools': 'Streaming with tools',
  vision: 'Images (vision)',
};
