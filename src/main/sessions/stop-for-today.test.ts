/**
 * "Stop for today" in the header, through the whole app (`session:windDown`): with the coach idle, with a card open,
 * in the middle of a model's reply, and once the session has ended. Each time the session winds down at once, with
 * its summary and no "Stop for today?" card, nothing is recorded for the thing in hand, and the log replays; a
 * session whose log stops right after the choice winds down when it is resumed.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { copyFile, cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { aiSdkLlm, seededRandom } from '../effects';
import { checkSession } from '../replay/check';
import { readSessionLog, type LogEvent } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR, testCore, untilState } from '../../../test-support/fixtures';
import { rulesLlm } from '../../../test-support/rules-llm';
import { holdUntilClose, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
const rules = { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true };

const cores: AppCore[] = [];
let server: ScriptedModel | undefined;
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  await server?.close();
  server = undefined;
});

type Coach = 'guided offline' | 'conversational';

function core(coach: Coach, overrides: Parameters<typeof testCore>[0] = {}): AppCore {
  const app = coach === 'guided offline' ? testCore(overrides) : testCore({ llm: rulesLlm(), model: rules, ...overrides });
  cores.push(app);
  return app;
}

const windDown = (app: AppCore) => app.handlers['session:windDown'](undefined, { signal });

async function answer(app: AppCore, reply: Answer): Promise<void> {
  await app.handlers['question:answer']({ questionId: app.store.state.pendingQuestion!.id, answer: reply }, { signal });
}

/** What the space is for and what stays (whichever way the coach asks), until the coach asks about a thing or waits. */
async function survey(app: AppCore): Promise<SessionState> {
  for (;;) {
    const state = await Promise.race([app.idle().then(() => app.store.state), untilState(app, (current) => current.pendingQuestion !== undefined)]);
    const question = state.pendingQuestion;
    const reply: Answer | undefined =
      question?.kind === 'choice' && question.purpose === 'function'
        ? { kind: 'choice', selected: [question.choices[0]!.label] }
        : question?.kind === 'choice' && question.purpose === 'anchors'
          ? { kind: 'choice', selected: [question.choices[0]!.label] }
          : question?.kind === 'text'
            ? { kind: 'text', text: 'desk' }
            : undefined;
    if (!reply) return state;
    await answer(app, reply);
    await untilState(app, (current) => current.pendingQuestion?.id !== question!.id);
  }
}

/** The session sorting, one thing decided (its first choice), the coach asking about the next thing or waiting. */
async function oneThingDecided(app: AppCore, coach: Coach): Promise<SessionState> {
  await app.handlers['chat:send']({ text: 'My desk is buried.' }, { signal });
  await survey(app);
  // "What's the nearest thing?" offline: a mug; the model proposes a thing once sorting starts.
  if (coach === 'guided offline') await answer(app, { kind: 'choice', selected: [], other: 'coffee mug' });
  else await app.handlers['chat:send']({ text: 'let’s start' }, { signal });
  await untilState(app, (current) => current.pendingQuestion?.kind === 'disposition');
  await answer(app, { kind: 'disposition', pick: { type: 'choice', index: 0 } });
  await untilState(app, (current) => current.itemsProcessed === 1);
  // The coach says what happens to it, and asks about the next thing or waits.
  return Promise.race([app.idle().then(() => app.store.state), untilState(app, (current) => current.pendingQuestion !== undefined)]);
}

async function logOf(app: AppCore): Promise<LogEvent[]> {
  await app.idle();
  return (await readSessionLog(app.sessionPaths!.log)).events;
}

async function expectReplays(events: readonly LogEvent[], photos: string): Promise<void> {
  const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: photos });
  expect(check.divergence, check.divergence?.message).toBeUndefined();
  expect(check.turnsChecked).toBe(events.filter((event) => event.type === 'turn-ended').length - 1);
}

