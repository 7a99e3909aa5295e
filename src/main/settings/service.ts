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
import type { ModelTest, ProbeResult, StoredProbe, Switches } from '../../shared/model-probe/schema';
import { probeModel, ProbeStore, summarize, switchesFrom, type ProbeTarget } from '../model-probe';
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
  /** Runs the capability probe (default: `probeModel` with its 15 s limit per check; tests inject a shorter one). */
  readonly probe?: (target: ProbeTarget, signal: AbortSignal) => Promise<ProbeResult>;
}

export class SettingsService {
  #settings: Settings;
  #model: ModelSettings;
  #llm: Llm | undefined;
  readonly #deps: SettingsServiceDeps;
  readonly #probes: ProbeStore;

  /** Sessions hold this one: a model change in Settings reaches them at once. */
  readonly currentLlm: Llm = {
    generate: (request) => (this.#llm ? this.#llm.generate(request) : Promise.reject(new Error('No model is set up.'))),
  };

  constructor(deps: SettingsServiceDeps) {
    this.#deps = deps;
    this.#probes = new ProbeStore(deps.dataDir);
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

  /** The coach a new session gets: Settings first, then TIDY_COACH; without a model, or one without tool calls, guided. */
  coachForNewSession(): CoachKind {
    return this.hasModel && this.#model.tools ? this.#preferredCoach() : 'guided';
  }

  /**
   * Whether new sessions get the guided coach only because the model takes no tool calls (the switch, set by Test
   * connection or by hand): the conversational coach's cards are tool calls, so the guided coach leads and the model
   * words its replies and reads what the person types.
   */
  get guidedForTools(): boolean {
    return this.hasModel && !this.#model.tools && this.#preferredCoach() === 'conversational';
  }

  #preferredCoach(): CoachKind {
    return this.#settings.coach ?? this.#deps.coachPreference ?? 'conversational';
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
        ...(model.contextTokens ? { context: { tokens: model.contextTokens, from: this.#contextFrom() } } : {}),
        ...withProbe(model.model ? this.#probes.find({ baseUrl: model.baseUrl, model: model.model }) : undefined),
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
    if (!patch.model) return;
    const byHand = pick(patch.model);
    const endpoint = this.#endpoint();
    if (!endpoint) return;
    if (Object.keys(byHand).length > 0) {
      await this.#probes.override(endpoint, byHand);
    } else if (patch.model.baseUrl !== undefined || patch.model.name !== undefined) {
      // Back to a server and model probed before: its switches come back with it.
      const stored = this.#probes.find(endpoint);
      if (stored) await this.#applyProbe(stored);
    }
  }

  async setApiKey(apiKey: string | undefined): Promise<void> {
    try {
      await this.#deps.secrets.set(apiKey);
    } catch (error) {
      throw new IpcError({ code: 'invalid-input', message: (error as Error).message });
    }
    this.#reconfigure();
  }

  /**
   * Probes the model's capabilities, keeps the result for this server and model, and sets the switches from it
   * (those the person set by hand for it stay). A model given as it is (tests, no provider) gets a one-word round trip.
   */
  async testModel(signal: AbortSignal): Promise<ModelTest> {
    const llm = this.#llm;
    if (!llm) return { ok: false, message: 'No model is set up: give it a name and a key or a server address.' };
    const endpoint = this.#deps.modelFor ? this.#endpoint() : undefined;
    if (!endpoint) return this.#roundTrip(llm, signal);
    const target = { ...endpoint, ...(this.#model.apiKey ? { apiKey: this.#model.apiKey } : {}) };
    const result = await (this.#deps.probe ?? ((t, s) => probeModel(t, { signal: s })))(target, signal);
    const stored = await this.#probes.save(result);
    const changed = await this.#applyProbe(stored);
    return { ...summarize(result, changed), probe: result };
  }

  /**
   * Sets the switches from a probe, those set by hand for this server and model as they were set, and makes the model
   * again (the probe also says its structured-output mode and context window); returns the switches that changed.
   */
  async #applyProbe(stored: StoredProbe): Promise<Switches> {
    const wanted = { ...switchesFrom(stored.result), ...stored.overrides };
    const changed: Switches = {};
    for (const name of ['vision', 'tools'] as const) {
      const value = wanted[name];
      if (value !== undefined && this.#model[name] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length > 0) {
      const current = this.#settings;
      const next = { ...current, model: { ...current.model, ...changed } };
      await this.#deps.store.write(next);
      this.#settings = next;
    }
    this.#reconfigure();
    return changed;
  }

  #contextFrom(): 'settings' | 'environment' | 'server' {
    return this.#settings.model?.contextTokens ? 'settings' : this.#deps.env.contextTokens ? 'environment' : 'server';
  }

  #endpoint(): { baseUrl?: string; model: string } | undefined {
    const { baseUrl, model } = this.#model;
    return model ? { ...(baseUrl ? { baseUrl } : {}), model } : undefined;
  }

  /** A one-word round trip to the model, told in words a person can act on. */
  async #roundTrip(llm: Llm, signal: AbortSignal): Promise<ModelTest> {
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
    const probed = name ? this.#probes.find({ ...(baseUrl ? { baseUrl } : {}), model: name })?.result : undefined;
    const structured = probed?.capabilities.find((result) => result.capability === 'structured-output');
    // No mode worked at all: plain text with the schema in the instructions, read here, is still the best chance.
    const structuredOutput = structured ? (structured.status === 'works' ? structured.mode : 'text') : undefined;
    // A number the person gave (Settings, then the environment) wins over what the server says.
    const contextTokens = chosen.contextTokens ?? env.contextTokens ?? probed?.context?.tokens;
    return {
      ...(apiKey ? { apiKey } : {}),
      ...(baseUrl ? { baseUrl } : {}),
      ...(name ? { model: name } : {}),
      vision: chosen.vision ?? env.vision,
      tools: chosen.tools ?? env.tools,
      ...(structuredOutput ? { structuredOutput } : {}),
      ...(contextTokens ? { contextTokens } : {}),
    };
  }
}

function withProbe(stored: StoredProbe | undefined): { probe?: StoredProbe } {
  return stored ? { probe: stored } : {};
}

/** The switches in a Settings change: set by hand. */
function pick(model: NonNullable<Settings['model']>): Switches {
  return {
    ...(model.vision !== undefined ? { vision: model.vision } : {}),
    ...(model.tools !== undefined ? { tools: model.tools } : {}),
  };
}
