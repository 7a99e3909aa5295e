import { safeStorage } from 'electron';
import ElectronStore from 'electron-store';
import type { SecretStore } from '../settings/secrets';

/**
 * The API key typed in Settings, encrypted with the OS keychain through safeStorage and kept with electron-store.
 * Where the OS offers no real encryption (Linux without a keyring: the "basic_text" backend) the key is still
 * stored, and Settings says plainly that it is not encrypted.
 */
export function electronSecretStore(): SecretStore {
  const store = new ElectronStore<{ apiKey?: string }>({ name: 'secrets' });
  const plain = !safeStorage.isEncryptionAvailable() || (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text');
  return {
    storage: plain ? 'plain' : 'os-encrypted',
    get() {
      const stored = store.get('apiKey');
      if (!stored) return undefined;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        return undefined;
      }
    },
    set(apiKey) {
      if (apiKey) store.set('apiKey', safeStorage.encryptString(apiKey).toString('base64'));
      else store.delete('apiKey');
      return Promise.resolve();
    },
  };
}
