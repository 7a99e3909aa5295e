import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { createOpenAI } from '@ai-sdk/openai';
import { aiSdkLlm } from '../effects';
import { runEvalCli } from './cli';
import { runScenario } from './runner';
import { scoreTranscript } from './scorers';
import { DEFAULT_SCENARIOS_DIR, EvalScenarioSchema, loadScenarios } from './scenario';
import { readTranscript } from './transcript';
import { formatReport, scoreRun } from './report';
import { rulesLlm } from '../../../test-support/rules-llm';
import { expireEachStall, handLimits } from '../../../test-support/time-limits';

const HERE = import.meta.dirname;
const folders: string[] = [];
let server: ScriptedModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

async function cli(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runEvalCli(argv, { print: (text) => lines.push(text) });
  return { code, output: lines.join('\n') };
}

describe('npm run eval against the scripted model server', () => {
  it('plays the scenarios through the app core, writes a transcript each and prints their scores', async () => {
    server = await startScriptedModel({ scenario: await loadScenarioFile(path.join(HERE, 'scripted-coach.json')) });
    const scenarios = await tempDir('tidy-eval-scenarios-');
    for (const name of ['wants-to-stop', 'photos-later']) await cp(path.join(DEFAULT_SCENARIOS_DIR, `${name}.json`), path.join(scenarios, `${name}.json`));
    const out = path.join(await tempDir('tidy-eval-out-'), 'run');

    const { code, output } = await cli('--base-url', server.baseURL, '--model', 'scripted', '--scenarios', scenarios, '--out', out);

    expect(code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['photos-later.json', 'wants-to-stop.json']);
    const stopped = await readTranscript(path.join(out, 'wants-to-stop.json'));
    expect(stopped.events.filter((event) => event.type === 'person').map((event) => event.text)).toEqual(stopped.scenario.messages.slice(0, 5));
    expect(stopped.events.at(-1)).toEqual({ type: 'coach', mode: 'windingDown', text: 'Good stopping point. See you next time.' });
    expect(scoreTranscript(stopped)['wind-down'].status).toBe('pass');

    const photos = await readTranscript(path.join(out, 'photos-later.json'));
    expect(photos.events).toContainEqual({ type: 'photos', step: 3, count: 1 });
    // The generated photo went to the model as an image.
    expect(server.requests.some((request) => JSON.stringify(request.body.messages).includes('data:image/jpeg;base64'))).toBe(true);

    expect(output).toMatch(/^wants-to-stop +\| ✓ +\| ✓ +\| ✓ +\| ✓ +\| ✓ +\| ✓ +\| ✗/m);
    expect(output).toMatch(/^photos-later +\| /m);
    expect(output).toMatch(/Total: \d+\/\d+ checks passed/);
    expect(output).toContain(`Transcripts: ${out}`);
  });

  it('asks in the structured-output mode given, with the history cut to the context window given', async () => {
    const scenario = await loadScenarioFile(path.join(HERE, 'scripted-coach.json'));
    server = await startScriptedModel({ scenario: { ...scenario, quirks: { rejectJsonSchema: true } } });
    const scenarios = await tempDir('tidy-eval-scenarios-');
    await cp(path.join(DEFAULT_SCENARIOS_DIR, 'wants-to-stop.json'), path.join(scenarios, 'wants-to-stop.json'));
    const out = await tempDir('tidy-eval-out-');

    const args = ['--base-url', server.baseURL, '--model', 'scripted', '--scenarios', scenarios, '--out', out];
    const { code } = await cli(...args, '--structured-output', 'json_object', '--context-tokens', '4096');

    expect(code).toBe(0);
    const formats = new Set(server.requests.map((request) => request.body.response_format?.type ?? 'none'));
    expect(formats.has('json_schema')).toBe(false);
    expect(formats.has('json_object')).toBe(true);
    const transcript = await readTranscript(path.join(out, 'wants-to-stop.json'));
    expect(transcript.events.some((event) => event.type === 'error')).toBe(false);
    expect(scoreTranscript(transcript)['wind-down'].status).toBe('pass');
  });

  it('refuses a structured-output mode or a context window it cannot use', async () => {
    const base = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'x'];
    expect(await cli(...base, '--structured-output', 'yaml')).toMatchObject({ code: 2, output: expect.stringContaining('--structured-output takes json_schema, json_object or text.') });
    expect(await cli(...base, '--context-tokens', '512')).toMatchObject({ code: 2, output: expect.stringContaining('--context-tokens takes a whole number of tokens from 2048 to 2000000.') });
  });

  it('reports a model that fails every turn in the transcript, and scores what there is', async () => {
    server = await startScriptedModel({ scenario: { steps: [{ respond: { error: { status: 400, message: 'model not found' } }, times: 'always' }] } });
    const scenarios = await tempDir('tidy-eval-scenarios-');
    await cp(path.join(DEFAULT_SCENARIOS_DIR, 'terse-answers.json'), path.join(scenarios, 'terse-answers.json'));
    const out = await tempDir('tidy-eval-out-');

    const { code, output } = await cli('--base-url', server.baseURL, '--model', 'missing', '--scenarios', scenarios, '--out', out);

    expect(code).toBe(0);
    const transcript = await readTranscript(path.join(out, 'terse-answers.json'));
    expect(transcript.events.filter((event) => event.type === 'error').length).toBeGreaterThan(0);
    expect(output).toContain('Total: 0/0 checks passed');
  });
});

