import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../shared/photos/schema';
import type { Bridge, PhotoTransfer } from '../bridge';
import { PhotoIntake } from './intake';

/** An import main has not answered yet; `answer` answers it. */
interface PendingImport {
  readonly uploads: readonly string[];
  answer(result: ImportResult): void;
}

/** A web-mode intake whose uploads are named after their files and whose imports wait until the test answers them. */
function webIntake() {
  const imports: PendingImport[] = [];
  const bridge = {
    on: () => () => {},
    invoke: (channel: string, input: { uploads: string[] }) => {
      if (channel !== 'photos:import') throw new Error(`unexpected ${channel}`);
      return new Promise<ImportResult>((resolve) => imports.push({ uploads: input.uploads, answer: resolve }));
    },
  } as unknown as Bridge;
  const transfer: PhotoTransfer = { kind: 'uploads', upload: (_file, name) => Promise.resolve(`upload-${name}`) };
  return { intake: new PhotoIntake(bridge, transfer), imports };
}

const dropped = (...names: string[]) => names.map((name) => ({ file: new File(['jpeg'], name, { type: 'image/jpeg' }), name }));

function added(...names: string[]): ImportResult {
  const imported = names.map((name, index) => ({
    id: `${'a'.repeat(63)}${index}`,
    originalName: name,
    format: 'jpeg' as const,
    width: 800,
    height: 600,
    thumbWidth: 256,
    thumbHeight: 192,
    bytes: 4,
    importedAt: '2026-01-01T00:00:00.000Z',
  }));
  return { imported, duplicates: [], skipped: [], tooDeep: [], capped: false, cancelled: false };
}

const until = async (check: () => boolean) => {
  for (let tries = 0; !check(); tries += 1) {
    if (tries > 100) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
};

describe('photos given while others are still coming in', () => {
  it('follow them instead of vanishing, and the summary counts both', async () => {
    const { intake, imports } = webIntake();
    void intake.add(dropped('shelf.jpg'));
    await until(() => imports.length === 1);
    // A second drop (or the message box's Photos…) while the first is still being prepared.
    await intake.add(dropped('bed.jpg', 'desk.jpg'));
    expect(intake.current).toMatchObject({ phase: 'importing', waiting: 2 });

    imports[0]!.answer(added('shelf.jpg'));
    await until(() => imports.length === 2);
    expect(imports[1]!.uploads).toEqual(['upload-bed.jpg', 'upload-desk.jpg']);
    expect(intake.busy).toBe(true);
    imports[1]!.answer(added('bed.jpg', 'desk.jpg'));
    await until(() => intake.current.phase === 'done');
    const state = intake.current;
    expect(state.phase === 'done' && state.result.imported.map((photo) => photo.originalName)).toEqual(['shelf.jpg', 'bed.jpg', 'desk.jpg']);
  });

  it('are not imported after Cancel: Cancel stops everything still coming in', async () => {
    const { intake, imports } = webIntake();
    void intake.add(dropped('shelf.jpg'));
    await until(() => imports.length === 1);
    await intake.add(dropped('bed.jpg'));
    intake.cancel();
    imports[0]!.answer({ ...added(), cancelled: true });
    await until(() => !intake.busy);
    expect(imports).toHaveLength(1);
    expect(intake.current).toMatchObject({ phase: 'done', result: { cancelled: true } });
  });
});
