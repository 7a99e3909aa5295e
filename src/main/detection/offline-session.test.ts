/**
 * A newcomer's first session, as the app runs it: no model, real photos, the real detector. From the photos to the
 * summary, every thing the guided coach proposes is one the detector found, outlined where it is, never twice.
 */
import { DETECTED } from './testing';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DetectionProgress } from '../../shared/detection/schema';
import type { Answer, Question } from '../../shared/questions/schema';
import type { SessionSnapshot, SessionState } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { foldLog, readSessionLog } from '../session-log';
import { testCore } from '../../../test-support/fixtures';
import { counted } from '../../shared/text/names';
import { STUCK } from '../guided/dialogs';
import { offers } from './offers';
import { detectionsFile } from './service';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const PHOTOS = ['coffee.jpg', 'bottle-and-bowls.jpg', 'shelf-with-books.jpg', 'fruits.jpg', 'aloe-in-pot.jpg'];
const signal = new AbortController().signal;

let app: AppCore | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

function when(core: AppCore, test: (state: SessionState) => boolean): Promise<SessionSnapshot> {
  return new Promise((resolve) => {
    if (test(core.store.state)) return resolve(core.store.snapshot());
    const stop = core.onPush((event) => {
      if (event.channel === 'session:changed' && test((event.payload as SessionSnapshot).state)) {
        stop();
        resolve(event.payload as SessionSnapshot);
      }
    });
  });
}

async function importPhotos(core: AppCore, names: readonly string[]): Promise<void> {
  const uploads = names.map((name) => core.stageUpload(name, readFileSync(path.join(FIXTURES, name))));
  const result = await core.handlers['photos:import']({ uploads, paths: [] }, { signal });
  expect(result.imported).toHaveLength(names.length);
}

/** Every `detection:progress` the core pushes, in order. */
function detectionProgress(core: AppCore): DetectionProgress[] {
  const progress: DetectionProgress[] = [];
  core.onPush((event) => {
    if (event.channel === 'detection:progress') progress.push(event.payload as DetectionProgress);
  });
  return progress;
}

const allDetected = (state: SessionState) => state.photos.length > 0 && state.photos.every((photo) => photo.detections);

/** The detected thing a focus outlines, by photo and box. */
function detectedAt(state: SessionState, focus: NonNullable<Question['focus']>[number]) {
  const photo = state.photos.find((candidate) => candidate.id === focus.photoId);
  return photo?.detections?.items.find((item) => JSON.stringify(item.box) === JSON.stringify(focus.box));
}

