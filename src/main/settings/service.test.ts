import { afterEach, describe, expect, it } from 'vitest';
import { llmFrom } from '../model/language-model';
import { memorySecrets } from './secrets';
import { SettingsService } from './service';
import type { SettingsStore } from './store';
import { DEFAULT_SETTINGS } from '../../shared/settings/schema';
import type { ModelSettings } from '../config/settings';
import { testCore } from '../../../test-support/fixtures';
import { loadScenarioFile, startScriptedModel, type Quirks, type ScriptedModel } from '../../../test-support/scripted-model';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { probeModel } from '../model-probe';

const CAPABLE = path.resolve(import.meta.dirname, '../../../test-support/scripted-model/scenarios/capable-model.json');
import type { AppCore } from '../core/app-core';
import { tempFolderSync } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
let server: ScriptedModel | undefined;
let core: AppCore | undefined;

afterEach(async () => {
  await core?.dispose();
  await server?.close();
  core = undefined;
  server = undefined;
});

// The app's own: the model effect as Settings and the stored probe make it.
const modelFor = llmFrom;

describe('the model, set up in Settings', () => {
  it('connects to an OpenAI-compatible server named in Settings, tests it, and unlocks the conversational coach', async () => {
    server = await startScriptedModel({ scenario: await loadScenarioFile(CAPABLE) });
    core = testCore({ modelFor, model: { vision: true, tools: true } });
    const app = core;
    expect((await app.handlers['settings:get'](undefined, { signal })).modelConfigured).toBe(false);
    expect(await app.handlers['settings:testModel'](undefined, { signal })).toMatchObject({ ok: false });

    const view = await app.handlers['settings:set']({ model: { baseUrl: server.baseURL, name: 'scripted', vision: false } }, { signal });
    expect(view).toMatchObject({ modelConfigured: true, model: { baseUrl: server.baseURL, name: 'scripted', vision: false, tools: true } });
    const tested = await app.handlers['settings:testModel'](undefined, { signal });
    // The probe found vision working, so the switch turned off above comes back on.
    expect(tested).toMatchObject({ ok: true, message: 'scripted answered: 4 of 4 checks work. Takes images is now on.' });
    expect(tested.probe?.capabilities.map((c) => c.status)).toEqual(['works', 'works', 'works', 'works']);
    expect((await app.handlers['settings:get'](undefined, { signal })).model).toMatchObject({ vision: true, tools: true, probe: { overrides: {} } });
    await app.handlers['settings:set']({ coach: 'conversational' }, { signal });
    await app.handlers['session:new'](undefined, { signal });
    expect((await app.handlers['app:info'](undefined, { signal })).coach).toBe('conversational');
    expect(server.mismatches).toEqual([]);
  });

  it('says plainly why a test fails', async () => {
    server = await startScriptedModel({ scenario: { ...(await loadScenarioFile(CAPABLE)), requireApiKey: 'the-right-key' } });
    core = testCore({ modelFor, model: { vision: true, tools: true } });
    await core.handlers['settings:set']({ model: { baseUrl: server.baseURL, name: 'scripted' } }, { signal });
    const tested = await core.handlers['settings:testModel'](undefined, { signal });
    expect(tested).toMatchObject({ ok: false, message: 'scripted passed no check: HTTP 401: Incorrect API key provided. — Check the API key.' });
    // A refusal of every check says nothing about the model: the switches stay.
    expect((await core.handlers['settings:get'](undefined, { signal })).model).toMatchObject({ vision: true, tools: true });
  });

  it('keeps a key typed in Settings in main: the view only says that one is set', async () => {
    const seen: Array<string | undefined> = [];
    core = testCore({ modelFor, model: { model: 'gpt-test', vision: true, tools: true }, secrets: memorySecrets(), onApiKey: (key) => seen.push(key) });
    const view = await core.handlers['settings:setApiKey']({ apiKey: 'sk-typed-in-settings-0001' }, { signal });
    expect(view.apiKey).toEqual({ set: true, storage: 'plain' });
    expect(view.modelConfigured).toBe(true);
    expect(JSON.stringify(view)).not.toContain('sk-typed');
    expect(JSON.stringify(await core.handlers['app:info'](undefined, { signal }))).not.toContain('sk-typed');
    expect(seen.at(-1)).toBe('sk-typed-in-settings-0001');
    expect((await core.handlers['settings:setApiKey']({ apiKey: null }, { signal })).apiKey.set).toBe(false);
  });

  it('refuses a key from the page in web mode: it comes from the environment there', async () => {
    core = testCore({ modelFor, model: { vision: true, tools: true } });
    const app = core;
    await expect(async () => app.handlers['settings:setApiKey']({ apiKey: 'sk-typed-in-settings-0001' }, { signal })).rejects.toThrow('OPENAI_API_KEY');
    expect((await app.handlers['settings:get'](undefined, { signal })).apiKey).toEqual({ set: false, storage: 'environment-only' });
  });

  it('refuses a file: URL as the server', async () => {
    const { contract } = await import('../../shared/ipc/contract');
    expect(contract.invoke['settings:set'].input.safeParse({ model: { baseUrl: 'file:///etc/passwd' } }).success).toBe(false);
  });
});

