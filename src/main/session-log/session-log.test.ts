import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LlmFaultError, manualClock, retryingLlm, seededRandom, type Llm, type LlmResponse, type QuestionUi } from '../effects';
import type { Question, Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { createTemplateRenderer } from '../templates';
import {
  differences,
  foldLog,
  hashTemplates,
  Journal,
  openQuestionOf,
  readSessionLog,
  SessionLogWriter,
  type Divergence,
  type LiveEffects,
  type LogEvent,
} from './index';
import { scriptedAnswers, scriptedLlm, scriptedSession } from '../../../test-support/session-log/session';
import { tempFolder } from '../../../test-support/temp-folder';

const TURNS = ['hi, the desk is a mess', 'ok what next', 'next one', 'and another'];

async function tempLog(): Promise<string> {
  return path.join(await tempFolder('session-log-'), 'log.jsonl');
}

interface RecordOptions {
  readonly instructions?: (state: SessionState) => string;
  readonly llm?: Llm;
  readonly question?: QuestionUi<Question, Resolution>;
  readonly turns?: readonly string[];
}

function liveEffects(clock: ReturnType<typeof manualClock>, options: Pick<RecordOptions, 'llm' | 'question'> = {}): LiveEffects {
  return {
    time: clock,
    random: seededRandom(3),
    llm: options.llm ?? scriptedLlm(),
    questions: (options.question ?? scriptedAnswers()) as QuestionUi<unknown, Resolution>,
  };
}

/** Records a scripted session the way the app does: the person's message, the turn, the turn's end, in order. */
async function record(file: string, options: RecordOptions = {}) {
  const clock = manualClock(Date.UTC(2026, 0, 5, 9));
  const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
  const journal = new Journal({ live: liveEffects(clock, options), writer });
  const session = scriptedSession(
    { time: journal.time, random: journal.random, llm: journal.llm, question: journal.questions as QuestionUi<Question, Resolution> },
    options.instructions ? { instructions: options.instructions } : {},
  );
  await writer.append({
    type: 'session-started',
    sessionId: session.state.get().id,
    appVersion: '0.2.0',
    coach: 'conversational',
    model: { name: 'scripted', vision: true, tools: true },
    templates: {},
  });
  for (const text of options.turns ?? TURNS) {
    await writer.append({ type: 'person-message', text });
    await session.turn(text);
    clock.advance(30_000);
    await writer.append({ type: 'turn-ended', checkpoint: { session: session.state.get() } });
  }
  await writer.close();
  return session;
}

/** Replays a recorded scripted session: each person message starts its turn, each turn's end is compared. */
async function replay(events: readonly LogEvent[], options: Pick<RecordOptions, 'instructions'> & { alter?: (turn: number, state: SessionState) => SessionState } = {}) {
  const seen: Divergence[] = [];
  const journal = new Journal({ recorded: events, mode: 'check', firstTurn: 1, onDivergence: (divergence) => seen.push(divergence) });
  const session = scriptedSession(
    { time: journal.time, random: journal.random, llm: journal.llm, question: journal.questions as QuestionUi<Question, Resolution> },
    options.instructions ? { instructions: options.instructions } : {},
  );
  let running: Promise<SessionState | undefined> | undefined;
  let turnsChecked = 0;
  await journal.play({
    input(event) {
      if (event.type === 'person-message') running = session.turn(event.text).catch(() => undefined);
    },
    turnStarted: () => {},
    turnStopped: () => {},
    async turnEnded(event) {
      const state = await running;
      if (journal.divergence || !state) return;
      const replayed = options.alter ? options.alter(turnsChecked + 1, state) : state;
      const found = differences(event.checkpoint?.session, JSON.parse(JSON.stringify(replayed)));
      if (found.length > 0) journal.diverge({ effect: 'state', message: 'the state differs', differences: found });
      else turnsChecked += 1;
    },
  });
  return { journal, session, turnsChecked, seen };
}

describe('record and replay a scripted session', () => {
  it('replays with no model to the identical transcript and state, consuming every recorded line', async () => {
    const file = await tempLog();
    const live = await record(file);
    const { events, tornTail } = await readSessionLog(file);
    expect(tornTail).toBeUndefined();
    const replayed = await replay(events);
    expect(replayed.journal.divergence).toBeUndefined();
    expect(replayed.turnsChecked).toBe(TURNS.length);
    expect(replayed.session.agent.messages.list()).toEqual(live.agent.messages.list());
    expect(replayed.session.state.get()).toEqual(live.state.get());
    expect(live.state.get().itemsProcessed).toBe(TURNS.length);
    expect(replayed.journal.remaining).toBe(0);
  });

  it('logs each turn in order, every answer naming the line of its call', async () => {
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
    for (const answer of events) {
      if (answer.type !== 'model-response' && answer.type !== 'question-closed') continue;
      const call = events.find((event) => event.seq === answer.call);
      expect(call?.type).toBe(answer.type === 'model-response' ? 'model-request' : 'question-asked');
    }
    const asked = events.find((event) => event.type === 'question-asked');
    expect(asked?.type === 'question-asked' && asked.spec).toMatchObject({ kind: 'disposition' });
  });

  it('has every message and answer on disk before the next model call starts', async () => {
    const file = await tempLog();
    let answered = 0;
    const answers = scriptedAnswers();
    const seenAtCalls: { closed: number; messages: number; answered: number }[] = [];
    const model = scriptedLlm();
    await record(file, {
      question: { ask: async (question) => answers.ask(question).finally(() => void (answered += 1)) },
      llm: {
        generate: (request) => {
          const text = readFileSync(file, 'utf8');
          seenAtCalls.push({ closed: text.split('"question-closed"').length - 1, messages: text.split('"person-message"').length - 1, answered });
          return model.generate(request);
        },
      },
    });
    expect(seenAtCalls).toHaveLength(TURNS.length * 2);
    for (const [index, seen] of seenAtCalls.entries()) {
      expect(seen.closed).toBe(seen.answered);
      expect(seen.messages).toBe(Math.floor(index / 2) + 1);
    }
  });

  it('reports the first turn a changed template diverges in, and which part of the request changed', async () => {
    const dir = await tempFolder('templates-');
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
    const replayed = await replay(events, { instructions });
    expect(replayed.turnsChecked).toBe(2);
    expect(replayed.journal.divergence).toMatchObject({ turn: 3, effect: 'llm', message: 'the model request differs from the recorded one in: instructions' });
    expect(replayed.seen).toEqual([replayed.journal.divergence]);
  });

  it('reports a state that differs from the logged one, with the path that differs', async () => {
    const file = await tempLog();
    await record(file, { turns: ['one', 'two'] });
    const { events } = await readSessionLog(file);
    const replayed = await replay(events, { alter: (turn, state) => (turn === 2 ? { ...state, anchors: ['the bed'] } : state) });
    expect(replayed.turnsChecked).toBe(1);
    expect(replayed.journal.divergence).toMatchObject({ turn: 2, effect: 'state', differences: [{ path: 'anchors.0', expected: undefined, actual: 'the bed' }] });
  });

  it('reports a read past the recording as a divergence in the turn after the last', async () => {
    const file = await tempLog();
    await record(file, { turns: ['one'] });
    const { events } = await readSessionLog(file);
    const replayed = await replay(events);
    expect(replayed.journal.divergence).toBeUndefined();
    await expect(replayed.session.turn('two')).rejects.toThrow('Replay diverged in turn 2');
    expect(replayed.journal.divergence).toMatchObject({ turn: 2, effect: 'random', message: expect.stringContaining("after the recording's last line") });
  });

  it('retries below the journal: the log holds the call once, with the answer that came', async () => {
    const file = await tempLog();
    let failures = 1;
    const model = scriptedLlm();
    const flaky: Llm = {
      generate: (request) => (failures-- > 0 ? Promise.reject(new LlmFaultError({ kind: 'server', status: 503, message: 'busy' })) : model.generate(request)),
    };
    const live = await record(file, { turns: ['one'], llm: retryingLlm(flaky, { minDelayMs: 0, maxDelayMs: 0 }) });
    const { events } = await readSessionLog(file);
    expect(events.filter((event) => event.type === 'model-error')).toEqual([]);
    const replayed = await replay(events);
    expect(replayed.turnsChecked).toBe(1);
    expect(replayed.session.agent.messages.list()).toEqual(live.agent.messages.list());
  });

  it('records a fault that outlasted the retries and replays it as the same fault', async () => {
    const file = await tempLog();
    const down: Llm = { generate: () => Promise.reject(new LlmFaultError({ kind: 'server', status: 503, message: 'down' })) };
    await expect(record(file, { turns: ['one'], llm: down })).rejects.toThrow('down');
    const { events } = await readSessionLog(file);
    expect(events.find((event) => event.type === 'model-error')).toMatchObject({ fault: { kind: 'server', status: 503 }, call: expect.any(Number) });
    const journal = new Journal({ recorded: events, mode: 'check' });
    const session = scriptedSession({ time: journal.time, random: journal.random, llm: journal.llm, question: journal.questions as QuestionUi<Question, Resolution> });
    let failure: Promise<unknown> | undefined;
    await journal.play({ input: () => void (failure = session.turn('one').catch((error: unknown) => error)), turnStarted: () => {}, turnStopped: () => {} });
    expect(await failure).toMatchObject({ fault: { kind: 'server', status: 503 } });
  });
});

/** A live model that answers each call when the test says so: calls can overlap and end in any order. */
function heldModel() {
  const held: { request: Parameters<Llm['generate']>[0]; answer: (text: string) => void; fail: (error: unknown) => void }[] = [];
  const llm: Llm = {
    generate: (request) =>
      new Promise<LlmResponse>((resolve, reject) => {
        held.push({
          request,
          answer: (text) =>
            resolve({ messages: [{ role: 'assistant', content: text }], text, toolCalls: [], finishReason: 'stop', usage: {} }),
          fail: reject,
        });
        request.signal?.addEventListener('abort', () => reject(new LlmFaultError({ kind: 'aborted', message: 'Stopped.' })), { once: true });
      }),
  };
  heldModel.last = { llm, held };
  return { llm, held };
}
heldModel.last = undefined as { llm: Llm; held: unknown[] } | undefined;

const ask = (text: string, signal?: AbortSignal) => ({ instructions: 'i', messages: [{ role: 'user' as const, content: text }], tools: {}, ...(signal ? { signal } : {}) });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrency replays in the order it happened', () => {
  it('serves calls that overlapped in the order their answers came, and an input at its place between them', async () => {
    const file = await tempLog();
    const clock = manualClock(1_000);
    const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
    const { llm, held } = heldModel();
    const journal = new Journal({ live: { ...liveEffects(clock), llm }, writer });
    let queued = 0;
    /** The code under test: two calls at once; each answer is noted with what the session had queued then. */
    const run = async (effects: Pick<Journal, 'llm' | 'time'>, log: string[]) => {
      await Promise.all(
        ['a', 'b'].map(async (name) => {
          const response = await effects.llm.generate(ask(name));
          log.push(`${name}:${response.text}:queued ${queued}:${effects.time.now()}`);
        }),
      );
    };
    const liveLog: string[] = [];
    const done = run(journal, liveLog);
    await expect.poll(() => held).toHaveLength(2);
    held[1]!.answer('second first');
    await settle();
    // The person sends a message while call a is still out (and b's answer may still be on its way to the code).
    journal.admit(() => {
      queued += 1;
      void writer.append({ type: 'person-message', messageId: 'm1', text: 'hello', sentAt: 1_000 });
    });
    await expect.poll(() => queued).toBe(1);
    clock.advance(5);
    held[0]!.answer('first last');
    await done;
    await writer.close();
    expect(liveLog).toEqual(['b:second first:queued 0:1000', 'a:first last:queued 1:1005']);

    const { events } = await readSessionLog(file);
    queued = 0;
    const replayJournal = new Journal({ recorded: events, mode: 'check' });
    const replayLog: string[] = [];
    const replayed = run(replayJournal, replayLog);
    await replayJournal.play({ input: () => void (queued += 1), turnStarted: () => {}, turnStopped: () => {} });
    await replayed;
    expect(replayJournal.divergence).toBeUndefined();
    expect(replayLog).toEqual(liveLog);
  });

  it('stops a replayed call where Stop was pressed', async () => {
    const file = await tempLog();
    const clock = manualClock(1_000);
    const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
    const { llm } = heldModel();
    const journal = new Journal({ live: { ...liveEffects(clock), llm }, writer });
    const controller = new AbortController();
    const outcome = (effects: Pick<Journal, 'llm'>, signal: AbortSignal) =>
      effects.llm.generate(ask('slow', signal)).then(
        () => 'answered',
        (error: unknown) => `${(error as LlmFaultError).fault.kind} (aborted: ${signal.aborted})`,
      );
    const { held } = heldModel.last!;
    const live = outcome(journal, controller.signal);
    await expect.poll(() => held).toHaveLength(1);
    await writer.append({ type: 'turn-stopped' });
    controller.abort();
    expect(await live).toBe('aborted (aborted: true)');
    await writer.close();

    const { events } = await readSessionLog(file);
    expect(events.map((event) => event.type)).toEqual(['model-request', 'turn-stopped', 'model-error']);
    const replayJournal = new Journal({ recorded: events, mode: 'check' });
    const replayController = new AbortController();
    const replayed = outcome(replayJournal, replayController.signal);
    await replayJournal.play({ input: () => {}, turnStarted: () => {}, turnStopped: () => replayController.abort() });
    expect(await replayed).toBe('aborted (aborted: true)');
  });
});

