import { createOpenAI } from '@ai-sdk/openai';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../shared/session/schema';
import { aiSdkLlm } from '../effects';
import { testCore } from '../../../test-support/fixtures';
import { holdUntilClose, loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import type { AppCore } from './app-core';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
let server: ScriptedModel | undefined;
let core: AppCore | undefined;

afterEach(async () => {
  await core?.dispose();
  await server?.close();
  core = undefined;
  server = undefined;
});

async function coreWithScenario(file: string) {
  // A scenario's delay is a reply the test stops: held until the server closes, so nothing races real time.
  server = await startScriptedModel({ scenario: await loadScenarioFile(path.resolve(import.meta.dirname, '../coach/scenarios', file)), sleep: holdUntilClose });
  const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted');
  core = testCore({ llm: aiSdkLlm(model), model: { model: 'scripted', baseUrl: server.baseURL, vision: true, tools: true } });
  return core;
}

/** Resolves with the first pushed snapshot that satisfies `test`. */
function nextState(app: AppCore, test: (snapshot: SessionSnapshot) => boolean): Promise<SessionSnapshot> {
  return new Promise((resolve) => {
    if (test(app.store.snapshot())) return resolve(app.store.snapshot());
    const stop = app.onPush((event) => {
      if (event.channel === 'session:changed' && test(event.payload as SessionSnapshot)) {
        stop();
        resolve(event.payload as SessionSnapshot);
      }
    });
  });
}

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 140, b: 110 } } }).jpeg().toBuffer();

describe('the core with a coach', () => {
  it('imports an uploaded photo, describes it once, coaches from it, and keeps later turns free of images', async () => {
    const app = await coreWithScenario('photos-first.json');
    const progress: unknown[] = [];
    app.onPush((event) => {
      if (event.channel === 'photos:progress') progress.push(event.payload);
    });
    const uploadId = app.stageUpload('desk.jpg', await jpeg());
    const result = await app.handlers['photos:import']({ uploads: [uploadId], paths: [] }, { signal });
    expect(result.imported).toHaveLength(1);
    expect(progress).toEqual([{ done: 1, total: 1, currentFile: 'desk.jpg' }]);
    const photo = app.store.state.photos[0]!;
    expect(app.photoFile(`/photos/${app.store.state.id}/${photo.id}.thumb.webp`)).toMatch(/thumb\.webp$/);

    const asked = await nextState(app, (snapshot) => snapshot.state.pendingQuestion !== undefined);
    expect(asked.state.photos[0]!.facts).toMatchObject({ roomType: 'home office', chaosLevel: 'cluttered' });
    const question = asked.state.pendingQuestion!;
    expect(question).toMatchObject({ kind: 'choice', purpose: 'function', prompt: 'What is this room mostly for?' });
    await app.handlers['question:answer']({ questionId: question.id, answer: { kind: 'choice', selected: ['Work'] } }, { signal });
    await app.idle();
    expect(app.store.state.spaceFunction).toBe('work');
    expect(app.store.state.pendingQuestion).toBeUndefined();
    expect(app.store.state.messages.at(-1)).toMatchObject({ role: 'coach', text: 'Work it is. What must stay?' });

    await app.handlers['chat:send']({ text: 'the desk and the lamp' }, { signal });
    await app.idle();
    expect(app.store.state.anchors).toEqual(['desk', 'lamp']);
    expect(server!.mismatches).toEqual([]);
  });

  it('stops a slow reply when asked, and the session goes on', async () => {
    const app = await coreWithScenario('slow-reply.json');
    const activity: string[] = [];
    const thinking = new Promise<void>((resolve) =>
      app.onPush((event) => {
        if (event.channel !== 'coach:activity') return;
        activity.push((event.payload as { status: string }).status);
        if ((event.payload as { status: string }).status === 'thinking') resolve();
      }),
    );
    await app.handlers['chat:send']({ text: 'a slow one' }, { signal });
    await thinking;
    // Stop while the model is working on it, not before the request has left.
    await expect.poll(() => server!.requests).toHaveLength(1);
    expect(await app.handlers['coach:stop'](undefined, { signal })).toEqual({ stopped: true });
    await app.idle();
    expect(activity.at(-1)).toBe('idle');
    expect(app.store.state.messages.map((message) => message.role)).toEqual(['person']);

    await app.handlers['chat:send']({ text: 'are you back?' }, { signal });
    await app.idle();
    expect(server!.mismatches).toEqual([]);
    expect(app.store.state.messages.at(-1)).toMatchObject({ role: 'coach', text: 'Yes. What is this space for?' });
    expect(await app.handlers['coach:stop'](undefined, { signal })).toEqual({ stopped: false });
  });

  it('refuses a message once the session has ended, and starts a new one on request', async () => {
    const app = await coreWithScenario('photos-first.json');
    app.store.update((state) => ({ ...state, status: 'ended', ending: { summary: 'done', nextTime: [], endedAt: 1 } }));
    await expect(async () => app.handlers['chat:send']({ text: 'more?' }, { signal })).rejects.toMatchObject({ code: 'closed' });
    const fresh = await app.handlers['session:new'](undefined, { signal });
    expect(fresh.state.status).toBe('active');
    expect(fresh.state.messages).toEqual([]);
  });

  it('refuses paths in web mode: a browser page may only upload', async () => {
    const app = await coreWithScenario('photos-first.json');
    await expect(app.handlers['photos:import']({ uploads: [], paths: ['/etc'] }, { signal })).rejects.toMatchObject({
      code: 'invalid-input',
    });
  });

  it('refuses an upload id it never handed out', async () => {
    const app = await coreWithScenario('photos-first.json');
    await expect(async () => app.handlers['photos:import']({ uploads: ['nope'], paths: [] }, { signal })).rejects.toThrow(
      'No uploaded photo',
    );
  });
});

