/** Where an API key typed in Settings is kept. Main reads it; nothing ever sends it to the renderer. */
export interface SecretStore {
  /** How a key set here is kept. */
  readonly storage: 'os-encrypted' | 'plain' | 'environment-only';
  get(): string | undefined;
  /** Stores the key, or removes it with undefined. */
  set(apiKey: string | undefined): Promise<void>;
}

/** Web mode: the key comes from OPENAI_API_KEY only; a browser page never hands one to the server. */
export const environmentOnlySecrets: SecretStore = {
  storage: 'environment-only',
  get: () => undefined,
  set: () => Promise.reject(new Error('In web mode the API key comes from OPENAI_API_KEY when Tidying starts.')),
};

/** For tests: a key kept in memory. */
export function memorySecrets(initial?: string): SecretStore {
  let key = initial;
  return {
    storage: 'plain',
    get: () => key,
    set: (next) => {
      key = next;
      return Promise.resolve();
    },
  };
}
