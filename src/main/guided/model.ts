/**
 * With a model configured: free text is extracted into the same input the rules produce, and the coach's words are
 * phrased from the action. Routing never moves to the model: `decide` still picks the action. Any model fault
 * falls back to the rules and the templates, so a session never depends on the model answering.
 */
import { z } from 'zod';
import { bareName } from '../../shared/text/names';
import type { Llm, Log } from '../effects';
import type { TemplateRenderer } from '../templates';
import type { Action } from './actions';
import { OutcomeSchema, type Expecting, type Input } from './input';
import { understand } from './understand';
import { questionAbout } from './understand/questions';

const text = z.string().trim().min(1).max(200);

export const ExtractSchema = z.object({
  intent: z
    .enum(['stop', 'help', 'question', 'overwhelmed', 'next', 'function', 'anchors', 'item', 'disposition', 'split', 'unclear'])
    .describe('What the message does.'),
  item: text.optional().describe('The thing the person names, in their words.'),
  trigger: text.optional().describe('For overwhelmed: the thing that makes it too much ("the boxes").'),
  function: text.optional().describe('For function: what the space is for, in their words.'),
  anchors: z.array(text).max(20).optional().describe('For anchors: what must stay.'),
  outcome: OutcomeSchema.optional().describe('For disposition: where the item goes.'),
  location: text.optional().describe('For disposition "place": where it goes.'),
  split: z.enum(['accept', 'merge', 'decline', 'rename']).optional().describe('For split: what the person wants.'),
  names: z.array(text).max(9).optional().describe('For split "rename": the new category names, in order.'),
});
export type Extract = z.infer<typeof ExtractSchema>;

/** The model's reading as input; a reading that lacks what its intent needs is unclear, as the rules would say. */
export function inputFromExtract(extract: Extract, expecting: Expecting, said: string): Input {
  const inHand = 'item' in expecting ? expecting.item : undefined;
  const unclear: Input = { kind: 'unclear', text: said.trim().slice(0, 2000) || '(nothing)' };
  switch (extract.intent) {
    case 'stop':
      return { kind: 'stop' };
    case 'next':
      return { kind: 'next' };
    case 'help': {
      const item = extract.item ?? inHand;
      return item ? { kind: 'help', item } : { kind: 'help' };
    }
    case 'question':
      return { kind: 'question', about: questionAbout(said, expecting), text: said.trim().slice(0, 2000) || '(nothing)' };
    case 'overwhelmed':
      return extract.trigger ? { kind: 'overwhelmed', trigger: extract.trigger } : { kind: 'overwhelmed' };
    case 'function':
      return extract.function ? { kind: 'function', function: extract.function, overwhelmed: false } : unclear;
    case 'anchors':
      return { kind: 'anchors', anchors: extract.anchors ?? [] };
    case 'item':
      return extract.item ? { kind: 'item', item: bareName(extract.item) } : unclear;
    case 'disposition': {
      const item = inHand ?? extract.item;
      if (!item || !extract.outcome) return unclear;
      return { kind: 'disposition', item, outcome: extract.outcome, ...(extract.location ? { location: extract.location } : {}) };
    }
    case 'split':
      if (extract.split === 'rename') return extract.names?.length ? { kind: 'split', edit: { kind: 'rename', names: extract.names } } : unclear;
      return extract.split ? { kind: 'split', edit: { kind: extract.split } } : unclear;
    case 'unclear':
      return unclear;
  }
}

export interface ModelDeps {
  readonly llm: Llm;
  readonly templates: TemplateRenderer;
  readonly log: Log;
}

/** Reads one message with the model; the rules read it when the model cannot. */
export async function extractInput(
  deps: ModelDeps,
  said: string,
  expecting: Expecting,
  context: object,
  signal?: AbortSignal,
): Promise<Input> {
  try {
    const response = await deps.llm.generate({
      instructions: deps.templates.render('guided/extract.njk', { ...context, expecting }),
      messages: [{ role: 'user', content: said }],
      tools: {},
      output: ExtractSchema,
      ...(signal ? { signal } : {}),
    });
    const parsed = ExtractSchema.safeParse(response.output);
    if (parsed.success) return inputFromExtract(parsed.data, expecting, said);
    deps.log.write({ level: 'warn', message: 'Guided extraction unusable; the rules read the message', data: { outputError: response.outputError } });
  } catch (error) {
    if (signal?.aborted) throw error;
    deps.log.write({ level: 'warn', message: 'Guided extraction failed; the rules read the message', data: { error: String(error) } });
  }
  return understand(said, expecting);
}

/** The model's wording of an action; the template's words when the model cannot. */
export async function phraseAction(
  deps: ModelDeps,
  action: Action,
  draft: string,
  context: object & { said?: string },
  signal?: AbortSignal,
): Promise<string> {
  try {
    const response = await deps.llm.generate({
      instructions: deps.templates.render('guided/phrase.njk', { ...context, action: JSON.stringify(action), draft }),
      messages: [{ role: 'user', content: context.said?.trim() || '(the person said nothing new)' }],
      tools: {},
      settings: { maxOutputTokens: 200 },
      ...(signal ? { signal } : {}),
    });
    const phrased = response.text.trim();
    if (phrased && phrased.length <= 600) return phrased;
    deps.log.write({ level: 'warn', message: 'Guided phrasing unusable; the template speaks', data: { length: phrased.length } });
  } catch (error) {
    if (signal?.aborted) throw error;
    deps.log.write({ level: 'warn', message: 'Guided phrasing failed; the template speaks', data: { error: String(error) } });
  }
  return draft;
}
