/**
 * The capability probe: lists the server's models, asks the server the model's context length, then checks with tiny
 * requests what the coach relies on (forced tool calls, structured output, streaming with tools, images), each with
 * its own time limit so a stalled server is reported rather than waited on.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText, tool, type LanguageModel } from 'ai';
import { z } from 'zod';
import { systemTimers, type Timers } from '../effects';
import { aiSdkLlm } from '../effects/llm';
import type { CapabilityResult, ProbeResult, StructuredMode } from '../../shared/model-probe/schema';
import { discoverContextLength, type Run } from './context-length';
import { redSquarePng } from './image';
import { clean, hintFor, isRefusal, serverMessage } from './server-error';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_PROBE_TIMEOUT_MS = 15_000;

export interface ProbeTarget {
  /** An OpenAI-compatible server; undefined is OpenAI itself. */
  readonly baseUrl?: string | undefined;
  readonly model: string;
  readonly apiKey?: string | undefined;
}

export interface ProbeOptions {
  /** Each request's own limit (tests pass a short one). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
  /** What runs each limit: `setTimeout` here, a test's own timers there (so a stall is ended when the test says). */
  readonly timers?: Timers;
}

// One field, so any model able to call tools at all can fill it.
const ColourSchema = z.object({ colour: z.string().min(1) });
const colourTool = tool({ description: 'Records a colour.', inputSchema: ColourSchema });
const TOOL_PROMPT = 'Call note_colour with the colour of a ripe tomato.';
const JSON_PROMPT = 'What colour is a ripe tomato? Answer only with JSON like {"colour": "..."}.';

const ModelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

class Stalled extends Error {}

export async function probeModel(target: ProbeTarget, options: ProbeOptions = {}): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const baseUrl = (target.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, '');
  // Local servers want no key; the client still needs something so it does not look in the environment.
  const model = createOpenAI({ baseURL: baseUrl, apiKey: target.apiKey ?? 'no-key-needed' }).chat(target.model);
  const timers = options.timers ?? systemTimers;
  const run = <T>(work: (signal: AbortSignal) => Promise<T>) => withTimeout(work, timeoutMs, timers, options.signal);
  const fail = (capability: CapabilityResult['capability'], error: unknown): CapabilityResult => {
    const message = error instanceof Stalled ? `No answer in ${seconds(timeoutMs)}.` : serverMessage(error, target.apiKey);
    const hint = error instanceof Stalled ? undefined : hintFor(capability === 'vision' ? 'vision' : capability === 'tools' || capability === 'streaming-tools' ? 'tools' : 'any', message, target.baseUrl);
    return { capability, status: 'fails', message: hint ? clean(`${message} — ${hint}`, target.apiKey) : message };
  };

  const { models, answer } = await listModels(baseUrl, target, run);
  const context = await discoverContextLength({ baseUrl, model: target.model, apiKey: target.apiKey, run, modelList: { answer } });
  const capabilities: CapabilityResult[] = [];
  for (const check of [probeTools, probeStructured, probeStreamingTools, probeVision]) {
    options.signal?.throwIfAborted();
    capabilities.push(await check(model, run, fail));
  }
  return {
    ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}),
    model: target.model,
    probedAt: (options.now ?? Date.now)(),
    models,
    ...(context ? { context } : {}),
    capabilities,
  };
}

type Fail = (capability: CapabilityResult['capability'], error: unknown) => CapabilityResult;
type Check = (model: LanguageModel, run: Run, fail: Fail) => Promise<CapabilityResult>;

