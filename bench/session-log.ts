/**
 * The session log (version 2) at length: a synthetic session of `turns` turns recorded through the real app core
 * (the conversational coach, a card and two model steps a turn, against the scripted model in first-match order),
 * then read back three ways, each beside its baseline from the same run:
 * - size: bytes a turn at the last turn beside bytes a turn at turn 100, and the whole log beside what version 1
 *   (the whole state at every turn's end) would have written for the same session;
 * - replay: parse plus `replay --check` of every turn beside parsing alone;
 * - resume: opening the session to a live state beside parsing the whole log. The last turn is left with its card
 *   open, as a crash would leave it, and the resumed session is checked for what resume must restore (items, piles,
 *   decisions, mode, the open card) and for the one thing it changes by design: a running sprint is paused where the
 *   log stopped, since time the app was closed is not sprint time.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SessionSnapshot, SessionState } from '../src/shared/session/schema';
import { createAppCore, type AppCore } from '../src/main/core/app-core';
import { aiSdkLlm, manualClock, seededRandom } from '../src/main/effects';
import { createLogger } from '../src/main/log/logger';
import { checkSession } from '../src/main/replay/check';
import { timelineOf } from '../src/main/replay/transcript';
import { timelineStates } from '../src/shared/sessions/schema';
import { foldLog, parseSessionLog } from '../src/main/session-log';
import { createTemplateRenderer, defaultTemplatesDir } from '../src/main/templates';
import { loadScenarioFile, startScriptedModel } from '../test-support/scripted-model';
import { fmt } from './format';
import type { SectionReport } from './runner';
import { percentile } from './stats';

const RULES = path.resolve(import.meta.dirname, '../src/main/coach/scenarios/rules.json');

/** An app on `dataDir` whose cards are answered at once while `answering.on`; `onCard` hears of the others. */
function appOn(dataDir: string, baseURL: string, answering: { on: boolean; onCard?: () => void } = { on: true }): AppCore {
  const llm = aiSdkLlm(createOpenAI({ baseURL, apiKey: 'bench' }).chat('scripted'));
  const clock = manualClock(Date.UTC(2026, 0, 5, 9));
  const app = createAppCore({
    runtime: 'web',
    version: 'bench',
    model: { model: 'scripted', baseUrl: baseURL, vision: true, tools: true },
    llm,
    templates: createTemplateRenderer(defaultTemplatesDir()),
    logger: createLogger({ sink: () => {} }),
    // A quarter of a second passes with every reading: a session that takes its time.
    time: {
      now: () => {
        clock.advance(250);
        return clock.now();
      },
      monotonic: () => clock.monotonic(),
    },
    random: seededRandom(17),
    dataDir,
  });
  let cards = 0;
  app.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const question = (event.payload as SessionSnapshot).state.pendingQuestion;
    if (!question) return;
    if (!answering.on) return answering.onCard?.();
    const answer =
      question.kind === 'choice'
        ? { kind: 'choice' as const, selected: [question.choices[0]!.label] }
        : { kind: 'disposition' as const, pick: { type: 'choice' as const, index: cards++ % 2 } };
    queueMicrotask(() => void Promise.resolve(app.handlers['question:answer']({ questionId: question.id, answer }, { signal: new AbortController().signal })).catch(() => {}));
  });
  return app;
}