describe('Test connection probes the model and sets the switches', () => {
  async function serviceFor(quirks: Quirks | undefined, dataDir = tempFolderSync('tidy-probe-')) {
    const scenario = await loadScenarioFile(CAPABLE);
    server ??= await startScriptedModel({ scenario: quirks ? { ...scenario, quirks } : scenario });
    let stored = DEFAULT_SETTINGS;
    const service = new SettingsService({
      store: { read: () => stored, write: async (next) => void (stored = next) },
      secrets: memorySecrets(),
      env: { baseUrl: server.baseURL, model: 'scripted', vision: true, tools: true },
      modelFor,
      dataDir,
      probe: (target, probeSignal) => probeModel(target, { signal: probeSignal, timeoutMs: 300 }),
    });
    return { service, dataDir };
  }

  it.each([
    ['refuses tools', { refuseTools: true }, { vision: true, tools: false }, 'Takes tool calls is now off.'],
    ['refuses images', { refuseImages: true }, { vision: false, tools: true }, 'Takes images is now off.'],
    ['rejects json_schema', { rejectJsonSchema: true }, { vision: true, tools: true }, '4 of 4 checks work.'],
  ] as const)('a server that %s: reported, and the switches follow', async (_name, quirks, switches, said) => {
    const { service } = await serviceFor(quirks);
    const tested = await service.testModel(signal);
    expect(tested.ok).toBe(true);
    expect(tested.message).toContain(said);
    expect(service.view().model).toMatchObject(switches);
  });

  it('a stalled server: every check says it got no answer, and no switch moves', async () => {
    const { service } = await serviceFor({ stall: true });
    const tested = await service.testModel(signal);
    expect(tested).toMatchObject({ ok: false, message: 'scripted passed no check: No answer in 0.3 s.' });
    expect(service.view().model).toMatchObject({ vision: true, tools: true });
  });

  it('keeps a switch set by hand after a probe, also through the next probe, and keeps results in model-probes.json', async () => {
    const { service, dataDir } = await serviceFor({ refuseImages: true });
    await service.testModel(signal);
    expect(service.view().model.vision).toBe(false);
    await service.update({ model: { vision: true } });
    await service.testModel(signal);
    expect(service.view().model).toMatchObject({ vision: true, probe: { overrides: { vision: true } } });
    const file = JSON.parse(await readFile(path.join(dataDir, 'model-probes.json'), 'utf8')) as { probes: Array<{ result: { model: string } }> };
    expect(file.probes.map((entry) => entry.result.model)).toEqual(['scripted']);
    // Another model, then back: the kept result brings its switches back, the one set by hand included.
    await service.update({ model: { name: 'another' } });
    await service.update({ model: { vision: false } });
    await service.update({ model: { name: 'scripted' } });
    expect(service.view().model).toMatchObject({ vision: true, tools: true });
    // A new service (the next start) reads the kept result back.
    const again = await serviceFor(undefined, dataDir);
    expect(again.service.view().model.probe?.result.capabilities.find((c) => c.capability === 'vision')?.status).toBe('fails');
  });
});

describe('choosing the data folder', () => {
  it('is for the window, and takes effect at the next start', async () => {
    core = testCore({ runtime: 'electron', pickDataDir: async () => '/home/alex/Tidying sessions' });
    expect(await core.handlers['settings:chooseDataDir'](undefined, { signal })).toEqual({ nextStart: '/home/alex/Tidying sessions' });
    await core.dispose();
    core = testCore();
    const web = core;
    await expect(async () => web.handlers['settings:chooseDataDir'](undefined, { signal })).rejects.toThrow('--data-dir');
  });
});

