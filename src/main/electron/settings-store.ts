import ElectronStore from 'electron-store';
import type { Settings } from '../../shared/settings/schema';
import { migrate, SETTINGS_VERSION, type SettingsStore } from '../settings/store';

/** The window keeps its settings with electron-store (in the app's user data folder), migrated like the file store. */
export function electronSettingsStore(): SettingsStore {
  const store = new ElectronStore<Record<string, unknown>>({ name: 'settings' });
  return {
    read: () => migrate(store.store),
    write(settings: Settings) {
      store.store = { version: SETTINGS_VERSION, ...settings };
      return Promise.resolve();
    },
  };
}

/** The data folder chosen in Settings, read at start (before the data folder itself is open). */
export function electronDataDirChoice(): { get(): string | undefined; set(dir: string): void } {
  const store = new ElectronStore<{ dataDir?: string }>({ name: 'data-folder' });
  return { get: () => store.get('dataDir'), set: (dir) => store.set('dataDir', dir) };
}
