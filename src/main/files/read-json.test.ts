import { rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempFolderSync } from '../../../test-support/temp-folder';
import { readJsonFile } from './read-json';

const Schema = z.object({ version: z.literal(1), names: z.array(z.string()) });
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function fileWith(text: string | undefined): Promise<string> {
  const folder = tempFolderSync('tidy-read-json-');
  folders.push(folder);
  const file = path.join(folder, 'things.json');
  if (text !== undefined) await writeFile(file, text);
  return file;
}

describe('a JSON file of the app’s own', () => {
  it('is read against its schema, or missing', async () => {
    expect(await readJsonFile(await fileWith('{"version":1,"names":["desk"]}'), Schema, 'things')).toEqual({ kind: 'read', value: { version: 1, names: ['desk'] } });
    expect(await readJsonFile(await fileWith(undefined), Schema, 'things')).toEqual({ kind: 'missing' });
  });

  it.each([
    ['cut short', '{"version":1,"na', 'it is not complete JSON (it may have been cut short)'],
    ['empty', '  \n', 'it is empty'],
    ['of another shape', '{"version":2,"names":[3]}', 'it does not hold things as Tidying writes them (version: Invalid input: expected 1; names.0: Invalid input: expected string, received number)'],
  ])('says in words why it cannot be used when %s', async (_case, text, reason) => {
    expect(await readJsonFile(await fileWith(text), Schema, 'things as Tidying writes them')).toEqual({ kind: 'unusable', reason });
  });
});