describe('a first session with no model and real photos', () => {
  it('names real things from the first card on, proposes only what was detected, each once, and ends with a summary', async () => {
    // However slow the detector's cold start is on a loaded machine, the coach waits for its look at the first photo.
    app = testCore({ firstLookWaitMs: 120_000 });
    const core = app;
    const progress = detectionProgress(core);
    await importPhotos(core, PHOTOS);
    await when(core, allDetected);
    await expect.poll(() => progress.at(-1), DETECTED).toEqual({ done: PHOTOS.length, total: PHOTOS.length, failed: 0 });

    const questions: Question[] = [];
    const proposed: string[] = [];
    for (let turn = 0; turn < 60 && core.store.state.status === 'active'; turn += 1) {
      const { state } = await when(core, (current) => current.pendingQuestion !== undefined || current.status === 'ended');
      const question = state.pendingQuestion;
      if (!question) break;
      questions.push(question);
      let answer: Answer;
      if (question.kind === 'choice' && question.purpose === 'function') answer = { kind: 'choice', selected: ['Work'] };
      else if (question.kind === 'choice' && question.purpose === 'anchors') answer = { kind: 'choice', selected: [question.choices[0]!.label] };
      else if (question.kind === 'disposition') {
        // A card is about one thing, outlined, or about several of one kind in one place: the outline around them
        // all, then each one's ("3 donuts").
        const [focus, ...each] = question.focus ?? [];
        expect(focus, `the card for "${question.item}" outlines it`).toBeDefined();
        const things = question.count ? each.map((one) => detectedAt(state, one)) : [detectedAt(state, focus!)];
        expect(things, `"${question.item}" holds as many things as it says`).toHaveLength(question.count ?? 1);
        for (const item of things) expect(item && (question.count ? counted(question.count, item.name) : item.name), `"${question.item}" is a detected thing`).toBe(question.item);
        expect(question.where).toBeTruthy();
        proposed.push(...things.map((item) => `${focus!.photoId}:${item!.id}`));
        answer = { kind: 'disposition', pick: { type: 'choice', index: 0 } };
      } else if (question.kind === 'confirm') answer = { kind: 'confirm', yes: false };
      // A busy spot card while detected things are left (the mess comes first) is passed; once none is left, a stop.
      else if (question.kind === 'choice') answer = offers(state).length > 0 ? { kind: 'choice', selected: [STUCK] } : { kind: 'stop' };
      else throw new Error(`Unexpected question: ${JSON.stringify(question)}`);
      await core.handlers['question:answer']({ questionId: question.id, answer }, { signal });
    }
    const final = core.store.state;

    // The first card asks what the space is for, saying what the detector found in the first photo dropped; the
    // second offers furniture it found, outlined.
    expect(questions[0]).toMatchObject({ kind: 'choice', purpose: 'function' });
    const seen = /In your photos I can see (.+)\. What/.exec(questions[0]!.kind === 'choice' ? questions[0]!.prompt : '')?.[1];
    expect(seen, 'the first card names what the detector found').toBeDefined();
    const detectedNames = new Set(final.photos.flatMap((photo) => photo.detections?.items.map((item) => item.name) ?? []));
    for (const name of seen!.split(/, | and /).map((thing) => thing.replace(/^an? /, ''))) expect(detectedNames).toContain(name);
    expect(questions[1]).toMatchObject({ kind: 'choice', purpose: 'anchors' });
    const anchors = questions[1]!;
    expect(anchors.focus?.length).toBeGreaterThan(0);
    for (const focus of anchors.focus ?? []) expect(detectedAt(final, focus)).toBeDefined();

    // Every detected thing that may be proposed was, once, what is left on a table first, and then the coach asked the
    // person; never the meal the two people in bottle-and-bowls.jpg are eating from, nor the bottle one of them holds.
    expect(proposed.length).toBeGreaterThanOrEqual(3);
    expect(new Set(proposed).size).toBe(proposed.length);
    const meal = final.photos.find((photo) => photo.fileName === 'bottle-and-bowls.jpg')!;
    expect(proposed.filter((key) => key.startsWith(`${meal.id}:`))).toEqual([]);
    const names = questions.flatMap((question) => (question.kind === 'disposition' ? [question.item] : []));
    expect(names[0], 'the cup on the table in coffee.jpg is left about').toBe('cup');
    expect(names).toEqual(['cup', 'vase', 'orange', 'orange']);
    expect(questions.at(-1)).toMatchObject({ kind: 'choice', purpose: 'general' });

    expect(final.status).toBe('ended');
    expect(final.itemsProcessed).toBe(proposed.length);
    expect(final.decisions.every((decision) => decision.detection)).toBe(true);
    expect(final.ending?.summary).toContain(`${proposed.length} things decided`);

    // Each photo was analysed once and cached beside it; the log holds the detections, so replay needs no detector.
    const dir = core.sessionPaths!;
    const cached = readdirSync(dir.photos).filter((name) => name.endsWith('.detected.json'));
    expect(cached).toHaveLength(PHOTOS.length);
    for (const photo of final.photos) expect(readFileSync(detectionsFile(dir.photos, photo.id), 'utf8')).toContain('"items"');
    await core.idle();
    const { events } = await readSessionLog(dir.log);
    expect(events.filter((event) => event.type === 'photos-detected')).toHaveLength(PHOTOS.length);
    expect(foldLog(events).document?.session.photos.map((photo) => photo.detections)).toEqual(final.photos.map((photo) => photo.detections));
  });
});