describe('a journal that continues a logged turn (resume)', () => {
  it('serves the log, then goes live where it ends: a question still open comes back as it was shown', async () => {
    const file = await tempLog();
    const clock = manualClock(1_000);
    const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
    const shown: Question = { id: 'q1', askedAt: 1_000, expiresAt: 301_000, kind: 'confirm', prompt: 'Done?', defaultAnswer: false };
    const first = new Journal({
      live: { ...liveEffects(clock), questions: { ask: () => new Promise(() => {}) }, shownQuestion: () => shown },
      writer,
    });
    const before = first.random.id();
    void first.questions.ask({ kind: 'confirm', prompt: 'Done?', defaultAnswer: false });
    await writer.close();

    const { events } = await readSessionLog(file);
    expect(openQuestionOf(events)).toEqual(shown);
    const again = await SessionLogWriter.open(file, { now: () => clock.now() });
    const reopened: Question[] = [];
    const unconsumed: LogEvent[][] = [];
    const resumed = new Journal({
      recorded: events,
      mode: 'continue',
      live: { ...liveEffects(clock), reopen: async (question) => (reopened.push(question), { answer: { kind: 'confirm', yes: true }, closedBy: 'person' }) },
      writer: again,
      onLive: (lines) => unconsumed.push([...lines]),
    });
    expect(resumed.random.id()).toBe(before);
    const answer = resumed.questions.ask({ kind: 'confirm', prompt: 'Done?', defaultAnswer: false });
    await resumed.play({ input: () => {}, turnStarted: () => {}, turnStopped: () => {} });
    expect(await answer).toEqual({ answer: { kind: 'confirm', yes: true }, closedBy: 'person' });
    expect(reopened).toEqual([shown]);
    expect(unconsumed).toEqual([[]]);
    await again.close();
    const closed = (await readSessionLog(file)).events.at(-1);
    expect(closed).toMatchObject({ type: 'question-closed', call: events.find((event) => event.type === 'question-asked')!.seq, questionId: 'q1' });
  });

  it('goes live where the code now reads something else, keeping an answer the log already holds', async () => {
    const file = await tempLog();
    const clock = manualClock(1_000);
    const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
    const first = new Journal({ live: { ...liveEffects(clock), questions: { ask: async () => ({ answer: { kind: 'confirm', yes: false }, closedBy: 'person' }) } }, writer });
    const asked = first.questions.ask({ kind: 'confirm', prompt: 'Done?', defaultAnswer: false });
    first.time.now();
    await asked;
    await writer.close();
    const { events } = await readSessionLog(file);
    expect(events.map((event) => event.type)).toEqual(['question-asked', 'clock', 'question-closed']);

    const again = await SessionLogWriter.open(file, { now: () => clock.now() });
    const unconsumed: LogEvent[][] = [];
    const resumed = new Journal({ recorded: events, mode: 'continue', live: liveEffects(clock), writer: again, onLive: (lines) => unconsumed.push([...lines]) });
    const answer = resumed.questions.ask({ kind: 'confirm', prompt: 'Done?', defaultAnswer: false });
    // The code now draws a random id where the log read the clock: from here on it is live.
    resumed.random.id();
    expect(resumed.live).toBe(true);
    expect(await answer).toEqual({ answer: { kind: 'confirm', yes: false }, closedBy: 'person' });
    expect(unconsumed.map((lines) => lines.map((event) => event.type))).toEqual([['clock', 'question-closed']]);
    await again.close();
  });
});

