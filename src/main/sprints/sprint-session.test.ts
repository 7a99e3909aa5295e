/**
 * Sprints as the app runs them, with no model: main's timer (on manual timers and a manual clock), the check-in card
 * once the item in hand is done, a break, pausing, winding down, a resume, and the log replaying all of it.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { manualTime, type ManualTime } from '../effects';
import { checkSession } from '../replay/check';
import { readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR, testCore, untilState } from '../../../test-support/fixtures';
import { rulesLlm } from '../../../test-support/rules-llm';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 1, 9, 0, 0);

const cores: AppCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
});

function sprintCore(time: ManualTime, options: { dataDir?: string; questionTimeoutMs?: number } = {}) {
  const core = testCore({
    time: time.clock,
    timers: time.timers,
    sprintMs: 10 * MINUTE,
    breakMs: 5 * MINUTE,
    // Cards stay open through the sprint's end unless a test says otherwise.
    questionTimeoutMs: options.questionTimeoutMs ?? 24 * 60 * MINUTE,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  cores.push(core);
  return core;
}

const asking = (test: (question: Question) => boolean) => (state: SessionState) => state.pendingQuestion !== undefined && test(state.pendingQuestion);
const isCheckIn = (question: Question) => question.kind === 'choice' && question.purpose === 'energy';
const isItemCard = (question: Question) => question.kind === 'disposition';
const isWhatIsIt = (question: Question) => question.kind === 'choice' && question.purpose === 'general';

/** The person's answers on the way to the first item: a work desk, nothing has to stay. */
function surveyAnswer(question: Question): Answer | undefined {
  if (question.kind === 'choice' && question.purpose === 'function') return { kind: 'choice', selected: ['Work'], followUp: ['Design'] };
  if (question.kind === 'choice' && question.purpose === 'anchors') return { kind: 'choice', selected: ['None of these'] };
  if (question.kind === 'text') return { kind: 'text', text: 'lamp' };
  return undefined;
}

/** Some valid answer to any card: the first choice, yes, or a few words. */
function anyAnswer(question: Question): Answer {
  switch (question.kind) {
    case 'disposition':
      return { kind: 'disposition', pick: { type: 'choice', index: 0 } };
    case 'choice':
      return { kind: 'choice', selected: [question.choices[0]!.label] };
    case 'confirm':
      return { kind: 'confirm', yes: true };
    case 'text':
      return { kind: 'text', text: 'lamp' };
  }
}

async function answer(core: AppCore, answerWith: Answer): Promise<void> {
  const question = core.store.state.pendingQuestion!;
  await core.handlers['question:answer']({ questionId: question.id, answer: answerWith }, { signal });
}

/** Answers the survey until the coach asks what the first thing is. */
async function toFirstItem(core: AppCore): Promise<void> {
  await core.handlers['chat:send']({ text: 'My desk is buried.' }, { signal });
  for (;;) {
    const state = await untilState(core, (current) => current.pendingQuestion !== undefined);
    const question = state.pendingQuestion!;
    const survey = surveyAnswer(question);
    if (!survey) return;
    await answer(core, survey);
    await untilState(core, (current) => current.pendingQuestion?.id !== question.id);
  }
}

/** Names the thing in hand and sends it to the first choice on its card. */
async function decideItem(core: AppCore, item: string): Promise<void> {
  await untilState(core, asking(isWhatIsIt));
  await answer(core, { kind: 'choice', selected: [], other: item });
  await untilState(core, asking(isItemCard));
  await answer(core, { kind: 'disposition', pick: { type: 'choice', index: 0 } });
}

/** Whatever the coach asks on the way, the person answers with the first choice, until it waits on them (or checks in). */
async function untilWaiting(core: AppCore): Promise<SessionState> {
  for (;;) {
    const state = await Promise.race([core.idle().then(() => core.store.state), untilState(core, (current) => current.pendingQuestion !== undefined)]);
    if (!state.pendingQuestion || isCheckIn(state.pendingQuestion)) return state;
    const question = state.pendingQuestion;
    await answer(core, surveyAnswer(question) ?? anyAnswer(question));
    await untilState(core, (current) => current.pendingQuestion?.id !== question.id);
  }
}

/** A core whose coach is the conversational one, on the rules model. */
function conversationalSprintCore(time: ManualTime): AppCore {
  const core = testCore({
    time: time.clock,
    timers: time.timers,
    sprintMs: 10 * MINUTE,
    breakMs: 5 * MINUTE,
    questionTimeoutMs: 24 * 60 * MINUTE,
    llm: rulesLlm(),
    model: { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true },
  });
  cores.push(core);
  return core;
}

