/**
 * How long a person waits, after dropping a folder of photos of a room on the window, for the first card or message
 * that names a thing the detector found in them: the whole app core with the offline guided coach and the real
 * on-device detector, every card answered at once (so the figure is the machine's time, not the person's). Beside it,
 * in the same run, the import of the same folder alone: what the coach waited for before it started on the first
 * photo.
 *
 * The photos are the detection eval's real indoor photographs, those with things to tidy first, scaled to a phone's
 * 4000 x 3000 with a phone's grain (a quick run: 1200 x 900).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { z } from 'zod';
import { isProposable } from '../src/shared/detection/classes';
import { CocoLabelSchema, type CocoLabel } from '../src/shared/detection/schema';
import type { Answer, Question } from '../src/shared/questions/schema';
import type { SessionSnapshot, SessionState } from '../src/shared/session/schema';
import { createAppCore } from '../src/main/core/app-core';
import { cryptoRandom, systemClock } from '../src/main/effects';
import { createLogger } from '../src/main/log/logger';
import { createTemplateRenderer, defaultTemplatesDir } from '../src/main/templates';
import type { SectionReport } from './runner';

const EVAL_PHOTOS = path.resolve(import.meta.dirname, '../src/main/eval/detection/photos');
const FULL = { width: 4000, height: 3000 };
const QUICK = { width: 1200, height: 900 };
/** Full-size rooms are kept between runs, as the import section keeps its photos. */
const CACHE_DIR = path.join(os.tmpdir(), 'tidying-bench-rooms-v1');
/** Past this, the run is reported as failed rather than waited on. */
const GIVE_UP_MS = 120_000;

const LabelsSchema = z.object({ photos: z.array(z.object({ file: z.string(), indoor: z.boolean(), present: z.array(CocoLabelSchema) })) });

/** `count` phone-sized photos of real rooms, in the order a folder lists them; each file differs in its bytes. */
async function roomPhotos(count: number, dir: string, { width, height }: { width: number; height: number }): Promise<string[]> {
  const labels = LabelsSchema.parse(JSON.parse(await fs.readFile(path.join(EVAL_PHOTOS, 'labels.json'), 'utf8')));
  // Rooms with things to tidy in them first (by their labels, not by what the detector makes of them): a person
  // tidying starts with photos of the mess.
  const movable = (photo: { present: readonly CocoLabel[] }) => photo.present.filter(isProposable).length;
  const rooms = labels.photos
    .filter((photo) => photo.indoor)
    .sort((a, b) => movable(b) - movable(a))
    .map((photo) => path.join(EVAL_PHOTOS, photo.file));
  if (rooms.length === 0) throw new Error('The detection eval has no indoor photos to make rooms from.');
  await fs.mkdir(dir, { recursive: true });
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .raw()
    .toBuffer();
  const files: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const file = path.join(dir, `room-${String(index).padStart(3, '0')}.jpg`);
    files.push(file);
    if (await fs.stat(file).catch(() => undefined)) continue;
    const round = Math.floor(index / rooms.length);
    const temp = `${file}.tmp`;
    await sharp(rooms[index % rooms.length]!)
      .resize(width, height, { fit: 'cover' })
      .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
      // A different quality each round through the rooms: the same room twice is two photos, not a duplicate.
      .jpeg({ quality: 90 - round })
      .toFile(temp);
    await fs.rename(temp, file);
  }
  return files;
}

/** The movable things the detector found, by the names the coach uses for them. */
function detectedNames(state: SessionState): Set<string> {
  return new Set(state.photos.flatMap((photo) => photo.detections?.items.filter((item) => isProposable(item.label)).map((item) => item.name) ?? []));
}

/** What the person can read now: the coach's messages and the open card. */
function readable(state: SessionState): string {
  const question = state.pendingQuestion;
  const card = !question ? [] : question.kind === 'disposition' ? [question.item, question.where ?? ''] : [question.prompt];
  return [...state.messages.filter((message) => message.role === 'coach').map((message) => message.text), ...card].join('\n').toLowerCase();
}

