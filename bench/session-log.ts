/**
 * The session log (version 2) at length: a synthetic session of `turns` turns recorded through the real app core
 * (the conversational coach, a card and two model steps a turn, against the scripted model in first-match order),
 * then read back three ways, each beside its baseline from the same run:
 * - size: bytes a turn at the last turn beside bytes a turn at turn 100, and the whole log beside what version 1
 *   (the whole state at every turn's end) would have written for the same session;
 * - replay: parse plus `replay --check` of every turn beside parsing alone;
 * - resume: opening the session to a live state beside parsing the whole log.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SessionSnapshot } from '../src/shared/session/schema';
import { createAppCore, type AppCore } from '../src/main/core/app-core';
import { aiSdkLlm, manualClock, seededRandom } from '../src/main/effects';
import { createLogger } from '../src/main/log/logger';
import { checkSession } from '../src/main/replay/check';
import { timelineOf } from '../src/main/replay/transcript';
import { timelineStates } from '../src/shared/sessions/schema';
import { foldLog, parseSessionLog } from '../src/main/session-log';
import { createTemplateRenderer, defaultTemplatesDir } from '../src/main/templates';
import { loadScenarioFile, startScriptedModel } from '../test-support/scripted-model';
import { percentile } from './stats';

export interface SessionLogReport {
  turns: number;
  events: number;
  recordSeconds: number;
  size: { bytes: number; perTurnAt100: number; perTurnAtEnd: number; version1Bytes: number };
  parse: { ms: number };
  check: { ms: number; turnsChecked: number };
  resume: { ms: number };
  /** What the Sessions panel's replay receives: the timeline as changes, beside a state at every step. */
  timeline: { bytes: number; statesBytes: number; ms: number };
}

const RULES = path.resolve(import.meta.dirname, '../src/main/coach/scenarios/rules.json');

function appOn(dataDir: string, baseURL: string): AppCore {
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

export async function measureSessionLog(turns = 1000): Promise<SessionLogReport> {
  const server = await startScriptedModel({ scenario: await loadScenarioFile(RULES) });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-session-log-'));
  const signal = new AbortController().signal;
  try {
    const app = appOn(dataDir, server.baseURL);
    const recordStart = performance.now();
    let at100 = 0;
    for (let turn = 1; turn <= turns; turn += 1) {
      await app.handlers['chat:send']({ text: `turn ${turn}` }, { signal });
      await app.idle();
      if (turn === Math.min(100, turns)) at100 = (await stat(app.sessionPaths!.log)).size;
    }
    const recordSeconds = (performance.now() - recordStart) / 1000;
    const folder = app.sessionPaths!.dir;
    const recorded = app.store.state;
    await app.dispose();
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

    const parseMs = await timed(5, () => parseSessionLog(text));
    const templates = createTemplateRenderer(defaultTemplatesDir());
    let turnsChecked = 0;
    const checkMs = await timed(3, async () => {
      const result = await checkSession(parseSessionLog(text).events, { templates, photosDir: path.join(folder, 'photos') });
      if (result.divergence) throw new Error(`The benchmark session did not replay cleanly: ${result.divergence.message}`);
      turnsChecked = result.turnsChecked;
    });

    // Each resume appends to the log, so each runs on its own copy of the data folder; only the resume is timed.
    const resumes: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const copy = await mkdtemp(path.join(os.tmpdir(), 'bench-resume-'));
      await cp(dataDir, copy, { recursive: true });
      const again = appOn(copy, server.baseURL);
      const start = performance.now();
      await again.resumeLatest();
      resumes.push(performance.now() - start);
      if (JSON.stringify(again.store.state) !== JSON.stringify(recorded)) {
        throw new Error(`The resumed session is not the one recorded (${again.store.state.itemsProcessed} items, not ${recorded.itemsProcessed}).`);
      }
      await again.dispose();
      await rm(copy, { recursive: true, force: true });
    }
    const resumeMs = percentile(resumes, 50);

    const timelineStart = performance.now();
    const timeline = timelineOf(events);
    const timelineMs = performance.now() - timelineStart;
    const stateAt = timelineStates(timeline);
    const statesBytes = timeline.steps.reduce((sum, _, index) => sum + Buffer.byteLength(JSON.stringify(stateAt(index))), 0);

    return {
      turns,
      events: events.length,
      timeline: { bytes: Buffer.byteLength(JSON.stringify(timeline)), statesBytes, ms: timelineMs },
      recordSeconds,
      size: { bytes, perTurnAt100: at100 / Math.min(100, turns), perTurnAtEnd: bytes / turns, version1Bytes },
      parse: { ms: parseMs },
      check: { ms: checkMs, turnsChecked },
      resume: { ms: resumeMs },
    };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
