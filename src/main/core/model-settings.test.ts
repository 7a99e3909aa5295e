import { afterEach, describe, expect, it } from 'vitest';
import { aiSdkLlm } from '../effects';
import { languageModelFrom } from '../model/language-model';
import { memorySecrets } from '../settings/secrets';
import { testCore } from '../testing/fixtures';
import { parseScenario, startScriptedModel, type ScriptedModel } from '../testing/scripted-model';
import type { AppCore } from './app-core';

const signal = new AbortController().signal;
let server: ScriptedModel | undefined;
let core: AppCore | undefined;

afterEach(async () => {
  await core?.dispose();
  await server?.close();
  core = undefined;
  server = undefined;
});

const modelFor = (settings: Parameters<typeof languageModelFrom>[0]) => {
  const model = languageModelFrom(settings);
  return model ? aiSdkLlm(model) : undefined;
};

describe('the model, set up in Settings', () => {
  it('connects to an OpenAI-compatible server named in Settings, tests it, and unlocks the conversational coach', async () => {
    server = await startScriptedModel({
      scenario: parseScenario({ model: 'scripted', steps: [{ expect: { systemContains: 'checking a connection' }, respond: { text: 'OK' } }] }),
    });
    core = testCore({ modelFor, model: { vision: true, tools: true } });
    const app = core;
    expect((await app.handlers['settings:get'](undefined, { signal })).modelConfigured).toBe(false);
    expect(await app.handlers['settings:testModel'](undefined, { signal })).toMatchObject({ ok: false });

    const view = await app.handlers['settings:set']({ model: { baseUrl: server.baseURL, name: 'scripted', vision: false } }, { signal });
    expect(view).toMatchObject({ modelConfigured: true, model: { baseUrl: server.baseURL, name: 'scripted', vision: false, tools: true } });
    expect(await app.handlers['settings:testModel'](undefined, { signal })).toEqual({ ok: true, message: 'scripted answered: “OK”.' });
    await app.handlers['settings:set']({ coach: 'conversational' }, { signal });
    await app.handlers['session:new'](undefined, { signal });
    expect((await app.handlers['app:info'](undefined, { signal })).coach).toBe('conversational');
    expect(server.mismatches).toEqual([]);
  });

  it('says plainly why a test fails', async () => {
    server = await startScriptedModel({
      scenario: parseScenario({ model: 'scripted', steps: [{ respond: { error: { status: 401, message: 'bad key' } } }] }),
    });
    core = testCore({ modelFor, model: { vision: true, tools: true } });
    await core.handlers['settings:set']({ model: { baseUrl: server.baseURL, name: 'scripted' } }, { signal });
    expect(await core.handlers['settings:testModel'](undefined, { signal })).toEqual({
      ok: false,
      message: 'The model service refused the API key. Check the key in Settings or OPENAI_API_KEY.',
    });
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
