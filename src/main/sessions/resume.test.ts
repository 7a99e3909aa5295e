import { asResumed } from '../../../test-support/sprints';
import { createOpenAI } from '@ai-sdk/openai';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../shared/session/schema';
import { personAnswers, REALISTIC_LINES } from '../../../test-support/coach';
import { aiSdkLlm, seededRandom } from '../effects';
import { foldLog, LOG_VERSION, readSessionLog } from '../session-log';
import { checkSession } from '../replay/check';
import { createTemplateRenderer } from '../templates';
import { memoryLogger, TEMPLATES_DIR, testCore } from '../../../test-support/fixtures';
import { loadScenarioFile, parseScenario, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { connect, startWeb } from '../../../test-support/web-child';
import type { AppCore } from '../core/app-core';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
const SCENARIOS = path.resolve(import.meta.dirname, '../coach/scenarios');
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The realistic scenario from its `from`-th model step on: what a model would be asked after a resume. */
async function realisticFrom(from: number): Promise<ScriptedModel> {
  const scenario = await loadScenarioFile(path.join(SCENARIOS, 'realistic-session.json'));
  const server = await startScriptedModel({ scenario: parseScenario({ ...scenario, steps: scenario.steps.slice(from) }) });
  cleanups.push(() => server.close());
  return server;
}

function coreOn(dataDir: string, server: ScriptedModel): AppCore {
  const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted');
  const core = testCore({ dataDir, llm: aiSdkLlm(model), model: { model: 'scripted', baseUrl: server.baseURL, vision: true, tools: true } });
  core.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const question = (event.payload as SessionSnapshot).state.pendingQuestion;
    if (question) queueMicrotask(() => void Promise.resolve().then(() => core.handlers['question:answer']({ questionId: question.id, answer: personAnswers(question) }, { signal })).catch(() => {}));
  });
  cleanups.push(() => core.dispose());
  return core;
}

describe('resuming a session', () => {
  it('rebuilds the state and the coach’s memory from the log with no model calls, then goes on', async () => {
    const dataDir = await tempFolder('tidy-resume-');
    const first = coreOn(dataDir, await realisticFrom(0));
    for (const text of REALISTIC_LINES.slice(0, 3)) {
      await first.handlers['chat:send']({ text }, { signal });
      await first.idle();
    }
    const before = first.store.state;
    await first.dispose();

    // Turns 1-3 used model steps 0-7; a model that only knows steps 8 on proves the rebuild called no model.
    const later = await realisticFrom(8);
    const second = coreOn(dataDir, later);
    await second.resumeLatest();
    expect(later.requests).toHaveLength(0);
    expect(second.store.state).toEqual(asResumed(before));

    for (const text of REALISTIC_LINES.slice(3)) {
      await second.handlers['chat:send']({ text }, { signal });
      await second.idle();
    }
    expect(later.mismatches).toEqual([]);
    expect(second.store.state).toMatchObject({ status: 'ended', itemsProcessed: 6 });
    // The continued model calls carried the conversation from before the resume.
    expect(JSON.stringify(later.requests[0]!.body.messages)).toContain('empty amazon envelope');
  });

  it('lists sessions, opens one as a timeline, and deletes only ones not in use', async () => {
    const dataDir = await tempFolder('tidy-list-');
    const core = coreOn(dataDir, await realisticFrom(0));
    await core.handlers['chat:send']({ text: REALISTIC_LINES[0] }, { signal });
    await core.idle();
    const firstId = core.store.state.id;
    await core.handlers['session:new'](undefined, { signal });
    const list = await core.handlers['sessions:list'](undefined, { signal });
    expect(list.sessions.map((session) => [session.id, session.status, session.current])).toEqual([[firstId, 'active', false]]);
    const timeline = await core.handlers['sessions:open']({ id: firstId }, { signal });
    expect(timeline.steps).toHaveLength(2);
    expect(timeline.steps[1]).toMatchObject({ person: ['idk where to start'], coach: ['A design workspace. What has to stay?'] });
    await expect(async () => core.handlers['sessions:delete']({ id: core.store.state.id }, { signal })).rejects.toThrow('cannot be deleted');
    await core.handlers['sessions:delete']({ id: firstId }, { signal });
    expect((await core.handlers['sessions:list'](undefined, { signal })).sessions).toEqual([]);
  });
});

describe('a crash after photos arrived, before the coach looked at them', () => {
  it('the coach looks at them once the session is back: the turn carries the photos and the model describes each', async () => {
    const model = await startScriptedModel({ scenario: await loadScenarioFile(path.join(SCENARIOS, 'rules.json')) });
    cleanups.push(() => model.close());
    const dataDir = await tempFolder('tidy-photos-crash-');
    const first = coreOn(dataDir, model);
    const photo = (red: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 90, b: 120 } } }).jpeg().toBuffer();
    const uploads = [first.stageUpload('desk.jpg', await photo(10)), first.stageUpload('floor.jpg', await photo(200))];
    await first.handlers['photos:import']({ uploads, paths: [] }, { signal });
    await first.idle();
    const log = first.sessionPaths!.log;
    await first.dispose();
    // The log as a crash just before the coach's turn would leave it: the photos and the message sharing them, no turn.
    const lines = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    const turn = lines.findIndex((line) => (JSON.parse(line) as { type: string }).type === 'turn-started');
    expect(turn).toBeGreaterThan(0);
    await writeFile(log, `${lines.slice(0, turn).join('\n')}\n`);

    const second = coreOn(dataDir, model);
    await second.resumeLatest();
    await second.idle();
    const state = second.store.state;
    expect(state.queued).toEqual([]);
    expect(state.photos).toHaveLength(2);
    for (const each of state.photos) expect(each.facts, `${each.fileName} described`).toBeDefined();
    const { events } = await readSessionLog(log);
    const started = events.find((event) => event.type === 'turn-started');
    expect(started).toMatchObject({ photoIds: state.photos.map((each) => each.id) });
  });
});