describe('a model that hangs', () => {
  it('is stopped after the turn timeout, recorded, and the run goes on to the next message', async () => {
    const model = await startScriptedModel({ scenario: { steps: [{ respond: { text: '{"response":"late"}' }, times: 'always' }], quirks: { stall: true } } });
    server = model;
    const llm = aiSdkLlm(createOpenAI({ baseURL: model.baseURL, apiKey: 'test' }).chat('scripted'));
    const scenario = EvalScenarioSchema.parse({ name: 'hang', description: 'a slow model', messages: ['hi', 'hello?'] });
    const limits = handLimits();
    const running = runScenario(scenario, { llm, modelName: 'slow', turnTimeoutMs: 200, turnTimers: limits.timers });
    // Each turn's timeout runs out once the model holds that turn's request, until the run has no message left.
    const transcript = await expireEachStall(limits, () => model.requests.length, running);
    expect(limits.expired).toBe(2);
    expect(transcript.events.filter((event) => event.type === 'person')).toHaveLength(2);
    expect(transcript.events.filter((event) => event.type === 'error').map((event) => event.message)).toEqual([
      'The turn took longer than 0.2 s and was stopped.',
      'The turn took longer than 0.2 s and was stopped.',
    ]);
  });

  it('refuses a turn timeout that is not a number of seconds', async () => {
    const { code, output } = await cli('--base-url', 'http://127.0.0.1:9/v1', '--model', 'x', '--turn-timeout', 'soon');
    expect(code).toBe(2);
    expect(output).toContain('--turn-timeout takes a number of seconds.');
  });
});

describe('npm run eval --compare', () => {
  it('prints two recorded runs side by side', async () => {
    const b = await tempDir('tidy-eval-b-');
    await cp(path.join(HERE, 'fixtures', 'scripted'), b, { recursive: true });
    await cp(path.join(HERE, 'fixtures', 'edited', 'wants-to-stop.json'), path.join(b, 'wants-to-stop.json'));
    const { code, output } = await cli('--compare', path.join(HERE, 'fixtures', 'scripted'), b);
    expect(code).toBe(0);
    expect(output).toContain('  wants-to-stop / tone: pass -> fail');
  });

  it('needs two runs, and says which folder has no transcripts', async () => {
    expect((await cli('--compare', 'one')).code).toBe(2);
    const empty = await tempDir('tidy-eval-empty-');
    const { code, output } = await cli('--compare', path.join(HERE, 'fixtures', 'scripted'), empty);
    expect(code).toBe(2);
    expect(output).toBe(`No transcripts (*.json) in ${empty}`);
  });
});

describe('arguments and scenarios', () => {
  it('prints the usage without a base URL or a model', async () => {
    const { code, output } = await cli('--model', 'x');
    expect(code).toBe(2);
    expect(output).toContain('Usage: npm run eval -- --base-url URL --model NAME');
    expect((await cli('--nope')).code).toBe(2);
  });

  it('ships a dozen valid scenarios, with stops and photos among them', async () => {
    const scenarios = await loadScenarios(DEFAULT_SCENARIOS_DIR);
    expect(scenarios.length).toBeGreaterThanOrEqual(12);
    expect(scenarios.filter((scenario) => scenario.asksToStopAt !== undefined).length).toBeGreaterThanOrEqual(3);
    expect(scenarios.some((scenario) => scenario.photos.some((photo) => photo.items >= 8))).toBe(true);
    expect(new Set(scenarios.map((scenario) => scenario.cards.policy))).toEqual(new Set(['first', 'second', 'unsure', 'other', 'skip']));
  });

  it('refuses a scenario file that does not validate, naming the file and the field, before calling any model', async () => {
    const dir = await tempDir('tidy-eval-bad-');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'stops-late.json'), JSON.stringify({ name: 'stops-late', description: 'x', messages: ['hi'], asksToStopAt: 3 }));
    const { code, output } = await cli('--base-url', 'http://127.0.0.1:9/v1', '--model', 'x', '--scenarios', dir);
    expect(code).toBe(2);
    expect(output).toContain('stops-late.json');
    expect(output).toContain('asksToStopAt must name one of the messages');
  });
});

