import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProbeStore } from './store';
import { formatTable } from './table';
import type { CapabilityResult, ProbeResult } from '../../shared/model-probe/schema';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'model-probes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const capabilities: CapabilityResult[] = [
  { capability: 'tools', status: 'works', message: 'A forced tool call came back with valid arguments.' },
  { capability: 'vision', status: 'fails', message: 'No answer in 15 s.' },
];

/** A result kept before the probe asked the context length: no `context` field. */
const oldResult: ProbeResult = {
  baseUrl: 'http://localhost:11434/v1',
  model: 'llama3.2',
  probedAt: 1_700_000_000_000,
  models: { listed: true, names: ['llama3.2'], found: true, message: 'The server lists 1 model, llama3.2 among them.' },
  capabilities,
};

describe('kept probe results and the context length', () => {
  it('a result kept before the context length was asked still reads, with its switches, and says none was said', async () => {
    await writeFile(path.join(dir, 'model-probes.json'), JSON.stringify({ version: 1, probes: [{ result: oldResult, overrides: { vision: true } }] }));
    const stored = new ProbeStore(dir).find({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' });
    expect(stored).toEqual({ result: oldResult, overrides: { vision: true } });
    expect(stored?.result.context).toBeUndefined();
    expect(formatTable(stored!.result).split('\n').at(-1)).toBe("Context length: not said by the server; set it in Settings if the model's window is small.");
  });

  it('keeps the context length found, and reads it back', async () => {
    const context = { tokens: 4096, source: 'Ollama /api/show, default num_ctx', message: 'Ollama runs this model with 4,096 tokens unless num_ctx is set; the model itself allows 131,072.' };
    await new ProbeStore(dir).save({ ...oldResult, context });
    expect(JSON.parse(await readFile(path.join(dir, 'model-probes.json'), 'utf8'))).toMatchObject({ probes: [{ result: { context } }] });
    expect(new ProbeStore(dir).find(oldResult)?.result.context).toEqual(context);
  });

  it('a kept context length that is not a positive whole number makes the file unreadable, as any damage does', async () => {
    const damaged = { ...oldResult, context: { tokens: 'big', source: 'llama.cpp /props' } };
    await writeFile(path.join(dir, 'model-probes.json'), JSON.stringify({ version: 1, probes: [{ result: damaged, overrides: {} }] }));
    expect(new ProbeStore(dir).find(oldResult)).toBeUndefined();
  });
});
