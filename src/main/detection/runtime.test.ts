import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolderSync } from '../../../test-support/temp-folder';
import { findDetectorRuntime, withModels } from './runtime';

/** A detector folder whose manifest names `detector` and lists `files` (created empty: only their presence is checked here). */
function folder(detector: unknown, models: string[] | undefined, files: string[]): string {
  const dir = tempFolderSync('tidy-runtime-');
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), '');
  }
  const hash = '0'.repeat(64);
  const manifest = { detector, ...(models ? { models } : {}), packages: [{ name: 'p', version: '1', integrity: 'x', license: 'MIT' }], files: Object.fromEntries(files.map((file) => [file, hash])) };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const BOTH = ['model/centernet.json', 'model/centernet.bin', 'model/nanodet.json', 'model/nanodet.bin'];

describe('the detector folder', () => {
  it('runs both models the app chose, in order, and names them in its id so older cached findings are not reused', () => {
    const dir = folder('centernet-coco', ['centernet', 'nanodet'], BOTH);
    const lookup = findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir });
    if (!('found' in lookup)) throw new Error(lookup.missing);
    expect(lookup.found.models.map((model) => model.spec.id)).toEqual(['centernet', 'nanodet']);
    expect(lookup.found.id).toBe('centernet+nanodet-coco p@1');
    expect(withModels(lookup.found, ['nanodet']).id).toBe('nanodet-coco p@1');
  });

  it('says to install again when it is an older install with CenterNet only', () => {
    const dir = folder('centernet-coco', undefined, BOTH.slice(0, 2));
    expect(findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir })).toEqual({
      missing: `The detector folder ${dir} has centernet but not nanodet, which the app runs. Run \`npm run install-detector\`.`,
    });
  });

  it('says which file is missing rather than half-loading', () => {
    const dir = folder('centernet-coco', ['centernet', 'nanodet'], BOTH);
    const manifest = { detector: 'centernet-coco', models: ['centernet', 'nanodet'], packages: [{ name: 'p', version: '1', integrity: 'x', license: 'MIT' }], files: { 'model/centernet.json': '0'.repeat(64) } };
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    expect(findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir })).toMatchObject({ missing: expect.stringContaining('does not list model/centernet.bin') });
  });
});
