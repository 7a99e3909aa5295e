import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LlmFaultError, manualClock, retryingLlm, seededRandom, type Llm, type QuestionUi } from '../effects';
import type { Question, Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { createTemplateRenderer } from '../templates';
import {
  checkReplay,
  hashTemplates,
  readSessionLog,
  rebuildState,
  recordingClock,
  recordingLlm,
  recordingQuestions,
  recordingRandom,
  replayEffects,
  SessionLogWriter,
  type LogEvent,
  type LoggedTurn,
  type ReplayEffects,
} from './index';
import { scriptedAnswers, scriptedLlm, scriptedSession, type SessionEffects } from './testing/session';

const TURNS = ['hi, the desk is a mess', 'ok what next', 'next one', 'and another'];

async function tempLog(): Promise<string> {
  return path.join(await mkdtemp(path.join(os.tmpdir(), 'session-log-')), 'log.jsonl');
}

interface RecordOptions {
  readonly instructions?: (state: SessionState) => string;
  readonly llm?: (writer: SessionLogWriter) => Llm;
  readonly question?: QuestionUi<Question, Resolution>;
  readonly turns?: readonly string[];
}

/** Records a scripted session the way the app will: person message and turn end awaited around each turn. */
async function record(file: string, options: RecordOptions = {}) {
  const clock = manualClock(Date.UTC(2026, 0, 5, 9));
  const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
  const live: SessionEffects = {
    time: recordingClock(clock, writer),
    random: recordingRandom(seededRandom(3), writer),
    llm: options.llm?.(writer) ?? recordingLlm(scriptedLlm(), writer),
    question: recordingQuestions(options.question ?? scriptedAnswers(), writer),
  };
  const session = scriptedSession(live, options.instructions ? { instructions: options.instructions } : {});
  await writer.append({
    type: 'session-started',
    sessionId: session.state.get().id,
    appVersion: '0.1.0',
    coach: 'conversational',
    model: { name: 'scripted', vision: true, tools: true },
    templates: {},
  });
  for (const text of options.turns ?? TURNS) {
    await writer.append({ type: 'person-message', text });
    await session.turn(text);
    clock.advance(30_000);
    await writer.append({ type: 'turn-ended', state: session.state.get() });
  }
  await writer.close();
  return session;
}

function personText(turn: LoggedTurn): string {
  const message = turn.events.find((event) => event.type === 'person-message');
  if (message?.type !== 'person-message') throw new Error(`turn ${turn.turn} has no person message`);
  return message.text;
}

function replaySession(replay: ReplayEffects, options: Pick<RecordOptions, 'instructions'> = {}, llm: Llm = replay.llm) {
  return scriptedSession({ time: replay.time, random: replay.random, llm, question: replay.question }, options);
}

describe('record and replay a scripted session', () => {
  it('replays with no model to the identical transcript and state, consuming every recorded value', async () => {
    const file = await tempLog();
    const live = await record(file);
    const { events, tornTail } = await readSessionLog(file);
    expect(tornTail).toBeUndefined();
    const replay = replayEffects(events);
    const replayed = replaySession(replay);
    const result = await checkReplay(events, replay, (turn) => replayed.turn(personText(turn)));
    expect(result).toEqual({ turnsChecked: TURNS.length });
    expect(replayed.agent.messages.list()).toEqual(live.agent.messages.list());
    expect(replayed.state.get()).toEqual(live.state.get());
    expect(live.state.get().itemsProcessed).toBe(TURNS.length);
    expect(replay.remaining()).toEqual({ clock: 0, random: 0, llm: 0, question: 0 });
  });

  it('logs each turn in order: message, requests and responses, card asked and closed, snapshot', async () => {
    const file = await tempLog();
    await record(file, { turns: ['one'] });
    const { events } = await readSessionLog(file);
    const kinds = events.filter((event) => !['clock', 'random'].includes(event.type)).map((event) => event.type);
    expect(kinds).toEqual([
      'session-started',
      'person-message',
      'model-request',
      'model-response',
      'question-asked',
      'question-closed',
      'model-request',
      'model-response',
      'turn-ended',
    ]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    const asked = events.find((event) => event.type === 'question-asked');
    expect(asked?.type === 'question-asked' && asked.question?.kind).toBe('disposition');
  });

  it('has every message and answer on disk before the next model call starts', async () => {
    const file = await tempLog();
    let answered = 0;
    const answers = scriptedAnswers();
    const seenAtCalls: { closed: number; messages: number; answered: number }[] = [];
    await record(file, {
      question: { ask: async (question) => answers.ask(question).finally(() => void (answered += 1)) },
      llm: (writer) => {
        const model = scriptedLlm();
        return recordingLlm(
          {
            generate: (request) => {
              const text = readFileSync(file, 'utf8');
              seenAtCalls.push({ closed: text.split('"question-closed"').length - 1, messages: text.split('"person-message"').length - 1, answered });
              return model.generate(request);
            },
          },
          writer,
        );
      },
    });
    expect(seenAtCalls).toHaveLength(TURNS.length * 2);
    for (const [index, seen] of seenAtCalls.entries()) {
      expect(seen.closed).toBe(seen.answered);
      expect(seen.messages).toBe(Math.floor(index / 2) + 1);
    }
  });

  it('reports the first turn a changed template diverges in, and which part of the request changed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'templates-'));
    const template = path.join(dir, 'session.njk');
    await writeFile(template, 'Items so far: {{ itemsProcessed }}.{% if itemsProcessed >= 2 %} Slow down.{% endif %}');
    const templates = createTemplateRenderer(dir);
    const instructions = (state: object) => templates.render('session.njk', state);
    const file = await tempLog();
    await record(file, { instructions });
    const before = await hashTemplates(dir);

    await writeFile(template, 'Items so far: {{ itemsProcessed }}.{% if itemsProcessed >= 2 %} Keep going.{% endif %}');
    expect(await hashTemplates(dir)).not.toEqual(before);
    const { events } = await readSessionLog(file);
    const seen: unknown[] = [];
    const replay = replayEffects(events, { onDivergence: (divergence) => seen.push(divergence) });
    const replayed = replaySession(replay, { instructions });
    const result = await checkReplay(events, replay, (turn) => replayed.turn(personText(turn)));
    expect(result.turnsChecked).toBe(2);
    expect(result.divergence).toMatchObject({ turn: 3, effect: 'llm', message: 'the model request differs from the recorded one in: instructions' });
    expect(seen).toEqual([result.divergence]);
  });

  it('reports a state that differs from the snapshot, with the path that differs', async () => {
    const file = await tempLog();
    await record(file, { turns: ['one', 'two'] });
    const { events } = await readSessionLog(file);
    const replay = replayEffects(events);
    const replayed = replaySession(replay);
    const result = await checkReplay(events, replay, async (turn) => {
      const state = await replayed.turn(personText(turn));
      return turn.turn === 2 ? { ...state, anchors: ['the bed'] } : state;
    });
    expect(result.turnsChecked).toBe(1);
    expect(result.divergence).toMatchObject({ turn: 2, effect: 'state', differences: [{ path: 'anchors.0', expected: undefined, actual: 'the bed' }] });
  });

  it('reports running out of recorded values as a divergence in the turn after the last', async () => {
    const file = await tempLog();
    await record(file, { turns: ['one'] });
    const { events } = await readSessionLog(file);
    const replay = replayEffects(events);
    const replayed = replaySession(replay);
    await replayed.turn('one');
    await expect(replayed.turn('two')).rejects.toThrow('Replay diverged in turn 2');
    expect(replay.divergence).toMatchObject({ turn: 2, effect: 'random' });
  });

  it('records a model fault and replays it, so retries happen the same way', async () => {
    const file = await tempLog();
    let failures = 1;
    const flaky = (model: Llm): Llm => ({
      generate: (request) => (failures-- > 0 ? Promise.reject(new LlmFaultError({ kind: 'server', status: 503, message: 'busy' })) : model.generate(request)),
    });
    const fast = { minDelayMs: 0, maxDelayMs: 0 };
    const live = await record(file, { turns: ['one'], llm: (writer) => retryingLlm(recordingLlm(flaky(scriptedLlm()), writer), fast) });
    const { events } = await readSessionLog(file);
    expect(events.find((event) => event.type === 'model-error')).toMatchObject({ fault: { kind: 'server', status: 503 } });
    const replay = replayEffects(events);
    const replayed = replaySession(replay, {}, retryingLlm(replay.llm, fast));
    expect(await checkReplay(events, replay, (turn) => replayed.turn(personText(turn)))).toEqual({ turnsChecked: 1 });
    expect(replayed.agent.messages.list()).toEqual(live.agent.messages.list());
  });
});

describe('rebuildState', () => {
  it('gives the last snapshot, the turn in flight and the open question with its original expiry', async () => {
    const file = await tempLog();
    let asked = 0;
    const answers = scriptedAnswers();
    const hangsOnSecond: QuestionUi<Question, Resolution> = {
      ask: (question) => (++asked === 2 ? new Promise(() => {}) : answers.ask(question)),
    };
    const clock = manualClock(1_000);
    const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
    const session = scriptedSession({
      time: recordingClock(clock, writer),
      random: recordingRandom(seededRandom(1), writer),
      llm: recordingLlm(scriptedLlm(), writer),
      question: recordingQuestions(hangsOnSecond, writer),
    });
    await writer.append({ type: 'person-message', text: 'one' });
    await session.turn('one');
    await writer.append({ type: 'turn-ended', state: session.state.get() });
    await writer.append({ type: 'person-message', text: 'two' });
    void session.turn('two');
    await vi.waitFor(async () => {
      await writer.flush();
      expect((await readSessionLog(file)).events.filter((event) => event.type === 'question-asked')).toHaveLength(2);
    });
    const { events } = await readSessionLog(file);
    const rebuilt = rebuildState(events);
    expect(rebuilt.turns).toBe(1);
    expect(rebuilt.state?.itemsProcessed).toBe(1);
    expect(rebuilt.pendingMessages.map((event) => event.text)).toEqual(['two']);
    expect(rebuilt.answeredInFlight).toEqual([]);
    const asked2 = events.filter((event): event is Extract<LogEvent, { type: 'question-asked' }> => event.type === 'question-asked')[1];
    expect(rebuilt.openQuestion).toEqual(asked2?.question);
    expect(rebuilt.openQuestion).toMatchObject({ kind: 'disposition', item: 'the thing from two', expiresAt: expect.any(Number) });
    await writer.close();
  });
});