/** What a person sees once it has wound down: the summary, the same piles, and no "Stop for today?" card on the way. */
function expectWoundDown(ended: SessionState, before: SessionState, events: readonly LogEvent[]): void {
  expect(ended.status).toBe('ended');
  expect(ended.ending?.summary).toBeTruthy();
  expect(ended.pendingQuestion).toBeUndefined();
  expect(ended.windDownChosenAt).toBeUndefined();
  expect({ piles: ended.piles, decisions: ended.decisions, itemsProcessed: ended.itemsProcessed }).toEqual({
    piles: before.piles,
    decisions: before.decisions,
    itemsProcessed: before.itemsProcessed,
  });
  const asked = events.flatMap((event) => (event.type === 'question-asked' && event.question ? [event.question] : []));
  expect(asked.some((question: Question) => question.kind === 'confirm' && question.purpose === 'stop')).toBe(false);
}

describe.each<Coach>(['guided offline', 'conversational'])('"Stop for today" in the header (%s)', (coach) => {
  it('with the coach idle: a turn winds down at once, logged where it was chosen, and the log replays', async () => {
    const app = core(coach);
    await oneThingDecided(app, coach);
    // The person lets the next card go and the coach waits, nothing on screen.
    if (app.store.state.pendingQuestion) await app.handlers['coach:stop'](undefined, { signal });
    await app.idle();
    const before = app.store.state;
    expect(before.pendingQuestion).toBeUndefined();

    expect(await windDown(app)).toEqual({ outcome: 'windingDown' });
    const ended = await untilState(app, (state) => state.status === 'ended');
    const events = await logOf(app);
    expectWoundDown(app.store.state, before, events);
    expect(ended.messages.at(-1)?.role).toBe('coach');
    // The choice is an input of its own, and the turn that winds down comes right after it.
    const chosen = events.findIndex((event) => event.type === 'wind-down');
    expect(events[chosen]).toMatchObject({ type: 'wind-down', chosenAt: expect.any(Number) });
    expect(events[chosen + 1]).toMatchObject({ type: 'turn-started', messageIds: [] });
    await expectReplays(events, app.sessionPaths!.photos);
    // `TIDY_WRITE_FIXTURE=1` keeps the guided log as the session-log fixture of a wind-down chosen in the header.
    if (process.env.TIDY_WRITE_FIXTURE && coach === 'guided offline') {
      await copyFile(app.sessionPaths!.log, path.resolve(import.meta.dirname, '../session-log/fixtures/v3/header-wind-down.jsonl'));
    }
  });

  it('with a card open: the card takes the stop, the thing on it is not recorded, and the log replays', async () => {
    const app = core(coach);
    await oneThingDecided(app, coach);
    if (coach === 'guided offline') await answer(app, { kind: 'choice', selected: [], other: 'stack of letters' });
    else await app.handlers['chat:send']({ text: 'next' }, { signal });
    const card = await untilState(app, (state) => state.pendingQuestion?.kind === 'disposition');
    const before = app.store.state;

    expect(await windDown(app)).toEqual({ outcome: 'windingDown' });
    await untilState(app, (state) => state.status === 'ended');
    const events = await logOf(app);
    expectWoundDown(app.store.state, before, events);
    // One path: the card closed with the person's stop, as its own button would, and no separate choice was logged.
    expect(events.find((event) => event.type === 'question-closed' && event.questionId === card.pendingQuestion!.id)).toMatchObject({
      resolution: { answer: { kind: 'stop' }, closedBy: 'person' },
    });
    expect(events.some((event) => event.type === 'wind-down')).toBe(false);
    await expectReplays(events, app.sessionPaths!.photos);
  });

  it('once ended: ignored, with a clear result, and nothing logged', async () => {
    const app = core(coach);
    await oneThingDecided(app, coach);
    await windDown(app);
    await untilState(app, (state) => state.status === 'ended');
    const lines = (await logOf(app)).length;
    expect(await windDown(app)).toEqual({ outcome: 'ended' });
    expect(await logOf(app)).toHaveLength(lines);
  });
});

