import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as realSleep } from 'node:timers/promises';
import { chatRequestSchema, hasImages, responseFormatType, toolNames, type ChatRequest } from './request';
import { parseScenario, QUIRK_MESSAGES, type Quirks, type Scenario, type ScenarioInput, type ScriptedHttpError, type ScriptedResponse } from './scenario';
import { Script, type Mismatch } from './script';
import { modelListAnswer, serverInfoAnswer, type InfoAnswer } from './server-info';
import { completionBody, errorBody, streamChunks } from './wire';

export interface RecordedRequest {
  body: ChatRequest;
  /** The Authorization header as sent, if any. */
  authorization: string | undefined;
  /** The step that answered, or undefined for a mismatch or a refused API key. */
  stepIndex: number | undefined;
}

export interface ScriptedModel {
  /** Ends in `/v1`, as `createOpenAI({ baseURL })` and OPENAI_BASE_URL expect. */
  readonly baseURL: string;
  readonly scenario: Scenario;
  /** Every valid Chat Completions request, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Every other request (the model list, server info, unknown routes) as `METHOD /path`, in arrival order. */
  readonly otherRequests: readonly string[];
  readonly mismatches: readonly Mismatch[];
  readonly remainingSteps: number;
  close(): Promise<void>;
}

export interface ScriptedModelOptions {
  /** A parsed scenario or a plain object; objects are validated here. */
  scenario: Scenario | ScenarioInput;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Told of each mismatch as it happens (the CLI prints them), besides `mismatches`. */
  onMismatch?: (mismatch: Mismatch) => void;
  /**
   * How a delay (`delayMs`, `chunkDelayMs`) is waited out: in real time by default; a test's own sees each wait asked
   * and ends it when it says. `signal` aborts on close.
   */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** A `sleep` that holds every delay until the server closes: for a test that stops a slow reply, racing no real time. */
export function holdUntilClose(_ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
}

/** Images arrive as data URLs inside the JSON, so bodies can be large; beyond this something is wrong. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Starts an OpenAI-compatible Chat Completions server on 127.0.0.1 that answers by following the scenario. */
export async function startScriptedModel(options: ScriptedModelOptions): Promise<ScriptedModel> {
  const scenario = parseScenario(options.scenario);
  const script = new Script(scenario);
  const requests: RecordedRequest[] = [];
  const otherRequests: string[] = [];
  let completions = 0;
  // Cancels pending delays on close, so no timer outlives the server.
  const closing = new AbortController();
  const sleep = options.sleep ?? ((ms: number, signal: AbortSignal) => realSleep(ms, undefined, { signal }));
  const wait = (ms: number) => sleep(ms, closing.signal);

  async function handleCompletion(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (raw === undefined) {
      return sendError(res, { status: 413, message: `Request body exceeds ${MAX_BODY_BYTES} bytes.` });
    }
    const parsed = parseRequest(raw);
    if (!parsed.success) {
      // Not a step's business: OpenAI itself answers a malformed body with 400.
      const mismatch = script.recordInvalidRequest(parsed.problems);
      options.onMismatch?.(mismatch);
      return sendError(res, { status: 400, message: mismatch.message, type: 'invalid_request_error' });
    }
    const body = parsed.data;
    const authorization = req.headers.authorization;
    const record: RecordedRequest = { body, authorization, stepIndex: undefined };
    requests.push(record);
    if (scenario.requireApiKey !== undefined && authorization !== `Bearer ${scenario.requireApiKey}`) {
      return sendError(res, {
        status: 401,
        message: 'Incorrect API key provided.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      });
    }
    if (scenario.quirks?.stall) return; // Never answered: the client's own time limit (or close()) ends it.
    const refusal = quirkRefusal(scenario.quirks, body);
    if (refusal !== undefined) return sendError(res, { status: 400, message: refusal, type: 'invalid_request_error' });
    const decision = script.answer(body, requests.length - 1);
    if (decision.kind === 'step') record.stepIndex = decision.stepIndex;
    else options.onMismatch?.(decision.mismatch);
    await respond(req, res, decision.response, body);
  }

  async function respond(req: IncomingMessage, res: ServerResponse, response: ScriptedResponse, body: ChatRequest) {
    if (response.delayMs !== undefined) await wait(response.delayMs);
    if (res.destroyed) return;
    if (response.error !== undefined) return sendError(res, response.error);
    completions += 1;
    const meta = { id: `chatcmpl-scripted-${completions}`, model: scenario.model, created: Math.floor(Date.now() / 1000) };
    if (body.stream !== true) {
      if (response.dropAfterChunks !== undefined) return void req.socket.destroy();
      return sendJson(res, 200, completionBody(response, meta));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunks = streamChunks(response, meta, body.stream_options?.include_usage === true);
    for (const [i, chunk] of chunks.entries()) {
      if (i === response.dropAfterChunks) return void res.socket?.destroy();
      if (i > 0 && response.chunkDelayMs !== undefined) await wait(response.chunkDelayMs);
      if (res.destroyed) return;
      // Waiting for each write to flush means a drop that follows loses nothing already "sent".
      await new Promise<void>((resolve) => res.write(`data: ${JSON.stringify(chunk)}\n\n`, () => resolve()));
    }
    if (response.dropAfterChunks !== undefined) return void res.socket?.destroy();
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      handleCompletion(req, res).catch((error: unknown) => {
        if (closing.signal.aborted) return;
        if (res.headersSent) res.destroy();
        else sendError(res, { status: 500, message: `Scripted model failed: ${(error as Error).message}` });
      });
      return;
    }
    otherRequests.push(`${req.method} ${path}`);
    handleOther(req, res, path).catch((error: unknown) => {
      if (closing.signal.aborted) return;
      if (res.headersSent) res.destroy();
      else sendError(res, { status: 500, message: `Scripted model failed: ${(error as Error).message}` });
    });
  });

  /** The model list, and what the scenario's `serverInfo` makes the server say about the model; else a 404. */
  async function handleOther(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    let answer: InfoAnswer | undefined;
    if (method === 'GET' && path === '/v1/models') answer = modelListAnswer(scenario.serverInfo, scenario.model);
    else {
      const raw = method === 'POST' ? await readBody(req) : undefined;
      answer = serverInfoAnswer(scenario.serverInfo, scenario.model, method, path, jsonOrUndefined(raw));
    }
    if (answer === undefined) {
      return sendError(res, {
        status: 404,
        message: `The scripted model serves POST /v1/chat/completions and GET /v1/models${scenario.serverInfo ? ` and ${scenario.serverInfo.kind}'s own info` : ''}, not ${method} ${path}.`,
      });
    }
    if (answer.kind === 'stall') return; // Never answered: the client's own time limit (or close()) ends it.
    sendJson(res, answer.status, answer.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    scenario,
    requests,
    otherRequests,
    mismatches: script.mismatches,
    get remainingSteps() {
      return script.remainingSteps;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Streams held open by a delay or an unread response must not keep the server (and a test run) alive.
        server.closeAllConnections();
      }),
  };
}

/** The 400 a quirky server sends for this request, if it is one it cannot take. */
function quirkRefusal(quirks: Quirks | undefined, body: ChatRequest): string | undefined {
  if (quirks === undefined) return undefined;
  if (quirks.refuseTools && toolNames(body).length > 0) return QUIRK_MESSAGES.refuseTools;
  if (quirks.refuseImages && hasImages(body)) return QUIRK_MESSAGES.refuseImages;
  if (quirks.rejectJsonSchema && responseFormatType(body) === 'json_schema') return QUIRK_MESSAGES.rejectJsonSchema;
  return undefined;
}

function parseRequest(raw: string): { success: true; data: ChatRequest } | { success: false; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { success: false, problems: [`body is not JSON: ${(error as Error).message}`] };
  }
  const result = chatRequestSchema.safeParse(json);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    problems: result.error.issues.map((issue) => `body.${issue.path.map(String).join('.')}: ${issue.message}`),
  };
}

function jsonOrUndefined(raw: string | undefined): unknown {
  try {
    return raw === undefined ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    const buffer = part as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    parts.push(buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, error: ScriptedHttpError): void {
  sendJson(res, error.status, errorBody(error), error.headers);
}