/** What GET /models says for the result, and the JSON it answered (which may also say the context length). */
async function listModels(baseUrl: string, target: ProbeTarget, run: Run): Promise<{ models: ProbeResult['models']; answer: unknown }> {
  let answer: unknown;
  try {
    const body = await run(async (signal) => {
      const response = await fetch(`${baseUrl}/models`, {
        signal,
        headers: target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {},
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${errorText(text)}`);
      return text;
    });
    answer = JSON.parse(body) as unknown;
    const parsed = ModelListSchema.safeParse(answer);
    if (!parsed.success) return { answer, models: { listed: false, names: [], message: 'The server answered GET /models, but not with a list of models.' } };
    const names = parsed.data.data.map((entry) => entry.id);
    const found = names.includes(target.model);
    return {
      answer,
      models: {
        listed: true,
        names: names.slice(0, 50),
        found,
        message: found
          ? `The server lists ${count(names.length, 'model')}, ${target.model} among them.`
          : `The server lists ${count(names.length, 'model')}, but not ${target.model}${names.length ? `: it has ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}` : ''}.`,
      },
    };
  } catch (error) {
    const why = error instanceof Stalled ? 'no answer in time' : serverMessage(error, target.apiKey);
    const hint = hintFor('any', why, target.baseUrl);
    return { answer, models: { listed: false, names: [], message: clean(`The list of models could not be read (${why}).${hint ? ` ${hint}` : ''}`, target.apiKey) } };
  }
}

/** The same forced call of the one-field tool, plain and streamed. */
const FORCED_TOOL_CALL = {
  prompt: TOOL_PROMPT,
  tools: { note_colour: colourTool },
  toolChoice: { type: 'tool', toolName: 'note_colour' },
  maxOutputTokens: 100,
  maxRetries: 0,
} as const;

const probeTools: Check = async (model, run, fail) => {
  try {
    const result = await run((abortSignal) =>
      generateText({ model, ...FORCED_TOOL_CALL, abortSignal }),
    );
    return toolCallVerdict('tools', result.toolCalls, fail);
  } catch (error) {
    return fail('tools', error);
  }
};

const probeStreamingTools: Check = async (model, run, fail) => {
  try {
    const calls = await run(async (abortSignal) => {
      const result = streamText({
        model,
        ...FORCED_TOOL_CALL,
        abortSignal,
        // Errors come back as stream parts and are rethrown here; the default handler would print them too.
        onError: () => {},
      });
      for await (const part of result.stream) if (part.type === 'error') throw part.error;
      return result.toolCalls;
    });
    return toolCallVerdict('streaming-tools', calls, fail);
  } catch (error) {
    return fail('streaming-tools', error);
  }
};

function toolCallVerdict(
  capability: 'tools' | 'streaming-tools',
  calls: ReadonlyArray<{ toolName: string; input: unknown; invalid?: boolean | undefined }>,
  fail: Fail,
): CapabilityResult {
  const call = calls.find((candidate) => candidate.toolName === 'note_colour');
  if (!call) return fail(capability, new Error('The model answered in text instead of calling the tool it was made to call.'));
  if (call.invalid || !ColourSchema.safeParse(call.input).success) {
    return fail(capability, new Error(`The model called the tool with arguments that do not fit it: ${JSON.stringify(call.input).slice(0, 100)}`));
  }
  return { capability, status: 'works', message: capability === 'tools' ? 'A forced tool call came back with valid arguments.' : 'A tool call streamed back with valid arguments.' };
}

/** json_schema, else json_object, else JSON written in plain text: the first that gives valid JSON is the mode to use. */
const probeStructured: Check = async (model, run, fail) => {
  const tried: string[] = [];
  for (const mode of ['json_schema', 'json_object', 'text'] as const satisfies readonly StructuredMode[]) {
    try {
      // Asked exactly as the coach will ask in this mode, so what works here works there.
      const response = await run((signal) =>
        aiSdkLlm(model, { structuredOutput: mode }).generate({
          instructions: '',
          messages: [{ role: 'user', content: JSON_PROMPT }],
          tools: {},
          output: ColourSchema,
          settings: { maxOutputTokens: 100 },
          signal,
        }),
      );
      if (response.output !== undefined) {
        const earlier = tried.length ? ` (${tried.join('; ')})` : '';
        return { capability: 'structured-output', status: 'works', mode, message: `Best mode: ${mode}${earlier}.` };
      }
      tried.push(`${mode}: the reply was not the JSON asked for`);
    } catch (error) {
      // Only a refusal of this mode is a reason to try the next: a stall, a bad key or no server would repeat.
      if (!isRefusal(error)) return fail('structured-output', error);
      tried.push(`${mode}: ${fail('structured-output', error).message}`);
    }
  }
  return { capability: 'structured-output', status: 'fails', message: tried.join('; ').slice(0, 600) };
};

const probeVision: Check = async (model, run, fail) => {
  try {
    const image = await redSquarePng();
    const result = await run((abortSignal) =>
      generateText({
        model,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What colour is this image? Answer with one word.' },
              { type: 'file', mediaType: 'image/png', data: image },
            ],
          },
        ],
        maxOutputTokens: 20,
        maxRetries: 0,
        abortSignal,
      }),
    );
    const said = result.text.trim();
    if (/\bred\b|crimson|scarlet/i.test(said)) return { capability: 'vision', status: 'works', message: `Named the colour of a red test image: “${said.slice(0, 40)}”.` };
    return fail('vision', new Error(`Asked the colour of a red test image, the model answered “${said.slice(0, 60)}”: it may not see images.`));
  } catch (error) {
    return fail('vision', error);
  }
};

/** Runs one request with its own time limit; a limit reached is a `Stalled`, the caller's abort stays an abort. */
async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number, timers: Timers, outer: AbortSignal | undefined): Promise<T> {
  outer?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = timers.set(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    return await work(controller.signal);
  } catch (error) {
    if (timedOut) throw new Stalled();
    throw error;
  } finally {
    timers.clear(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

function errorText(body: string): string {
  try {
    const parsed = z.object({ error: z.object({ message: z.string() }) }).safeParse(JSON.parse(body));
    if (parsed.success) return parsed.data.error.message;
  } catch {
    // Not JSON: the body as it is.
  }
  return body.slice(0, 200);
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
