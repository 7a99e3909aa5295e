/**
 * An eval scenario: a scripted person. What they say, turn by turn; how they answer the coach's cards; photos they
 * share; and whether (and when) they ask to stop, so the scorers know what the coach owed them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** How the person answers every card: the recommended choice, the second one, "not sure", their own words, or a skip. */
export const CardPolicySchema = z.enum(['first', 'second', 'unsure', 'other', 'skip']);
export type CardPolicy = z.infer<typeof CardPolicySchema>;

export const EvalScenarioSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z0-9-]+$/, 'a file-name-safe name (a-z, 0-9, -)'),
    description: z.string().min(1),
    /** What the person sends, in order; each waits until the coach has answered the one before. */
    messages: z.array(z.string().trim().min(1)).min(1).max(40),
    cards: z
      .strictObject({
        /** How disposition cards (one item, where it goes) are answered. */
        policy: CardPolicySchema,
        /** How the other cards (what the space is for, confirmations) are answered: by default the first choice, so a run gets to sorting. */
        setup: CardPolicySchema.default('first'),
        /** The words used for "other" answers (and free-text cards). */
        otherText: z.string().trim().min(1).max(300).default('not that, something else'),
      })
      .default({ policy: 'first', setup: 'first', otherText: 'not that, something else' }),
    /** Generated photos shared before the message with this index, each showing `items` blocks of colour. */
    photos: z
      .array(z.strictObject({ beforeMessage: z.int().min(0), count: z.int().min(1).max(6), items: z.int().min(1).max(12) }))
      .default([]),
    /** The index of the message where the person asks to stop: the coach must wind down from there. */
    asksToStopAt: z.int().min(0).optional(),
  })
  .refine((s) => s.asksToStopAt === undefined || s.asksToStopAt < s.messages.length, {
    error: 'asksToStopAt must name one of the messages',
    path: ['asksToStopAt'],
  })
  .refine((s) => s.photos.every((p) => p.beforeMessage < s.messages.length), {
    error: 'photos must come before one of the messages',
    path: ['photos'],
  });
export type EvalScenario = z.infer<typeof EvalScenarioSchema>;

export const DEFAULT_SCENARIOS_DIR = path.resolve(import.meta.dirname, 'scenarios');

/** Every `*.json` in a folder, validated; a bad file is an error naming the file and the field. */
export async function loadScenarios(dir: string): Promise<EvalScenario[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  if (files.length === 0) throw new Error(`No scenario files (*.json) in ${dir}`);
  return Promise.all(files.map((file) => loadScenario(path.join(dir, file))));
}

export async function loadScenario(file: string): Promise<EvalScenario> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = EvalScenarioSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
