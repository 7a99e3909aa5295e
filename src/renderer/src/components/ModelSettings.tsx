import { useState, type FormEvent } from 'react';
import type { SettingsPatch, SettingsView } from '../../../shared/settings/schema';
import type { Bridge } from '../bridge';
import { presetFor, SERVER_PRESETS } from '../../../shared/model-probe/presets';
import { tokens } from '../../../shared/model-probe/context';
import { CONTEXT_TOKENS, ContextTokensSchema } from '../../../shared/settings/schema';
import { ProbeResults } from './ProbeResults';

/**
 * The model part of Settings: OpenAI or an OpenAI-compatible server, the model's name, whether it takes images and
 * tools, the API key (sent one way: main only ever says whether one is set) and a connection test that probes what
 * the model can do and sets the two switches from it (they stay editable; a switch set by hand stays so).
 */
export function ModelSettings(props: {
  bridge: Bridge;
  view: SettingsView;
  onSaved: (view: SettingsView) => void;
  change: (patch: SettingsPatch) => Promise<void>;
}) {
  const { bridge, view, onSaved, change } = props;
  const [provider, setProvider] = useState<'openai' | 'compatible'>(view.model.baseUrl ? 'compatible' : 'openai');
  const [baseUrl, setBaseUrl] = useState(view.model.baseUrl ?? SERVER_PRESETS[0]!.baseUrl);
  const [name, setName] = useState(view.model.name ?? '');
  const [key, setKey] = useState('');
  const [context, setContext] = useState(view.settings.model?.contextTokens ? String(view.settings.model.contextTokens) : '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);

  const probe = view.model.probe;
  const switchHint = (name: 'vision' | 'tools') => {
    if (probe?.overrides[name] !== undefined) return 'set by hand: Test connection leaves it';
    if (probe) return 'set by Test connection; change it if you like';
    return name === 'vision' ? 'Test connection sets it, or turn off for models without vision' : 'Test connection sets it, or turn off for models without tools';
  };

  // While busy the buttons say so (aria-disabled) but are not disabled: a disabled button drops the focus, and the
  // dialog would no longer hear Escape.
  const run = async (work: () => Promise<{ ok: boolean; text: string } | undefined>) => {
    if (busy) return;
    setBusy(true);
    setMessage(undefined);
    try {
      setMessage(await work());
    } catch (error) {
      setMessage({ ok: false, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const saveModel = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = ContextTokensSchema.nullable().safeParse(context.trim() ? Number(context.replace(/[,_\s]/g, '')) : null);
    if (!typed.success) {
      setMessage({ ok: false, text: `The context window is a whole number of tokens from ${tokens(CONTEXT_TOKENS.min)} to ${tokens(CONTEXT_TOKENS.max)}, or empty.` });
      return;
    }
    void run(async () => {
      await change({ model: { baseUrl: provider === 'openai' ? null : baseUrl.trim(), ...(name.trim() ? { name: name.trim() } : {}), contextTokens: typed.data } });
      return { ok: true, text: 'Saved. It is used from the next reply on.' };
    });
  };

  const serverContext = probe?.result.context;
  const contextHint = serverContext
    ? `the server says ${tokens(serverContext.tokens)}; leave empty to use that`
    : view.model.context?.from === 'environment'
      ? `TIDY_CONTEXT_TOKENS says ${tokens(view.model.context.tokens)}`
      : 'the server does not say (or was not tested); leave empty to send the last few turns whole';

  const saveKey = (apiKey: string | null) =>
    void run(async () => {
      onSaved(await bridge.invoke('settings:setApiKey', { apiKey }));
      setKey('');
      return { ok: true, text: apiKey ? 'The key is saved.' : 'The key is removed.' };
    });

  const test = () =>
    void run(async () => {
      const result = await bridge.invoke('settings:testModel');
      // The probe may have moved the switches and kept a result: show both.
      onSaved(await bridge.invoke('settings:get'));
      return { ok: result.ok, text: result.message };
    });

  return (
    <fieldset className="settings-group" aria-busy={busy}>
      <legend>Model</legend>
      <form onSubmit={saveModel}>
        <label className="settings-option">
          <input type="radio" name="provider" checked={provider === 'openai'} onChange={() => setProvider('openai')} />
          <span>OpenAI</span>
        </label>
        <label className="settings-option">
          <input type="radio" name="provider" checked={provider === 'compatible'} onChange={() => setProvider('compatible')} />
          <span>
            An OpenAI-compatible server <span className="settings-hint">Ollama, LM Studio, llama.cpp</span>
          </span>
        </label>
        {provider === 'compatible' ? (
          <>
            <label className="settings-field">
              <span>Known server</span>
              <select
                value={presetFor(baseUrl)?.id ?? 'other'}
                onChange={(event) => {
                  const preset = SERVER_PRESETS.find((candidate) => candidate.id === event.currentTarget.value);
                  if (preset) setBaseUrl(preset.baseUrl);
                }}
              >
                {SERVER_PRESETS.map((preset) => (
                  <option key={preset.id} value={preset.id}>
                    {preset.label} ({preset.baseUrl})
                  </option>
                ))}
                <option value="other">Another address</option>
              </select>
            </label>
            <label className="settings-field">
              <span>Server address</span>
              <input type="url" value={baseUrl} onChange={(event) => setBaseUrl(event.currentTarget.value)} required />
            </label>
          </>
        ) : null}
        <label className="settings-field">
          <span>Model name</span>
          <input type="text" value={name} placeholder="gpt-4o-mini, llama3.2-vision" onChange={(event) => setName(event.currentTarget.value)} />
        </label>
        <label className="settings-option">
          <input type="checkbox" checked={view.model.vision} onChange={(event) => void change({ model: { vision: event.currentTarget.checked } })} />
          <span>
            Takes images <span className="settings-hint">{switchHint('vision')}</span>
          </span>
        </label>
        <label className="settings-option">
          <input type="checkbox" checked={view.model.tools} onChange={(event) => void change({ model: { tools: event.currentTarget.checked } })} />
          <span>
            Takes tool calls <span className="settings-hint">{switchHint('tools')}</span>
          </span>
        </label>
        <label className="settings-field">
          <span>
            Context window, in tokens <span className="settings-hint">{contextHint}</span>
          </span>
          <input
            type="text"
            inputMode="numeric"
            value={context}
            placeholder={serverContext ? String(serverContext.tokens) : '8192'}
            onChange={(event) => setContext(event.currentTarget.value)}
            data-testid="context-tokens"
          />
        </label>
        <div className="settings-actions">
          <button type="submit" className="quiet-button" aria-disabled={busy}>
            Save model
          </button>
          <button type="button" className="quiet-button" aria-disabled={busy} onClick={test}>
            Test connection
          </button>
        </div>
      </form>
      {probe ? <ProbeResults stored={probe} /> : null}
      <div className="settings-key">
        <p>
          API key: <strong data-testid="settings-key-state">{view.apiKey.set ? 'a key is set' : 'none'}</strong>
        </p>
        {view.apiKey.storage === 'environment-only' ? (
          <p className="settings-hint">In web mode the key comes from OPENAI_API_KEY when Tidying starts; this page never handles it.</p>
        ) : (
          <>
            {view.apiKey.storage === 'plain' ? (
              <p className="settings-warning">This computer offers no encryption for it: a key saved here is stored unencrypted.</p>
            ) : null}
            <label className="settings-field">
              <span>New key</span>
              <input type="password" autoComplete="off" value={key} onChange={(event) => setKey(event.currentTarget.value)} />
            </label>
            <div className="settings-actions">
              <button type="button" className="quiet-button" disabled={busy || key.trim().length < 8} onClick={() => saveKey(key.trim())}>
                Save key
              </button>
              {view.apiKey.set ? (
                <button type="button" className="quiet-button" disabled={busy} onClick={() => saveKey(null)}>
                  Remove key
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
      {message ? (
        <p className={message.ok ? 'settings-ok' : 'dialog-problem'} role={message.ok ? 'status' : 'alert'} data-testid="model-message">
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}