async function chooseOnCheckIn(core: AppCore, label: RegExp): Promise<void> {
  const state = await untilState(core, asking(isCheckIn));
  const question = state.pendingQuestion as Extract<Question, { kind: 'choice' }>;
  const choice = question.choices.find((option) => label.test(option.label));
  expect(choice, `a choice like ${label} on ${question.choices.map((option) => option.label).join(' / ')}`).toBeDefined();
  await answer(core, { kind: 'choice', selected: [choice!.label] });
}

describe('sprints in a session with no model', () => {
  it('start with the first message, finish the item in hand at time up, then check in; a break is quiet and ends by itself', async () => {
    const time = manualTime(START);
    const core = sprintCore(time);
    await toFirstItem(core);
    expect(core.store.state.sprint).toEqual({ number: 1, lengthMs: 10 * MINUTE, breakMs: 5 * MINUTE, phase: { kind: 'running', since: START, elapsedMs: 0 } });

    // Time runs out while the person holds a mug and its card is open: the card stays, nothing interrupts.
    await untilState(core, asking(isWhatIsIt));
    await answer(core, { kind: 'choice', selected: [], other: 'coffee mug' });
    const card = (await untilState(core, asking(isItemCard))).pendingQuestion!;
    time.advance(10 * MINUTE);
    await untilState(core, (state) => state.sprint?.phase.kind === 'due');
    expect(core.store.state.pendingQuestion?.id).toBe(card.id);

    // The mug is decided, then the check-in.
    await answer(core, { kind: 'disposition', pick: { type: 'choice', index: 0 } });
    const checkIn = (await untilState(core, asking(isCheckIn))).pendingQuestion as Extract<Question, { kind: 'choice' }>;
    expect(core.store.state.itemsProcessed).toBe(1);
    expect(checkIn.prompt).toBe('That’s 10 minutes. How is your energy?');
    expect(checkIn.choices.map((choice) => choice.label)).toEqual(['Keep going: another 10 minutes', 'A 5-minute break', 'Wind down for today']);

    await chooseOnCheckIn(core, /break/);
    const onBreak = await untilState(core, (state) => state.sprint?.phase.kind === 'break');
    expect(onBreak.messages.at(-1)?.text).toBe('A 5-minute break. The timer is quiet; step away, I’ll be here.');
    await core.idle();
    expect(core.store.state.pendingQuestion).toBeUndefined();

    // The break ends by itself: the next sprint counts, and the coach picks up with the next thing.
    time.advance(5 * MINUTE);
    const back = await untilState(core, asking(isWhatIsIt));
    expect(back.sprint).toMatchObject({ number: 2, phase: { kind: 'running', since: START + 15 * MINUTE, elapsedMs: 0 } });
  });

  it('keeps going for another sprint, pauses without counting, and winds down to the summary; the log replays', async () => {
    const time = manualTime(START);
    const core = sprintCore(time);
    await toFirstItem(core);
    time.advance(10 * MINUTE);
    await decideItem(core, 'coffee mug');
    await chooseOnCheckIn(core, /Keep going/);
    const going = await untilState(core, asking(isWhatIsIt));
    expect(going.sprint).toMatchObject({ number: 2, phase: { kind: 'running', since: START + 10 * MINUTE } });
    expect(going.messages.map((message) => message.text)).toContain('Another 10 minutes, then. Same pace.');

    // Paused for 40 minutes: the sprint's time does not run.
    time.advance(4 * MINUTE);
    expect(await core.handlers['sprint:control']({ action: 'pause' }, { signal })).toEqual({ changed: true });
    expect(await core.handlers['sprint:control']({ action: 'pause' }, { signal })).toEqual({ changed: false });
    time.advance(40 * MINUTE);
    expect(core.store.state.sprint?.phase).toEqual({ kind: 'paused', elapsedMs: 4 * MINUTE });
    await core.handlers['sprint:control']({ action: 'resume' }, { signal });
    time.advance(6 * MINUTE - 1);
    expect(core.store.state.sprint?.phase.kind).toBe('running');
    time.advance(1);
    await untilState(core, (state) => state.sprint?.phase.kind === 'due');

    await decideItem(core, 'stack of letters');
    await chooseOnCheckIn(core, /Wind down/);
    const ended = await untilState(core, (state) => state.status === 'ended');
    expect(ended.ending?.summary).toMatch(/^2 things decided/);
    await core.idle();
    expect(core.store.state.messages.at(-1)?.text).toMatch(/^Good stopping point/);
    await core.idle();

    const { events } = await readSessionLog(core.sessionPaths!.log);
    expect(events.filter((event) => event.type === 'sprint').map((event) => event.change.kind)).toEqual(['started', 'due', 'paused', 'resumed', 'due']);
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: core.sessionPaths!.photos });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBe(events.filter((event) => event.type === 'turn-ended').length - 1);
  });

  it('checks in by itself when time runs out with nothing going on, and an unanswered check-in leaves the next sprint paused', async () => {
    const time = manualTime(START);
    const core = sprintCore(time, { questionTimeoutMs: 30 * MINUTE });
    await toFirstItem(core);
    // The person stops the coach: nothing is asked, nothing runs.
    await untilState(core, asking(isWhatIsIt));
    await core.handlers['coach:stop'](undefined, { signal });
    await core.idle();
    expect(core.store.state.pendingQuestion).toBeUndefined();

    time.advance(10 * MINUTE);
    await untilState(core, asking(isCheckIn));
    // Nobody answers: the card closes on its own timeout and nothing counts down while the person is away.
    time.advance(30 * MINUTE);
    const away = await untilState(core, (state) => state.sprint?.number === 2);
    expect(away.sprint?.phase).toEqual({ kind: 'paused', elapsedMs: 0 });
    expect(away.messages.at(-1)?.text).toBe('The timer is paused. Carry on whenever you like.');
    await core.idle();
    expect(core.store.state.pendingQuestion).toBeUndefined();
    time.advance(60 * MINUTE);
    expect(core.store.state.sprint?.phase.kind).toBe('paused');
  });

  it('with the conversational coach: the check-in after its turn, and winding down ends the session with its summary', async () => {
    const time = manualTime(START);
    const core = conversationalSprintCore(time);
    expect(core.store.state.messages).toEqual([]);
    await core.handlers['chat:send']({ text: 'idk where to start' }, { signal });
    await untilWaiting(core);
    expect(core.store.state.sprint?.phase.kind).toBe('running');

    // Time runs out between turns: the check-in comes by itself, with no model call in between.
    time.advance(10 * MINUTE);
    const checkIn = await untilState(core, asking(isCheckIn));
    expect(checkIn.sprint?.phase.kind).toBe('due');
    await chooseOnCheckIn(core, /Wind down/);
    // The model wraps up (it may ask whether that is all); the session ends.
    let ended = await untilState(core, (state) => state.status === 'ended' || (state.pendingQuestion !== undefined && !isCheckIn(state.pendingQuestion)));
    while (ended.status !== 'ended') {
      const question = ended.pendingQuestion!;
      await answer(core, anyAnswer(question));
      ended = await untilState(core, (state) => state.status === 'ended' || (state.pendingQuestion !== undefined && state.pendingQuestion.id !== question.id));
    }
    expect(ended.ending?.summary).toBeTruthy();
    await core.idle();

    const { events } = await readSessionLog(core.sessionPaths!.log);
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: core.sessionPaths!.photos });
    expect(check.divergence).toBeUndefined();
  });

  it.each(['guided', 'conversational'] as const)('with the %s coach, "Stop for today" at the check-in winds down at once: the summary, no "Stop for today?" card', async (coach) => {
    const time = manualTime(START);
    const core = coach === 'guided' ? sprintCore(time) : conversationalSprintCore(time);
    if (coach === 'guided') {
      await toFirstItem(core);
      time.advance(10 * MINUTE);
      await decideItem(core, 'coffee mug');
    } else {
      await core.handlers['chat:send']({ text: 'idk where to start' }, { signal });
      await untilWaiting(core);
      time.advance(10 * MINUTE);
    }
    const before = (await untilState(core, asking(isCheckIn))).pendingQuestion!;
    const piles = core.store.state.piles;
    await answer(core, { kind: 'stop' });
    const ended = await untilState(core, (state) => state.status === 'ended');
    expect(ended.ending?.summary).toBeTruthy();
    expect(ended.piles).toEqual(piles);
    await core.idle();

    const { events } = await readSessionLog(core.sessionPaths!.log);
    const asked = events.flatMap((event) => (event.type === 'question-asked' && event.question ? [event.question] : []));
    // The check-in was the last card: no "Stop for today?", nor any other card, after the person's own stop.
    expect(asked.at(-1)?.id).toBe(before.id);
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: core.sessionPaths!.photos });
    expect(check.divergence).toBeUndefined();
  });

  it('a log cut off mid-turn right before a read (a crash) comes back with the sprint paused, and the whole log replays', async () => {
    // Regression: the pause for the time away was written inside the read where the resumed journal went live, so
    // replay found it where the read should be ("a random id was drawn where the recording has a sprint").
    const time = manualTime(START);
    const options = {
      time: time.clock,
      timers: time.timers,
      sprintMs: 10 * MINUTE,
      breakMs: 5 * MINUTE,
      questionTimeoutMs: 24 * 60 * MINUTE,
      model: { model: 'rules', baseUrl: 'http://127.0.0.1:9/v1', vision: true, tools: true },
    };
    const first = testCore({ ...options, llm: rulesLlm() });
    cores.push(first);
    await first.handlers['chat:send']({ text: 'idk where to start' }, { signal });
    const state = await Promise.race([first.idle().then(() => first.store.state), untilState(first, (current) => current.pendingQuestion !== undefined)]);
    expect(state.sprint?.phase.kind).toBe('running');
    const paths = first.sessionPaths!;
    await first.handlers['coach:stop'](undefined, { signal });
    await first.idle();
    const lines = (await readFile(paths.log, 'utf8')).trimEnd().split('\n');
    const types = lines.map((line) => (JSON.parse(line) as { type: string }).type);
    // The first model answer inside a turn that the code follows with a read of its own.
    const reads = new Set(['random', 'clock', 'model-request', 'question-asked']);
    const cut = types.findIndex((type, index) => type === 'model-response' && reads.has(types[index + 1] ?? ''));
    expect(cut).toBeGreaterThan(0);

    const dataDir = await tempFolder('tidy-sprint-cut-');
    const folder = path.join(dataDir, 'sessions', path.basename(paths.dir));
    await cp(paths.dir, folder, { recursive: true });
    await writeFile(path.join(folder, 'log.jsonl'), `${lines.slice(0, cut + 1).join('\n')}\n`);
    time.advance(60 * MINUTE);
    const again = testCore({ ...options, llm: rulesLlm(), dataDir });
    cores.push(again);
    await again.resumeLatest();
    expect(again.store.state.sprint?.phase.kind).toBe('paused');
    await Promise.race([again.idle(), untilState(again, (current) => current.pendingQuestion !== undefined)]);
    await again.handlers['coach:stop'](undefined, { signal });
    await again.idle();

    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    const resumedAt = events.findIndex((event) => event.type === 'session-resumed');
    expect(events.slice(resumedAt).some((event) => event.type === 'sprint' && event.change.kind === 'paused')).toBe(true);
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence, check.divergence?.message).toBeUndefined();
  });

  it('take their length from Settings for new sessions; a session keeps the length it started with', async () => {
    const time = manualTime(START);
    const core = testCore({ time: time.clock, timers: time.timers });
    cores.push(core);
    await core.handlers['settings:set']({ sprintMinutes: 25 }, { signal });
    await core.handlers['chat:send']({ text: 'My desk is buried.' }, { signal });
    expect(core.store.state.sprint).toMatchObject({ number: 1, lengthMs: 25 * MINUTE });
    await core.handlers['settings:set']({ sprintMinutes: 5 }, { signal });
    time.advance(25 * MINUTE);
    await untilState(core, (state) => state.sprint?.phase.kind === 'due');
    expect(core.store.state.sprint?.lengthMs).toBe(25 * MINUTE);
    await core.handlers['session:new'](undefined, { signal });
    await core.handlers['chat:send']({ text: 'The shelf now.' }, { signal });
    expect(core.store.state.sprint).toMatchObject({ number: 1, lengthMs: 5 * MINUTE });
  });

  it('comes back from a closed app with the sprint paused where the log stopped', async () => {
    const time = manualTime(START);
    const core = sprintCore(time);
    await toFirstItem(core);
    time.advance(3 * MINUTE);
    await decideItem(core, 'coffee mug');
    await untilState(core, asking(isWhatIsIt));
    const before = core.store.state;
    const dataDir = path.dirname(path.dirname(core.sessionPaths!.dir));
    await core.dispose();
    cores.splice(0);

    time.advance(120 * MINUTE);
    const again = sprintCore(time, { dataDir });
    await again.resumeLatest();
    const resumed = again.store.state;
    expect(resumed.piles).toEqual(before.piles);
    // Three minutes had run when the log stopped; the two hours away did not count.
    expect(resumed.sprint?.phase).toEqual({ kind: 'paused', elapsedMs: 3 * MINUTE });
    time.advance(60 * MINUTE);
    expect(again.store.state.sprint?.phase.kind).toBe('paused');
    // Back at the desk: the seven minutes left count from here.
    await again.handlers['sprint:control']({ action: 'resume' }, { signal });
    time.advance(7 * MINUTE);
    await untilState(again, (state) => state.sprint?.phase.kind === 'due');
  });
});