describe('photos in the desktop window', () => {
  it('imports only paths the person dropped or picked', async () => {
    const { writeFile } = await import('node:fs/promises');
    const folder = await tempFolder('tidy-drop-');
    await writeFile(path.join(folder, 'desk.jpg'), await jpeg());
    const picked = await tempFolder('tidy-pick-');
    await writeFile(path.join(picked, 'floor.jpg'), await sharp({ create: { width: 300, height: 200, channels: 3, background: '#334433' } }).jpeg().toBuffer());
    core = testCore({ runtime: 'electron', pickPhotoPaths: async () => [picked] });
    const app = core;
    await expect(async () => app.handlers['photos:import']({ uploads: [], paths: [folder] }, { signal })).rejects.toThrow(
      'Only photos you dropped on the window or picked',
    );
    app.grantPaths([folder]);
    expect((await app.handlers['photos:import']({ uploads: [], paths: [folder] }, { signal })).imported).toHaveLength(1);
    expect((await app.handlers['photos:pick'](undefined, { signal }))?.imported).toHaveLength(1);
    expect(app.store.state.photos.map((photo) => photo.fileName).sort()).toEqual(['desk.jpg', 'floor.jpg']);
  });

  it('has no picker in web mode', async () => {
    core = testCore();
    const app = core;
    await expect(async () => app.handlers['photos:pick'](undefined, { signal })).rejects.toThrow('folder picker');
  });
});

describe('the image size setting', () => {
  it('sizes the model copy of new photos', async () => {
    core = testCore();
    const app = core;
    await app.handlers['settings:set']({ imageLongSide: 768 }, { signal });
    const uploadId = app.stageUpload('wide.jpg', await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#445544' } }).jpeg().toBuffer());
    const result = await app.handlers['photos:import']({ uploads: [uploadId], paths: [] }, { signal });
    expect(result.imported[0]).toMatchObject({ width: 768, height: 384 });
  });
});