describe('SettingsService on its own', () => {
  const failingStore = (): SettingsStore => ({ read: () => DEFAULT_SETTINGS, write: () => Promise.reject(new Error('disk full')) });
  const llm = { generate: () => Promise.reject(new Error('not called')) };

  it('puts a setting back when it cannot be saved, so what is shown is what is kept', async () => {
    const service = new SettingsService({ store: failingStore(), secrets: memorySecrets(), env: { vision: true, tools: true }, dataDir: '/data' });
    await expect(service.update({ theme: 'light' })).rejects.toThrow('disk full');
    expect(service.settings.theme).toBe('dark');
  });

  it('lays Settings over the environment, and a key typed in Settings over OPENAI_API_KEY', () => {
    let made: ModelSettings | undefined;
    const service = new SettingsService({
      store: { read: () => ({ ...DEFAULT_SETTINGS, model: { name: 'llama3.2-vision', vision: false } }), write: () => Promise.resolve() },
      secrets: memorySecrets('sk-typed-0000000000000000'),
      env: { apiKey: 'sk-env-00000000000000000', baseUrl: 'http://127.0.0.1:11434/v1', model: 'gpt-4o-mini', vision: true, tools: true },
      modelFor: (settings) => ((made = settings), llm),
      dataDir: '/data',
    });
    expect(made).toEqual({ apiKey: 'sk-typed-0000000000000000', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2-vision', vision: false, tools: true });
    expect(service.hasModel).toBe(true);
    expect(service.coachForNewSession()).toBe('conversational');
    expect(JSON.stringify(service.view())).not.toContain('sk-');
  });

  it('gives sessions a model that follows Settings: a change reaches a session already running', async () => {
    const answers: string[] = [];
    const service = new SettingsService({
      store: { read: () => DEFAULT_SETTINGS, write: () => Promise.resolve() },
      secrets: memorySecrets(),
      env: { model: 'first', baseUrl: 'http://127.0.0.1:1/v1', vision: true, tools: true },
      modelFor: (settings) => ({ generate: async () => (answers.push(settings.model ?? ''), { messages: [], text: 'ok', toolCalls: [], finishReason: 'stop', usage: {} }) }),
      dataDir: '/data',
    });
    const held = service.currentLlm;
    await held.generate({ instructions: '', messages: [], tools: {} });
    await service.update({ model: { name: 'second' } });
    await held.generate({ instructions: '', messages: [], tools: {} });
    expect(answers).toEqual(['first', 'second']);
  });
});

describe('what a probe sets besides the switches', () => {
  it('the structured-output mode and the context window the server reports reach new sessions and their log', async () => {
    const scenario = await loadScenarioFile(CAPABLE);
    server = await startScriptedModel({ scenario: { ...scenario, quirks: { rejectJsonSchema: true }, serverInfo: { kind: 'llama-cpp', contextLength: 4096 } } });
    core = testCore({ modelFor, model: { vision: true, tools: true } });
    await core.handlers['settings:set']({ model: { baseUrl: server.baseURL, name: 'scripted' } }, { signal });
    expect((await core.handlers['settings:get'](undefined, { signal })).model.context).toBeUndefined();
    const tested = await core.handlers['settings:testModel'](undefined, { signal });
    expect(tested.message).toContain('Context length: 4,096 tokens');
    expect((await core.handlers['settings:get'](undefined, { signal })).model.context).toEqual({ tokens: 4096, from: 'server' });

    // A number set by hand wins; clearing it goes back to the server's.
    expect((await core.handlers['settings:set']({ model: { contextTokens: 8192 } }, { signal })).model.context).toEqual({ tokens: 8192, from: 'settings' });
    expect((await core.handlers['settings:set']({ model: { contextTokens: null } }, { signal })).model.context).toEqual({ tokens: 4096, from: 'server' });

    // A new session asks in json_object with the schema in its instructions, and its log says how it asked.
    await core.handlers['settings:set']({ coach: 'conversational' }, { signal });
    await core.handlers['session:new'](undefined, { signal });
    const before = server.requests.length;
    await core.handlers['chat:send']({ text: 'hello' }, { signal });
    // The scripted server answers with a tool the coach does not have, so the guided coach soon takes over with a card.
    await new Promise<void>((resolve) => {
      const stop = core!.onPush(() => core!.store.state.pendingQuestion && (stop(), resolve()));
    });
    const coachRequests = server.requests.slice(before).filter((request) => request.body.tools);
    expect(coachRequests.length).toBeGreaterThan(0);
    expect(coachRequests.every((request) => request.body.response_format?.type === 'json_object')).toBe(true);
    expect(JSON.stringify(coachRequests[0]!.body.messages[0])).toContain('with only a JSON object that matches this JSON Schema');
    const log = await readFile(core.sessionPaths!.log, 'utf8');
    expect(JSON.parse(log.split('\n')[0]!)).toMatchObject({ type: 'session-started', model: { structuredOutput: 'json_object', contextTokens: 4096 } });
  });
});