describe('a crash mid-question', () => {
  it('brings the open question back after SIGKILL, with its id and expiry, and the answer goes on', async () => {
    const dataDir = await tempFolder('tidy-crash-');
    const model = await realisticFrom(0);
    const env = { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', TIDY_MODEL: 'scripted' };
    const first = await startWeb(dataDir, env);
    cleanups.push(async () => void (await first.stop()));
    const before = await connect(first.url);
    cleanups.push(() => before.close());
    await before.invoke('chat:send', { text: 'idk where to start' });
    const asked = (await before.stateWhere((snapshot) => snapshot.state.pendingQuestion !== undefined)).state.pendingQuestion!;
    // The process that holds the data folder, killed as a crash would: it is gone, and its lock with it.
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await startWeb(dataDir, env);
    cleanups.push(async () => void (await second.stop()));
    const after = await connect(second.url);
    cleanups.push(() => after.close());
    const resumed = await after.stateWhere((snapshot) => snapshot.state.pendingQuestion !== undefined);
    expect(resumed.state.pendingQuestion).toEqual(asked);
    expect(resumed.state.messages.map((message) => message.text)).toEqual(['idk where to start']);
    const answer = await after.invoke('question:answer', { questionId: asked.id, answer: { kind: 'choice', selected: ['Work'], followUp: ['Design'] } });
    expect(answer).toMatchObject({ ok: true });
    const done = await after.stateWhere((snapshot) => snapshot.state.messages.some((message) => message.role === 'coach'));
    expect(done.state.spaceFunction).toBe('work from home: design');
    expect(model.mismatches).toEqual([]);

    // A clean stop this time: the turn's last lines reach the disk.
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const folder = path.join(dataDir, 'sessions', done.state.id);
    // The turn went on from where the log stopped: nothing had to be set aside, and the question was logged once.
    expect((await readdir(folder)).some((name) => name.startsWith('log.interrupted-'))).toBe(false);
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(events.filter((event) => event.type === 'question-asked')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'session-resumed')).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(folder, 'meta.json'), 'utf8'))).toMatchObject({ status: 'active' });
    // The log stayed a clean record: replaying it finds the same states.
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBe(1);
  });
});

/** A data folder holding a version-1 session the previous release recorded (`fixtures/v1/app-*`). */
async function withVersion1Session(name: 'app-guided' | 'app-conversational'): Promise<{ dataDir: string; folder: string }> {
  const dataDir = await tempFolder(`tidy-v1-${name}-`);
  const folder = path.join(dataDir, 'sessions', 'id-2');
  await cp(path.resolve(import.meta.dirname, '../session-log/fixtures/v1', name), folder, { recursive: true });
  return { dataDir, folder };
}

describe('a version-1 session from the previous release', () => {
  it('resumes (guided, no model) with its saved state, goes on in the current version, and replay --check finds where today’s coach leaves the old dead end', async () => {
    const { dataDir, folder } = await withVersion1Session('app-guided');
    const before = foldLog((await readSessionLog(path.join(folder, 'log.jsonl'))).events).document!.session;
    const core = testCore({ dataDir, random: seededRandom(99) });
    cleanups.push(() => core.dispose());
    await core.resumeLatest();
    expect(core.store.state).toEqual(before);
    await core.handlers['chat:send']({ text: 'next' }, { signal });
    await waitFor(() => core.store.state.pendingQuestion !== undefined || core.store.state.messages.length > before.messages.length + 1);
    await core.dispose();

    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(new Set(events.map((event) => event.v))).toEqual(new Set([LOG_VERSION]));
    expect(events.find((event) => event.type === 'session-resumed')).toMatchObject({ memory: 'folded', coach: 'guided' });
    // This session, recorded by the previous release, is the dead end issue 21 fixed: "I'm stuck" on "What's the
    // nearest thing?" posted a line and showed the same card again, turn after turn. Today's coach answers that
    // "I'm stuck" with a smaller step on a card, so replay --check says the code now goes another way, at the first
    // "I'm stuck" (turn 2, where the old coach wrote a message and today's asks a question), and nowhere earlier.
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence).toMatchObject({ turn: 2, effect: 'question', message: 'a question was asked where the recording draws a random id' });
  });

  it('resumes (conversational) with its saved state; its coach starts afresh when replaying the old turns goes another way', async () => {
    const { dataDir, folder } = await withVersion1Session('app-conversational');
    const before = foldLog((await readSessionLog(path.join(folder, 'log.jsonl'))).events).document!.session;
    const server = await startScriptedModel({ scenario: await loadScenarioFile(path.join(SCENARIOS, 'rules.json')) });
    cleanups.push(() => server.close());
    const logger = memoryLogger();
    const core = testCore({
      dataDir,
      logger,
      random: seededRandom(99),
      llm: aiSdkLlm(createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted')),
      model: { model: 'scripted', baseUrl: server.baseURL, vision: true, tools: true },
    });
    cleanups.push(() => core.dispose());
    await core.resumeLatest();
    expect(core.store.state).toEqual(before);
    expect(logger.lines.join('\n')).toContain('Replaying the version-1 session went another way');
    await core.handlers['chat:send']({ text: 'next' }, { signal });
    await waitFor(() => core.store.state.pendingQuestion !== undefined);
    expect(core.store.state.pendingQuestion).toMatchObject({ kind: 'disposition', item: 'mug, on the desk' });
    await core.dispose();
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(events.find((event) => event.type === 'session-resumed')).toMatchObject({ memory: 'fresh', coach: 'conversational' });
  });
});

async function waitFor(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 5));
}
