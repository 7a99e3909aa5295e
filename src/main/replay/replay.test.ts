import { createOpenAI } from '@ai-sdk/openai';
import { cp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../shared/session/schema';
import { personAnswers, REALISTIC_LINES } from '../../../test-support/coach';
import type { AppCore } from '../core/app-core';
import { aiSdkLlm } from '../effects';
import { formatDifferences, readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR, testCore } from '../../../test-support/fixtures';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { checkSession } from './check';
import { runReplayCli } from './cli';
import { transcriptOf } from './transcript';
import { tempFolder } from '../../../test-support/temp-folder';

let server: ScriptedModel | undefined;
let core: AppCore | undefined;
const signal = new AbortController().signal;

afterEach(async () => {
  await core?.dispose();
  await server?.close();
  core = undefined;
  server = undefined;
});

/** Plays the realistic session through the app core, answering each card as the person would. */
async function recordRealisticSession(): Promise<string> {
  server = await startScriptedModel({
    scenario: await loadScenarioFile(path.resolve(import.meta.dirname, '../coach/scenarios/realistic-session.json')),
  });
  const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'sk-recorded-session-key-000000' }).chat('scripted');
  const dataDir = await tempFolder('tidy-replay-');
  const app = testCore({
    dataDir,
    llm: aiSdkLlm(model),
    model: { model: 'scripted', apiKey: 'sk-recorded-session-key-000000', baseUrl: server.baseURL, vision: true, tools: true },
  });
  core = app;
  app.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const question = (event.payload as SessionSnapshot).state.pendingQuestion;
    if (question) queueMicrotask(() => void app.handlers['question:answer']({ questionId: question.id, answer: personAnswers(question) }, { signal }));
  });
  for (const text of REALISTIC_LINES) {
    await app.handlers['chat:send']({ text }, { signal });
    await app.idle();
  }
  expect(server.mismatches).toEqual([]);
  expect(app.store.state.status).toBe('ended');
  return app.sessionPaths!.dir;
}

