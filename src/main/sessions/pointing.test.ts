/**
 * A point through the app core, with the conversational coach: it is a logged input, the model sees the crop of the
 * box (made from the stored photo before the point reaches the coach), a card answered by pointing shows the model that
 * crop too, and the session replays with --check from the log and the photo folder alone.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Point } from '../../shared/pointing/schema';
import type { LlmRequest } from '../effects';
import type { AppCore } from '../core/app-core';
import { cropRegion, pointCropPath } from '../photos';
import { checkSession } from '../replay/check';
import { transcriptOf } from '../replay/transcript';
import { readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR, testCore, untilState } from '../../../test-support/fixtures';
import { rulesLlm, type RulesLlm } from '../../../test-support/rules-llm';

const FIXTURES = path.resolve(import.meta.dirname, '../detection/fixtures');
const signal = new AbortController().signal;

let core: AppCore | undefined;
afterEach(async () => {
  await core?.dispose();
  core = undefined;
});

/** The images a model request carries, as bytes. */
function imagesOf(request: LlmRequest): Uint8Array[] {
  return request.messages.flatMap((message) =>
    message.role === 'user' && Array.isArray(message.content)
      ? message.content.flatMap((part) => (part.type === 'file' && part.data instanceof Uint8Array ? [part.data] : []))
      : [],
  );
}

async function sizeOf(bytes: Uint8Array): Promise<{ width?: number; height?: number }> {
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
}

/** A conversational session with the coffee photo (600 x 400 stored), the space known and a first card answered. */
async function sortingWithAPhoto(llm: RulesLlm): Promise<AppCore> {
  const app = testCore({ llm, model: { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true } });
  // Detection is the detector's business: here the point's words say only where it is.
  await app.handlers['settings:set']({ detection: false }, { signal });
  const upload = app.stageUpload('coffee.jpg', readFileSync(path.join(FIXTURES, 'coffee.jpg')));
  await app.handlers['photos:import']({ uploads: [upload], paths: [] }, { signal });
  const asked = await untilState(app, (state) => state.pendingQuestion?.kind === 'choice');
  await app.handlers['question:answer']({ questionId: asked.pendingQuestion!.id, answer: { kind: 'choice', selected: ['Work'] } }, { signal });
  await app.idle();
  return app;
}