async function timed(runs: number, run: () => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

/** What resume must bring back as it was; each is compared as JSON. */
const RESTORED = {
  items: (state: SessionState) => state.itemsProcessed,
  piles: (state: SessionState) => state.piles,
  decisions: (state: SessionState) => state.decisions,
  mode: (state: SessionState) => [state.mode, state.guided],
  'the open card': (state: SessionState) => state.pendingQuestion,
} as const;

const brief = (value: unknown) => {
  const json = JSON.stringify(value) ?? 'nothing';
  return json.length > 120 ? `${json.slice(0, 117)}...` : json;
};

/**
 * Throws unless `resumed` has what resume must restore from `recorded`, and the sprint that was running when the
 * log stopped (at `lastAt`) is paused with the time it had counted by then.
 */
function checkResumed(recorded: SessionState, resumed: SessionState, lastAt: number): void {
  for (const [what, of] of Object.entries(RESTORED)) {
    if (JSON.stringify(of(resumed)) !== JSON.stringify(of(recorded))) {
      throw new Error(`Resume did not restore ${what}: ${brief(of(recorded))} was recorded, ${brief(of(resumed))} came back.`);
    }
  }
  const sprint = recorded.sprint;
  if (sprint?.phase.kind !== 'running') throw new Error(`The benchmark session's sprint was not running (${brief(sprint)}), so resume's pausing it is not checked.`);
  const counted = Math.min(sprint.lengthMs, sprint.phase.elapsedMs + (lastAt - sprint.phase.since));
  const expected = { ...sprint, phase: { kind: 'paused', elapsedMs: counted } };
  if (JSON.stringify(resumed.sprint) !== JSON.stringify(expected)) {
    throw new Error(`Resume should pause the running sprint where the log stopped (${brief(expected)}), not ${brief(resumed.sprint)}.`);
  }
}

/** Resolves once the log on disk holds the question `id` (its line is written just after the card shows). */
async function untilLogged(log: string, id: string): Promise<void> {
  for (let read = 0; read < 1000; read += 1) {
    if ((await readFile(log, 'utf8')).includes(`"id":${JSON.stringify(id)}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The open card ${id} never reached the session log.`);
}

/**
 * Records `turns` turns on `dataDir`, the last one left with its card open, and copies the data folder as the app
 * left it to `left`: the state recorded, the session's folder in `left`, the log's size after turn 100 (or the last)
 * and how long recording took.
 */
async function record(turns: number, dataDir: string, left: string, baseURL: string) {
  let cardShown = () => {};
  const answering = { on: true, onCard: () => cardShown() };
  const app = appOn(dataDir, baseURL, answering);
  const signal = new AbortController().signal;
  try {
    const recordStart = performance.now();
    let at100 = 0;
    for (let turn = 1; turn < turns; turn += 1) {
      await app.handlers['chat:send']({ text: `turn ${turn}` }, { signal });
      await app.idle();
      if (turn === Math.min(100, turns)) at100 = (await stat(app.sessionPaths!.log)).size;
    }
    answering.on = false;
    const shown = new Promise<void>((resolve) => (cardShown = resolve));
    await app.handlers['chat:send']({ text: `turn ${turns}` }, { signal });
    // With a card open the app is never idle; idle first means the last turn asked nothing.
    const ended = app.idle().then(() => {
      throw new Error('The last turn of the benchmark session showed no card, so resume restoring an open card is not checked.');
    });
    await Promise.race([shown, ended]);
    const recorded = app.store.state;
    await untilLogged(app.sessionPaths!.log, recorded.pendingQuestion!.id);
    if (turns <= 100) at100 = (await stat(app.sessionPaths!.log)).size;
    const recordSeconds = (performance.now() - recordStart) / 1000;
    await cp(dataDir, left, { recursive: true });
    return { recorded, folder: path.join(left, path.relative(dataDir, app.sessionPaths!.dir)), at100, recordSeconds };
  } finally {
    await app.dispose();
  }
}

export async function measureSessionLog(report: SectionReport, { turns, quick }: { turns: number; quick: boolean }): Promise<void> {
  if (turns < 2) throw new Error('The session log section needs at least two turns: the last one is left with its card open.');
  const runs = quick ? { parse: 1, check: 1, resume: 1 } : { parse: 5, check: 3, resume: 5 };
  const server = await startScriptedModel({ scenario: await loadScenarioFile(RULES) });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-session-log-'));
  // The data folder as the app left it, with the last card open.
  const left = await mkdtemp(path.join(os.tmpdir(), 'bench-session-left-'));
  try {
    const { recorded, folder, at100, recordSeconds } = await record(turns, dataDir, left, server.baseURL);
    if (server.mismatches.length > 0) throw new Error(`The scripted model was asked something it has no rule for: ${server.mismatches[0]!.message}`);

    const log = path.join(folder, 'log.jsonl');
    const text = await readFile(log, 'utf8');
    const bytes = Buffer.byteLength(text);
    const { events } = parseSessionLog(text);
    // What version 1 wrote beyond version 2: the whole session state at every turn's end.
    let version1Bytes = bytes;
    foldLog(events, (turn) => {
      const ended = Buffer.byteLength(JSON.stringify(turn.ended));
      version1Bytes += Buffer.byteLength(JSON.stringify({ ...turn.ended, changes: undefined, checkpoint: undefined, state: turn.document.session })) - ended;
    });
    report.say(
      `Session log v2, ${turns}-turn session through the app core (conversational coach, scripted model; ${events.length} events, recorded in ${recordSeconds.toFixed(1)} s)`,
    );
    const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
    const mb = (value: number) => `${(value / 1e6).toFixed(1)} MB`;
    const perTurnAt100 = at100 / Math.min(100, turns);
    const at100Name = `bytes a turn at turn ${Math.min(100, turns)}`;
    report.figures([{ name: at100Name, value: perTurnAt100, unit: 'B' }], ([value]) => `  bytes a turn at turn ${Math.min(100, turns)}      ${kb(value!).padStart(10)}`);
    report.figures(
      [{ name: 'bytes a turn at the last turn', value: bytes / turns, unit: 'B', baseline: at100Name }],
      ([value]) => `  bytes a turn at turn ${turns}     ${kb(value!).padStart(10)}   ${(value! / perTurnAt100).toFixed(2)}x the turn-100 rate (goal: 1.2x at most)`,
    );
    report.figures([{ name: 'whole log', value: bytes, unit: 'B' }], ([value]) => `  whole log                 ${mb(value!).padStart(10)}   (goal: under 20 MB)`);
    report.figures(
      [{ name: 'as version 1 would write', value: version1Bytes, unit: 'B', baseline: 'whole log' }],
      ([value]) => `  as version 1 would write  ${mb(value!).padStart(10)}   ${(value! / bytes).toFixed(1)}x this log`,
    );

    const parseMs = await timed(runs.parse, () => parseSessionLog(text));
    report.figures([{ name: 'parse alone', value: parseMs, unit: 'ms' }], ([value]) => `  parse alone               ${fmt(value!).padStart(10)}`);
    const templates = createTemplateRenderer(defaultTemplatesDir());
    let turnsChecked = 0;
    const checkMs = await timed(runs.check, async () => {
      const result = await checkSession(parseSessionLog(text).events, { templates, photosDir: path.join(folder, 'photos') });
      if (result.divergence) throw new Error(`The benchmark session did not replay cleanly: ${result.divergence.message}`);
      turnsChecked = result.turnsChecked;
    });
    report.figures(
      [
        { name: 'replay --check per turn', value: checkMs / turnsChecked, unit: 'ms' },
        { name: 'parse + replay --check', value: checkMs, unit: 'ms', baseline: 'parse alone' },
      ],
      ([perTurn, whole]) =>
        `  replay --check per turn   ${fmt(perTurn!).padStart(10)}   (goal ≤ 1 ms per turn for a checked replay of 1,000 turns); ${turnsChecked} turns checked in ${fmt(whole!)}, ${(whole! / parseMs).toFixed(2)}x parse alone`,
    );

    // Each resume appends to the log, so each runs on its own copy of the data folder; only the resume is timed.
    const lastAt = events.at(-1)!.at;
    const resumes: number[] = [];
    for (let run = 0; run < runs.resume; run += 1) {
      const copy = await mkdtemp(path.join(os.tmpdir(), 'bench-resume-'));
      try {
        await cp(left, copy, { recursive: true });
        const again = appOn(copy, server.baseURL, { on: false });
        try {
          const start = performance.now();
          await again.resumeLatest();
          resumes.push(performance.now() - start);
          checkResumed(recorded, again.store.state, lastAt);
        } finally {
          await again.dispose();
        }
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    }
    report.figures(
      [{ name: 'resume to a live state', value: percentile(resumes, 50), unit: 'ms', baseline: 'parse alone' }],
      ([value]) => `  resume to a live state    ${fmt(value!).padStart(10)}   ${(value! / parseMs).toFixed(2)}x parsing the whole log (goal: under 300 ms)`,
    );
    report.say(`  resume restores ${Object.keys(RESTORED).join(', ').replace(/, ([^,]*)$/, ' and $1')}; it pauses the running sprint (as designed)`);

    const timelineStart = performance.now();
    const timeline = timelineOf(events);
    const timelineMs = performance.now() - timelineStart;
    const stateAt = timelineStates(timeline);
    const statesBytes = timeline.steps.reduce((sum, _, index) => sum + Buffer.byteLength(JSON.stringify(stateAt(index))), 0);
    report.figures(
      [
        { name: 'replay in Sessions, sent as changes', value: Buffer.byteLength(JSON.stringify(timeline)), unit: 'B', baseline: 'replay in Sessions, as a state a step' },
        { name: 'replay in Sessions, as a state a step', value: statesBytes, unit: 'B' },
        { name: 'replay in Sessions, made in', value: timelineMs, unit: 'ms' },
      ],
      ([changes, states, ms]) =>
        `  replay in Sessions        ${mb(changes!).padStart(10)}   sent as changes, beside ${mb(states!)} as a state a step (${(states! / changes!).toFixed(0)}x); made in ${fmt(ms!)}`,
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(left, { recursive: true, force: true });
  }
}