describe('offline replay of a logged session', () => {
  it('logs a whole session, without the API key, and reads it back turn by turn', async () => {
    const folder = await recordRealisticSession();
    const raw = await readFile(path.join(folder, 'log.jsonl'), 'utf8');
    expect(raw).not.toContain('sk-recorded-session-key');
    expect(raw).not.toContain(os.homedir() + path.sep);
    const { events, tornTail } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(tornTail).toBeUndefined();
    const modes = events.flatMap((event) => (event.type === 'mode-transition' ? [`${event.from}>${event.to}`] : []));
    expect(modes).toEqual(['surveying>sorting', 'sorting>decisionSupport', 'decisionSupport>sorting', 'sorting>windingDown']);
    const transcript = transcriptOf(events);
    expect(transcript.turns).toHaveLength(REALISTIC_LINES.length);
    expect(transcript.turns[0]).toMatchObject({
      person: ['idk where to start'],
      answers: [{ question: 'What is this room mostly for?', answer: 'Work (Design)' }],
      coach: ['A design workspace. What has to stay?'],
    });
    expect(transcript.turns.at(-1)).toMatchObject({ mode: 'windingDown', status: 'ended', piles: { here: 0, elsewhere: 1, leaving: 2, undecided: 3, skipped: 0, decided: 6 } });
    const meta = JSON.parse(await readFile(path.join(folder, 'meta.json'), 'utf8')) as { status: string; itemsProcessed: number };
    expect(meta).toMatchObject({ status: 'ended', itemsProcessed: 6 });
  });

  it('--check runs every turn again with no network and finds the same states', async () => {
    const folder = await recordRealisticSession();
    // No network: the model is gone.
    await server!.close();
    server = undefined;
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBe(REALISTIC_LINES.length);
    expect(check.changedTemplates).toEqual([]);
  });

  it('--check names the first turn a changed template makes go another way', async () => {
    const folder = await recordRealisticSession();
    const templates = await tempFolder('tidy-templates-');
    await cp(TEMPLATES_DIR, templates, { recursive: true });
    const sorting = path.join(templates, 'coach', 'sorting.njk');
    await writeFile(sorting, `${await readFile(sorting, 'utf8')}\nOne more rule: be brief.\n`);
    const printed: string[] = [];
    const code = await runReplayCli([folder, '--check', '--templates', templates], (text) => printed.push(text));
    expect(code).toBe(1);
    const output = printed.join('\n');
    expect(output).toContain('Templates changed since the recording: coach/sorting.njk');
    // Turn 2 is the first to sort: "work from home" answers the anchors and begins sorting.
    expect(output).toMatch(/Check: turn 2 went another way \(llm\): the model request differs from the recorded one in: instructions/);
  });

  it('prints the transcript, and --json gives the same as data', async () => {
    const folder = await recordRealisticSession();
    const text: string[] = [];
    expect(await runReplayCli([folder], (line) => text.push(line))).toBe(0);
    expect(text.join('\n')).toContain('Card: empty amazon envelope, by the chair -> Recycle');
    const json: string[] = [];
    expect(await runReplayCli([path.join(folder, 'log.jsonl'), '--json'], (line) => json.push(line))).toBe(0);
    const parsed = JSON.parse(json.join('\n')) as { transcript: { turns: unknown[] } };
    expect(parsed.transcript.turns).toHaveLength(REALISTIC_LINES.length);
  });

  it('--check passes on a session that began with several photos dropped at once, with vision on and no model left', async () => {
    // Regression: the session's first snapshot was taken after the photos that started it, so replay added them
    // again and every such session failed --check ("the model request differs ... in: instructions, messages, tools").
    server = await startScriptedModel({ scenario: await loadScenarioFile(path.resolve(import.meta.dirname, '../coach/scenarios/rules.json')) });
    const dataDir = await tempFolder('tidy-photos-replay-');
    const app = testCore({
      dataDir,
      llm: aiSdkLlm(createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted')),
      model: { model: 'scripted', baseUrl: server.baseURL, vision: true, tools: true },
    });
    core = app;
    app.onPush((event) => {
      if (event.channel !== 'session:changed') return;
      const question = (event.payload as SessionSnapshot).state.pendingQuestion;
      if (!question) return;
      const answer = question.kind === 'choice' ? { kind: 'choice' as const, selected: ['Work'] } : { kind: 'disposition' as const, pick: { type: 'choice' as const, index: 1 } };
      queueMicrotask(() => void Promise.resolve().then(() => app.handlers['question:answer']({ questionId: question.id, answer }, { signal })).catch(() => {}));
    });
    const colours = ['#804040', '#408040', '#404080', '#808040', '#408080'];
    const uploads = await Promise.all(
      colours.map(async (background, index) => app.stageUpload(`room-${index + 1}.jpg`, await sharp({ create: { width: 320, height: 240, channels: 3, background } }).jpeg().toBuffer())),
    );
    await app.handlers['photos:import']({ uploads, paths: [] }, { signal });
    await app.idle();
    for (const text of ['ok', 'a mug', 'next']) {
      await app.handlers['chat:send']({ text }, { signal });
      await app.idle();
    }
    expect(app.store.state.photos.map((photo) => photo.facts?.roomType)).toEqual(colours.map(() => 'home office'));
    // One card a turn once sorting began ("ok" began it), each about the mug the rules model names: one thing, moved.
    expect(app.store.state.decisions).toHaveLength(3);
    expect(app.store.state.itemsProcessed).toBe(1);
    const folder = app.sessionPaths!.dir;
    await app.dispose();
    core = undefined;
    await server.close();
    server = undefined;

    const printed: string[] = [];
    expect(await runReplayCli([folder, '--check'], (line) => printed.push(line))).toBe(0);
    expect(printed.join('\n')).toContain('Check: all 4 turns went the way the log says.');
    // The opening is the session before its photos; each photo is in the session once.
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    const opening = events.find((event) => event.type === 'turn-ended');
    expect(opening?.type === 'turn-ended' && opening.checkpoint?.session.photos).toEqual([]);
    expect(transcriptOf(events).turns[0]!.photos).toEqual(colours.map((_, index) => `room-${index + 1}.jpg`));
  });

  it('refuses a file that is not a session log, clearly', async () => {
    const dir = await tempFolder('tidy-notlog-');
    await writeFile(path.join(dir, 'log.jsonl'), '{"hello": 1}\n{"v":1}\n');
    const printed: string[] = [];
    expect(await runReplayCli([dir], (line) => printed.push(line))).toBe(2);
    expect(printed.join('\n')).toMatch(/Cannot read .*log\.jsonl: .*line 1/);
  });
});

describe('a guided session, with no model', () => {
  it('is logged and replays like any other', async () => {
    const dataDir = await tempFolder('tidy-guided-replay-');
    const app = testCore({ dataDir });
    core = app;
    const items = ['empty amazon envelope', 'old receipts'];
    app.onPush((event) => {
      if (event.channel !== 'session:changed') return;
      const question = (event.payload as SessionSnapshot).state.pendingQuestion;
      if (!question) return;
      const answer =
        question.kind === 'choice' && question.purpose === 'function'
          ? { kind: 'choice' as const, selected: ['Work'] }
          : question.kind === 'text'
            ? { kind: 'text' as const, text: 'desk, lamp' }
            : question.kind === 'choice'
              ? items.length > 0
                ? { kind: 'choice' as const, selected: [], other: items.shift()! }
                : { kind: 'stop' as const }
              : { kind: 'disposition' as const, pick: { type: 'choice' as const, index: 0 } };
      queueMicrotask(() => void Promise.resolve().then(() => app.handlers['question:answer']({ questionId: question.id, answer }, { signal })).catch(() => {}));
    });
    await app.handlers['chat:send']({ text: 'hi' }, { signal });
    await app.idle();
    expect(app.store.state).toMatchObject({ status: 'ended', itemsProcessed: 2 });
    const folder = app.sessionPaths!.dir;
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(events.some((event) => event.type === 'model-request')).toBe(false);
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBeGreaterThan(2);
  });
});

/**
 * Logs recorded before things were told apart (docs/session-log.md, "Logs from before things were told apart") replay
 * up to the first turn that decides a thing, and go another way there: the pile entry and the decision now name the
 * thing they are about. The fixtures are such logs; a session recorded now replays whole (the tests above, the carry-over
 * test and the replay properties).
 */
describe('replaying a log recorded before things were told apart', () => {
  it.each([['carried.jsonl', 'started from last time']])('%s (a session %s) replays to its first decision, and goes another way there, naming the thing', async (file) => {
    const { events } = await readSessionLog(path.resolve(import.meta.dirname, '../session-log/fixtures/v2', file));
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(os.tmpdir(), 'no-photos-here') });
    const firstDecision = events.findIndex((event) => event.type === 'turn-ended' && JSON.stringify(event).includes('"/session/decisions/'));
    const turnOfFirstDecision = events.slice(0, firstDecision + 1).filter((event) => event.type === 'turn-ended').length - 1;
    expect(check.divergence).toMatchObject({ turn: turnOfFirstDecision, effect: 'state' });
    expect(check.turnsChecked).toBe(turnOfFirstDecision - 1);
    expect(formatDifferences(check.divergence!.differences ?? [])).toMatch(/thing/);
  });

  it('detected.jsonl (a session the detector took part in) goes another way at its start: its coach began with the bottle someone holds', async () => {
    const { events } = await readSessionLog(path.resolve(import.meta.dirname, '../session-log/fixtures/v2', 'detected.jsonl'));
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(os.tmpdir(), 'no-photos-here') });
    expect(check.divergence).toMatchObject({ turn: 1, effect: 'state' });
    const differences = formatDifferences(check.divergence!.differences ?? []);
    expect(differences).toContain('expected "Got it: Work, and table stay. Start with one easy thing: the bottle (right side, photo 2)."');
    expect(differences).toContain('got "Got it: Work, and table stay. Start with one easy thing: the cup (on the table, middle, photo 1)."');
  });
});