describe('folding a log', () => {
  it('gives the document after the last turn, the turn in flight and the open question with its original expiry', async () => {
    const file = await tempLog();
    let asked = 0;
    const answers = scriptedAnswers();
    const hangsOnSecond: QuestionUi<Question, Resolution> = {
      ask: (question) => (++asked === 2 ? new Promise(() => {}) : answers.ask(question)),
    };
    const clock = manualClock(1_000);
    const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
    const journal = new Journal({ live: liveEffects(clock, { question: hangsOnSecond }), writer });
    const session = scriptedSession({ time: journal.time, random: journal.random, llm: journal.llm, question: journal.questions as QuestionUi<Question, Resolution> });
    await writer.append({ type: 'person-message', text: 'one' });
    await session.turn('one');
    await writer.append({ type: 'turn-ended', checkpoint: { session: session.state.get() } });
    await writer.append({ type: 'person-message', text: 'two' });
    void session.turn('two');
    await expect
      .poll(async () => {
        await writer.flush();
        return (await readSessionLog(file)).events.filter((event) => event.type === 'question-asked');
      })
      .toHaveLength(2);
    const { events } = await readSessionLog(file);
    const folded = foldLog(events);
    expect(folded.turns).toBe(1);
    expect(folded.document?.session.itemsProcessed).toBe(1);
    expect(folded.inFlight.filter((event) => event.type === 'person-message').map((event) => (event.type === 'person-message' ? event.text : ''))).toEqual(['two']);
    const asked2 = events.filter((event): event is Extract<LogEvent, { type: 'question-asked' }> => event.type === 'question-asked')[1];
    expect(openQuestionOf(folded.inFlight)).toEqual(asked2?.question ?? asked2?.spec);
    await writer.close();
  });
});
