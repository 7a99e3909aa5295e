import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSettingsStore, migrate, readSettingsFile } from './store';
import { tempFolder } from '../../../test-support/temp-folder';

describe('settings', () => {
  it('defaults to the dark theme and no coach preference', () => {
    expect(migrate(undefined)).toEqual({ theme: 'dark' });
  });

  it('migrates the version-0 shape and keeps valid fields of a damaged one', () => {
    expect(migrate({ mode: 'guided', theme: 'light' })).toEqual({ coach: 'guided', theme: 'light' });
    expect(migrate({ version: 1, coach: 'chatty', theme: 'light' })).toEqual({ theme: 'light' });
    expect(migrate({ version: 1, coach: 'guided', theme: 42 })).toEqual({ coach: 'guided', theme: 'dark' });
  });

  it('survives restarts in the data folder, and a damaged file falls back to the defaults', async () => {
    const dir = await tempFolder('tidy-settings-');
    const store = fileSettingsStore(dir);
    expect(store.read()).toEqual({ theme: 'dark' });
    await store.write({ coach: 'guided', theme: 'light' });
    expect(fileSettingsStore(dir).read()).toEqual({ coach: 'guided', theme: 'light' });
    expect(await readSettingsFile(dir)).toEqual({ version: 1, coach: 'guided', theme: 'light' });
    await writeFile(path.join(dir, 'settings.json'), '{ not json');
    expect(fileSettingsStore(dir).read()).toEqual({ theme: 'dark' });
  });
});