describe('photos arriving', () => {
  it('join the session as the import stores them, in one message of the person’s that ends up holding them all', async () => {
    app = testCore({ detection: { lookup: () => ({ missing: 'Not on this machine.' }) } });
    const core = app;
    await importPhotos(core, PHOTOS);
    await when(core, (state) => state.pendingQuestion !== undefined);
    const state = core.store.state;
    const shared = [...state.messages, ...state.queued].filter((message) => message.role === 'person');
    expect(shared).toHaveLength(1);
    expect(new Set(shared[0]!.photoIds)).toEqual(new Set(state.photos.map((photo) => photo.id)));
    expect(state.photos.every((photo) => photo.stage === 'before')).toBe(true);
    // The first photo joined on its own, at once; the rest joined its message as they were stored (every join was on
    // disk before the import answered).
    const { events } = await readSessionLog(core.sessionPaths!.log);
    const joins = events.filter((event) => event.type === 'photos-imported');
    expect(joins.length).toBeGreaterThanOrEqual(2);
    expect(joins[0]).toMatchObject({ photos: [{ id: shared[0]!.photoIds![0] }] });
    expect(joins[0]).not.toHaveProperty('message');
    for (const join of joins.slice(1)) expect(join).toMatchObject({ message: shared[0]!.id, stage: 'before' });
  });
});

describe('detection in the app, switched and resumed', () => {
  it('finds nothing while turned off in Settings, and catches up on the photos once turned on again', async () => {
    app = testCore();
    const core = app;
    const view = await core.handlers['settings:set']({ detection: false }, { signal });
    expect(view.settings.detection).toBe(false);
    expect(view.detector).toEqual({ available: true });
    await importPhotos(core, ['coffee.jpg']);
    await when(core, (state) => state.pendingQuestion !== undefined);
    await core.handlers['session:get'](undefined, { signal });
    expect(readdirSync(core.sessionPaths!.photos).filter((name) => name.endsWith('.detected.json'))).toEqual([]);
    expect(core.store.state.photos[0]?.detections).toBeUndefined();

    await core.handlers['settings:set']({ detection: true }, { signal });
    const { state } = await when(core, allDetected);
    expect(state.photos[0]?.detections?.items.map((item) => item.label)).toContain('cup');
  });

  it('detects, after a resume, the photos a session was left with undetected', async () => {
    app = testCore();
    const first = app;
    await first.handlers['settings:set']({ detection: false }, { signal });
    await importPhotos(first, ['bottle-and-bowls.jpg']);
    await when(first, (state) => state.pendingQuestion !== undefined);
    const sessionId = first.store.state.id;
    const dataDir = path.resolve(first.sessionPaths!.dir, '..', '..');
    await first.dispose();
    expect(first.store.state.photos[0]?.detections).toBeUndefined();

    app = testCore({ dataDir });
    const second = app;
    await second.handlers['settings:set']({ detection: true }, { signal });
    // The test core counts its ids from 1 again: a new session first, so the logged one is not the one in use.
    await second.handlers['session:new'](undefined, { signal });
    await second.handlers['sessions:resume']({ id: sessionId }, { signal });
    const { state } = await when(second, allDetected);
    expect(state.id).toBe(sessionId);
    expect(state.photos[0]?.detections?.items.map((item) => item.label)).toContain('bottle');
  });
});

describe('stopping the detector', () => {
  it('drops the photos still waiting when the person stops it, and says how many', async () => {
    app = testCore();
    const core = app;
    const progress = detectionProgress(core);
    await importPhotos(core, ['coffee.jpg', 'bottle-and-bowls.jpg', 'fruits.jpg', 'aloe-in-pot.jpg']);
    // The first photo is still loading the model (the worker's cold start); the others wait behind it.
    const { cancelled } = await core.handlers['detection:cancel'](undefined, { signal });
    expect(cancelled).toBeGreaterThanOrEqual(2);
    await expect.poll(() => progress.at(-1), DETECTED).toEqual({ done: 4 - cancelled, total: 4 - cancelled, failed: 0 });
    expect(core.store.state.photos.filter((photo) => photo.detections)).toHaveLength(4 - cancelled);
    expect((await core.handlers['detection:cancel'](undefined, { signal })).cancelled).toBe(0);
  });
});