function namesOne(text: string, names: ReadonlySet<string>): string | undefined {
  return [...names].find((name) => new RegExp(`\\b${name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`).test(text));
}

/** The answer a person in a hurry gives: the first choice, yes, or a short name. */
function quickAnswer(question: Question): Answer {
  switch (question.kind) {
    case 'choice':
      return { kind: 'choice', selected: question.choices.slice(0, 1).map((choice) => choice.label) };
    case 'disposition':
      return { kind: 'disposition', pick: { type: 'choice', index: 0 } };
    case 'confirm':
      return { kind: 'confirm', yes: false };
    case 'text':
      return { kind: 'text', text: 'a mug' };
  }
}

interface Run {
  /** From the drop to the first readable text naming a detected thing. */
  readonly namedMs: number;
  readonly name: string;
  /** From the drop to the import's end. */
  readonly importedMs: number;
  readonly photos: number;
}

async function dropAndWait(files: readonly string[], folder: string): Promise<Run> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-bench-first-named-'));
  const core = createAppCore({
    runtime: 'electron',
    version: 'bench',
    model: { vision: false, tools: false },
    llm: undefined,
    templates: createTemplateRenderer(defaultTemplatesDir()),
    logger: createLogger({ sink: () => {} }),
    time: systemClock(),
    random: cryptoRandom(),
    dataDir,
  });
  const signal = new AbortController().signal;
  let named: { ms: number; name: string } | undefined;
  let reached = () => {};
  const namedSoon = new Promise<void>((resolve) => (reached = resolve));
  let started = 0;
  let answered = '';
  core.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const { state } = event.payload as SessionSnapshot;
    if (!named) {
      const name = namesOne(readable(state), detectedNames(state));
      if (name) {
        named = { ms: performance.now() - started, name };
        reached();
      }
    }
    const question = state.pendingQuestion;
    if (!question || question.id === answered) return;
    answered = question.id;
    queueMicrotask(() => void Promise.resolve(core.handlers['question:answer']({ questionId: question.id, answer: quickAnswer(question) }, { signal })).catch(() => {}));
  });
  try {
    core.grantPaths([folder]);
    started = performance.now();
    const importing = core.handlers['photos:import']({ uploads: [], paths: [folder] }, { signal });
    const result = await importing;
    const importedMs = performance.now() - started;
    if (!result || result.imported.length !== files.length) throw new Error(`imported ${result?.imported.length ?? 0} of ${files.length} photos`);
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, GIVE_UP_MS, 'timeout').unref());
    if ((await Promise.race([namedSoon, timeout])) === 'timeout' || !named) {
      throw new Error(`No card or message named a detected thing within ${GIVE_UP_MS / 1000} s of the drop.`);
    }
    return { namedMs: named.ms, name: named.name, importedMs, photos: result.imported.length };
  } finally {
    await core.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureFirstNamedThing(report: SectionReport, { count, quick }: { count: number; quick: boolean }): Promise<void> {
  const size = quick ? QUICK : FULL;
  const dir = quick ? await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-bench-rooms-quick-')) : path.join(CACHE_DIR, String(count));
  try {
    const files = await roomPhotos(count, dir, size);
    const run = await dropAndWait(files, dir);
    report.figures(
      [
        { name: `first named thing after dropping ${count} photos`, value: run.namedMs / 1000, unit: 's', baseline: `${count} photos imported` },
        { name: `${count} photos imported`, value: run.importedMs / 1000, unit: 's' },
      ],
      ([namedSeconds, importedSeconds]) =>
        `  first named thing after dropping ${count} photos: ${namedSeconds!.toFixed(2)} s (goal < 3 s; "${run.name}"), ` +
        `${(namedSeconds! / importedSeconds!).toFixed(2)}x the ${importedSeconds!.toFixed(2)} s the import of all ${count} took (${size.width}x${size.height} rooms, guided coach offline, cards answered at once)`,
    );
  } finally {
    if (quick) await fs.rm(dir, { recursive: true, force: true });
  }
}