describe('pointing with the conversational coach', () => {
  it('sends the model the crop of the box, shows it a card answered by pointing, and replays from the log', async () => {
    const llm = rulesLlm();
    core = await sortingWithAPhoto(llm);
    const app = core;
    const photo = app.store.state.photos[0]!;
    expect(photo).toMatchObject({ fileName: 'coffee.jpg', width: 600, height: 400 });

    // "This one": the point is a message of its own, on disk before the coach sees it, and the model sees its crop.
    const point: Point = { photoId: photo.id, box: { x: 0.3, y: 0.1, width: 0.4, height: 0.5 } };
    const before = llm.requests.length;
    await app.handlers['point:send']({ point }, { signal });
    const card = await untilState(app, (state) => state.pendingQuestion?.kind === 'disposition');
    expect(card.messages.filter((message) => message.role === 'person').at(-1)).toMatchObject({ text: '', point });
    const turnRequest = llm.requests.slice(before).find((request) => imagesOf(request).length > 0)!;
    const said = JSON.stringify(turnRequest.messages.at(-1));
    expect(said).toContain('They pointed at something in photo 1 (coffee.jpg), in the middle.');
    const [crop] = imagesOf(turnRequest);
    const region = cropRegion(point, photo);
    expect(await sizeOf(crop!)).toEqual({ width: region.width, height: region.height });
    expect(Buffer.from(crop!).equals(readFileSync(pointCropPath(app.sessionPaths!.photos, point)))).toBe(true);
    // No detected thing is named, so the card outlines where the person pointed, and takes another point.
    expect(card.pendingQuestion).toMatchObject({ pointing: 'offer', focus: [{ photoId: photo.id, box: { x: 180, y: 40, width: 240, height: 200 }, label: 'where you pointed, in the middle' }] });

    // The card answered by pointing elsewhere: nothing is recorded, and the model is told so and shown the new crop.
    const elsewhere: Point = { photoId: photo.id, box: { x: 0, y: 0.6, width: 0.2, height: 0.4 } };
    const answered = llm.requests.length;
    await app.handlers['question:answer']({ questionId: card.pendingQuestion!.id, answer: { kind: 'point', point: elsewhere } }, { signal });
    const next = await untilState(app, (state) => state.pendingQuestion !== undefined && state.pendingQuestion.id !== card.pendingQuestion!.id);
    expect(next.itemsProcessed).toBe(card.itemsProcessed);
    const shown = llm.requests[answered]!;
    expect(JSON.stringify(shown.messages.at(-2))).toContain('pointed at something else instead of answering about the mug: nothing was recorded for it.');
    expect(JSON.stringify(shown.messages.at(-1))).toContain('[Shown with the answer: what the person pointed at]');
    const shownCrop = imagesOf(shown).at(-1)!;
    const shownRegion = cropRegion(elsewhere, photo);
    expect(await sizeOf(shownCrop)).toEqual({ width: shownRegion.width, height: shownRegion.height });
    await app.handlers['question:answer']({ questionId: next.pendingQuestion!.id, answer: { kind: 'disposition', pick: { type: 'choice', index: 1 } } }, { signal });
    await app.idle();
    expect(app.store.state.itemsProcessed).toBe(card.itemsProcessed + 1);

    // The log holds both points; --check plays every turn again, sending the model the same crops.
    const paths = app.sessionPaths!;
    await app.dispose();
    core = undefined;
    const { events } = await readSessionLog(paths.log);
    expect(events.filter((event) => event.type === 'person-message' && event.point)).toHaveLength(1);
    expect(transcriptOf(events).turns.flatMap((turn) => turn.person)).toContain('(pointed at coffee.jpg (30-70% across, 10-60% down))');
    const templates = createTemplateRenderer(TEMPLATES_DIR);
    const check = await checkSession(events, { templates, photosDir: paths.photos });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBe(events.filter((event) => event.type === 'turn-ended').length - 1);
    // Without the crop the model saw, the same turns would send something else: replay notices.
    await rm(pointCropPath(paths.photos, point));
    const missing = await checkSession(events, { templates, photosDir: paths.photos });
    expect(missing.divergence?.message).toMatch(/the model request differs from the recorded one in: messages/);
  });

  it('refuses a point at a photo the session does not have, and one at an ended session, saying why', async () => {
    core = testCore({ llm: rulesLlm(), model: { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true } });
    const stranger: Point = { photoId: 'f'.repeat(64), box: { x: 0, y: 0, width: 0.5, height: 0.5 } };
    await expect(core.handlers['point:send']({ point: stranger }, { signal })).rejects.toMatchObject({ code: 'invalid-input', message: 'That photo is not one of this session’s photos.' });
    core.store.replace({ ...core.store.state, status: 'ended' });
    await expect(core.handlers['point:send']({ point: stranger }, { signal })).rejects.toMatchObject({ code: 'closed' });
  });

  it('refuses a point as the answer to a card that takes none, and one at another session’s photo', async () => {
    const llm = rulesLlm();
    core = testCore({ llm, model: { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true } });
    await core.handlers['settings:set']({ detection: false }, { signal });
    const upload = core.stageUpload('coffee.jpg', readFileSync(path.join(FIXTURES, 'coffee.jpg')));
    await core.handlers['photos:import']({ uploads: [upload], paths: [] }, { signal });
    // What the space is for: a card that takes no point.
    const asked = await untilState(core, (state) => state.pendingQuestion?.kind === 'choice');
    const question = asked.pendingQuestion!;
    expect(question.pointing).toBeUndefined();
    const photoId = asked.photos[0]!.id;
    await expect(
      core.handlers['question:answer']({ questionId: question.id, answer: { kind: 'point', point: { photoId, box: { x: 0, y: 0, width: 0.5, height: 0.5 } } } }, { signal }),
    ).rejects.toMatchObject({ code: 'invalid-input', message: 'This card cannot be answered by pointing at a photo.' });
    await expect(
      core.handlers['question:answer']({ questionId: question.id, answer: { kind: 'point', point: { photoId: 'e'.repeat(64), box: { x: 0, y: 0, width: 0.5, height: 0.5 } } } }, { signal }),
    ).rejects.toMatchObject({ code: 'invalid-input', message: 'That photo is not one of this session’s photos.' });
    // The card is still open, and answers as before.
    expect(core.store.state.pendingQuestion?.id).toBe(question.id);
  });
});