describe('"Stop for today" in the header, the edges', () => {
  it('in a session where nothing has happened yet there is nothing to wind down', async () => {
    const app = core('guided offline');
    expect(await windDown(app)).toEqual({ outcome: 'notStarted' });
    expect(app.store.state.status).toBe('active');
    expect(app.sessionPaths).toBeUndefined();
  });

  it('in the middle of a model’s reply: the reply stops first, then the coach winds down; the log replays', async () => {
    server = await startScriptedModel({
      scenario: {
        model: 'scripted',
        steps: [
          { name: 'a slow reply', expect: { lastUserContains: 'a slow one' }, respond: { delayMs: 20_000, text: '{"response":"too late"}' } },
          {
            name: 'the person chose to stop in the header',
            expect: { lastUserContains: '“Stop for today”', toolsInclude: ['end_session'] },
            respond: { toolCalls: [{ id: 'e1', name: 'end_session', arguments: { summary: 'Nothing moved yet.', next_time: ['the desk'] } }] },
          },
          { name: 'goodbye', expect: { lastToolResultContains: 'The session has ended' }, respond: { text: '{"response":"Good stopping point."}' } },
        ],
      },
      // The slow reply is held until the server closes: the stop races no real time.
      sleep: holdUntilClose,
    });
    const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted');
    const app = core('conversational', { llm: aiSdkLlm(model), model: { model: 'scripted', baseUrl: server.baseURL, vision: true, tools: true } });
    await app.handlers['chat:send']({ text: 'a slow one' }, { signal });
    // Stop while the model is working on it, not before the request has left.
    await expect.poll(() => server!.requests).toHaveLength(1);
    const before = app.store.state;

    expect(await windDown(app)).toEqual({ outcome: 'windingDown' });
    const ended = await untilState(app, (state) => state.status === 'ended');
    expect(ended.ending).toMatchObject({ summary: 'Nothing moved yet.', nextTime: ['the desk'] });
    const events = await logOf(app);
    expectWoundDown(app.store.state, before, events);
    // The slow reply never came: its turn was stopped, then the choice, then the turn that winds down.
    expect(app.store.state.messages.map((message) => message.text)).not.toContain('too late');
    const order = events.map((event) => event.type).filter((type) => type === 'turn-stopped' || type === 'wind-down' || type === 'turn-started');
    expect(order).toEqual(['turn-started', 'turn-stopped', 'wind-down', 'turn-started']);
    expect(server.mismatches).toEqual([]);
    await expectReplays(events, app.sessionPaths!.photos);
  });

  it('a log that stops right after the choice (the app closed before its turn) winds down when the session is resumed', async () => {
    const first = core('guided offline');
    await oneThingDecided(first, 'guided offline');
    await first.handlers['coach:stop'](undefined, { signal });
    await first.idle();
    const before = first.store.state;
    await windDown(first);
    await untilState(first, (state) => state.status === 'ended');
    await first.idle();
    const paths = first.sessionPaths!;
    const lines = (await readFile(paths.log, 'utf8')).trimEnd().split('\n');
    const chosen = lines.findIndex((line) => (JSON.parse(line) as { type: string }).type === 'wind-down');

    const dataDir = await tempFolder('tidy-wind-down-cut-');
    const folder = path.join(dataDir, 'sessions', path.basename(paths.dir));
    await cp(paths.dir, folder, { recursive: true });
    await writeFile(path.join(folder, 'log.jsonl'), `${lines.slice(0, chosen + 1).join('\n')}\n`);
    // A later run of the app: ids of its own, so its fresh session is not the one to resume.
    let ids = 0;
    const again = core('guided offline', { dataDir, random: { float: seededRandom(2).float, id: () => `again-${++ids}` } });
    await again.handlers['sessions:resume']({ id: before.id }, { signal });
    const ended = await untilState(again, (state) => state.status === 'ended');
    expect(ended.ending?.summary).toBeTruthy();
    expect({ piles: ended.piles, decisions: ended.decisions }).toEqual({ piles: before.piles, decisions: before.decisions });
    await again.idle();
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    expect(events.filter((event) => event.type === 'wind-down')).toHaveLength(1);
    await expectReplays(events, path.join(folder, 'photos'));
  });
});