describe('a model whose tool calls fail', () => {
  it('hands over to the guided coach: the transcript records it, its cards are answered, and the report says so', async () => {
    const [scenario] = (await loadScenarios(DEFAULT_SCENARIOS_DIR)).filter((candidate) => candidate.name === 'overwhelmed-start');
    const transcript = await runScenario(scenario!, { llm: rulesLlm({ toolFumbles: { from: 0, how: 'invalid-arguments' } }), modelName: 'fumbling', turnTimeoutMs: 5_000 });
    const handover = transcript.events.findIndex((event) => event.type === 'handover');
    expect(transcript.events[handover]).toEqual({ type: 'handover', reason: 'tool-calls-failing' });
    // After it, the guided coach's cards come and are answered.
    expect(transcript.events.slice(handover).some((event) => event.type === 'card')).toBe(true);
    expect(transcript.events.some((event) => event.type === 'error')).toBe(false);
    const report = formatReport(scoreRun([transcript]));
    expect(report).toContain('The guided coach took over in:\n  overwhelmed-start: the model’s tool calls kept failing');
  });
});

describe('npm run eval --understanding', () => {
  const line = (entry: object) => JSON.stringify(entry);
  // Labelled so that any reader gets the first one wrong as a stop and the second one wrong as an item: the report's
  // sections are what is tested here, not how well `understand` reads.
  const corpus = [
    line({ id: 'next-001', text: 'stop', expecting: { kind: 'next' }, meant: { kind: 'next' } }),
    line({ id: 'item-001', text: 'the mug', expecting: { kind: 'item' }, meant: { kind: 'item', contains: 'no such item' } }),
  ].join('\n');

  it('prints the score line, the false stops, then the misses by kind, writes the JSON and exits 0', async () => {
    const dir = await tempDir('tidy-eval-corpus-');
    await writeFile(path.join(dir, 'corpus.jsonl'), `${corpus}\n`);

    const { code, output } = await cli('--understanding', '--corpus', path.join(dir, 'corpus.jsonl'), '--json', path.join(dir, 'score.json'));

    expect(code).toBe(0);
    expect(output.split('\n')[0]).toMatch(/^Understanding: 0\/2 \(0\.0%\) read as meant \(.*\); confirmations: \d+ \(.*\); false stops: 1; moved out unsaid: \d+$/);
    // The file, read by the rules, the shipped classifier and both side by side.
    expect(output).toMatch(/^ {2}corpus +2 +0\.0% .+ 0\.0% .+ 0\.0% /m);
    const falseStops = output.indexOf('False stops (1):\n  next-001 [next] "stop" — meant next; got stop');
    const misses = output.indexOf('Misses (2), by meant kind:\nnext (1):');
    expect(falseStops).toBeGreaterThan(0);
    expect(misses).toBeGreaterThan(falseStops);
    expect(output.slice(misses)).toContain('item (1):\n  item-001 [item] "the mug" — meant item ~no such item; got ');
    const json = JSON.parse(await readFile(path.join(dir, 'score.json'), 'utf8')) as { read: number; total: number; falseStops: { id: string }[] };
    expect({ read: json.read, total: json.total, falseStops: json.falseStops.map((reading) => reading.id) }).toEqual({ read: 0, total: 2, falseStops: ['next-001'] });
  });

  it('reads every labelled set by default, the corpus in detail', async () => {
    const { code, output } = await cli('--understanding');

    expect(code).toBe(0);
    expect(output).toMatch(/^Understanding: \d+\/\d{3,4} \(\d+\.\d%\) read as meant \(/m);
    // Every labelled set, rules, classifier and both, each left out of the classifier that reads it.
    expect(output).toContain('Read as meant, left out');
    for (const set of ['corpus', 'heldout', 'fresh-a', 'fresh-b', 'fresh-c']) expect(output).toMatch(new RegExp(`^  ${set} +\\d+ +\\d+\\.\\d% .+% .+% `, 'm'));
  });

  it('refuses a malformed corpus line in one line naming its number', async () => {
    const dir = await tempDir('tidy-eval-corpus-');
    const file = path.join(dir, 'corpus.jsonl');
    await writeFile(file, `${corpus}\n{"id": "item-002", "text": "the lamp", "expecting": {"kind": "item"}}\n`);

    const { code, output } = await cli('--understanding', '--corpus', file);

    expect(code).toBe(2);
    expect(output).toBe(`${file}:3: meant: Invalid input: expected array, received undefined`);
  });

  it('takes --corpus and --json only with --understanding', async () => {
    const { code, output } = await cli('--corpus', 'corpus.jsonl');

    expect(code).toBe(2);
    expect(output).toContain('--corpus and --json go with --understanding.');
  });
});
