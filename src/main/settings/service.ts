/**
 * Settings and the model they make: Settings (kept by a `SettingsStore`) on top of the environment, an API key typed
 * in Settings (kept by a `SecretStore`) over OPENAI_API_KEY. A change takes effect at once: sessions hold
 * `currentLlm`, which always calls the model the settings make now.
 */
import { IpcError } from '../../shared/ipc/errors';
import type { CoachKind } from '../../shared/session/schema';
import type { Settings } from '../../shared/settings/schema';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import { classifyLlmError, type Llm } from '../effects';
import type { SecretStore } from './secrets';
import type { SettingsStore } from './store';


export interface SettingsServiceDeps {
  readonly store: SettingsStore;
  readonly secrets: SecretStore;
  /** The model from the environment. */
  readonly env: ModelSettings;
  /** Makes the model for settings (the app: the OpenAI provider). Without it `fixedLlm` stays whatever settings say. */
  readonly modelFor?: (model: ModelSettings) => Llm | undefined;
  /** The model to use when `modelFor` is not given (tests). */
  readonly fixedLlm?: Llm;
  /** Which coach a session gets when a model is set up and Settings do not say (TIDY_COACH). */
  readonly coachPreference?: CoachKind;
  /** Called when the key in use changes, so logs keep redacting it. */
  readonly onApiKey?: (apiKey: string | undefined) => void;
  readonly dataDir: string;
  /** Whether the on-device detector can run, for the Settings screen. */
  readonly detector?: () => { available: boolean; reason?: string };
}

export class SettingsService {
  #settings: Settings;
  #model: ModelSettings;
  #llm: Llm | undefined;
  readonly #deps: SettingsServiceDeps;

  /** Sessions hold this one: a model change in Settings reaches them at once. */
  readonly currentLlm: Llm = {
    generate: (request) => (this.#llm ? this.#llm.generate(request) : Promise.reject(new Error('No model is set up.'))),
  };

  constructor(deps: SettingsServiceDeps) {
    this.#deps = deps;
    this.#settings = deps.store.read();
    this.#model = this.#modelFor(this.#settings);
    this.#llm = deps.modelFor ? deps.modelFor(this.#model) : deps.fixedLlm;
    deps.onApiKey?.(this.#model.apiKey);
  }

  get settings(): Settings {
    return this.#settings;
  }

  get model(): ModelSettings {
    return this.#model;
  }

  get hasModel(): boolean {
    return this.#llm !== undefined;
  }

  /** The coach a new session gets: Settings first, then TIDY_COACH; without a model always guided. */
  coachForNewSession(): CoachKind {
    return this.hasModel ? (this.#settings.coach ?? this.#deps.coachPreference ?? 'conversational') : 'guided';
  }

  /** What the Settings dialog shows: never the key, only whether one is set and where it is kept. */
  view() {
    const model = this.#model;
    return {
      settings: this.#settings,
      effectiveCoach: this.coachForNewSession(),
      modelConfigured: this.hasModel,
      dataDir: this.#deps.dataDir,
      model: {
        ...(model.baseUrl ? { baseUrl: model.baseUrl } : {}),
        ...(model.model ? { name: model.model } : {}),
        vision: model.vision,
        tools: model.tools,
      },
      detector: this.#deps.detector?.() ?? { available: false, reason: 'This build has no detector.' },
      apiKey: { set: Boolean(model.apiKey), storage: this.#deps.secrets.storage },
    };
  }

  /** Takes effect before it is written (a read right after sees it), and is put back if it cannot be saved. */
  async update(patch: Partial<Settings>): Promise<void> {
    const current = this.#settings;
    const next = { ...current, ...patch, ...(patch.model ? { model: { ...current.model, ...patch.model } } : {}) };
    const wouldHaveModel = this.#deps.modelFor ? isModelConfigured(this.#modelFor(next)) : this.hasModel;
    if (next.coach === 'conversational' && patch.coach && !wouldHaveModel) {
      throw new IpcError({ code: 'invalid-input', message: 'The conversational coach needs a model: set one up first.' });
    }
    this.#settings = next;
    try {
      await this.#deps.store.write(next);
    } catch (error) {
      this.#settings = current;
      throw error;
    }
    if (patch.model) this.#reconfigure();
  }

  async setApiKey(apiKey: string | undefined): Promise<void> {
    try {
      await this.#deps.secrets.set(apiKey);
    } catch (error) {
      throw new IpcError({ code: 'invalid-input', message: (error as Error).message });
    }
    this.#reconfigure();
  }

  /** A one-word round trip to the model, told in words a person can act on. */
  async testModel(signal: AbortSignal): Promise<{ ok: boolean; message: string }> {
    const llm = this.#llm;
    if (!llm) return { ok: false, message: 'No model is set up: give it a name and a key or a server address.' };
    try {
      const reply = await llm.generate({
        instructions: 'You are checking a connection. Reply with the single word OK.',
        messages: [{ role: 'user', content: 'Are you there?' }],
        tools: {},
        settings: { maxOutputTokens: 5 },
        signal,
      });
      const said = reply.text.trim();
      return { ok: true, message: `${this.#model.model ?? 'The model'} answered${said ? `: “${said.slice(0, 40)}”` : ''}.` };
    } catch (error) {
      return { ok: false, message: classifyLlmError(error).message };
    }
  }

  #reconfigure(): void {
    this.#model = this.#modelFor(this.#settings);
    if (this.#deps.modelFor) this.#llm = this.#deps.modelFor(this.#model);
    this.#deps.onApiKey?.(this.#model.apiKey);
  }

  /** The model in use: Settings on top of the environment; a key typed in Settings wins over OPENAI_API_KEY. */
  #modelFor(from: Settings): ModelSettings {
    const env = this.#deps.env;
    const chosen = from.model ?? {};
    const apiKey = this.#deps.secrets.get() ?? env.apiKey;
    const baseUrl = chosen.baseUrl === null ? undefined : (chosen.baseUrl ?? env.baseUrl);
    const name = chosen.name ?? env.model;
    return {
      ...(apiKey ? { apiKey } : {}),
      ...(baseUrl ? { baseUrl } : {}),
      ...(name ? { model: name } : {}),
      vision: chosen.vision ?? env.vision,
      tools: chosen.tools ?? env.tools,
    };
  }
}
