/**
 * Session replay throughput: a synthetic session of `turns` turns (a card and two model steps per turn, on the
 * real Agent) is recorded to a temporary log, then replayed with `--check` semantics (every request fingerprint
 * and every state snapshot compared), beside the time the same log takes to parse alone, in the same run.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { manualClock, seededRandom } from '../src/main/effects';
import {
  checkReplay,
  parseSessionLog,
  recordingClock,
  recordingLlm,
  recordingQuestions,
  recordingRandom,
  replayEffects,
  SessionLogWriter,
  type LoggedTurn,
} from '../src/main/session-log';
import { scriptedAnswers, scriptedLlm, scriptedSession } from '../src/main/session-log/testing/session';

export interface ReplayReport {
  turns: number;
  events: number;
  logMb: number;
  recordSeconds: number;
  parse: { seconds: number; eventsPerSecond: number };
  replay: { seconds: number; eventsPerSecond: number };
}

const personText = (turn: LoggedTurn) => {
  const message = turn.events.find((event) => event.type === 'person-message');
  return message?.type === 'person-message' ? message.text : '';
};

export async function measureReplay(turns = 1000): Promise<ReplayReport> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-replay-'));
  const file = path.join(dir, 'log.jsonl');
  try {
    const clock = manualClock(Date.UTC(2026, 0, 5, 9));
    const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
    const live = scriptedSession({
      time: recordingClock(clock, writer),
      random: recordingRandom(seededRandom(11), writer),
      llm: recordingLlm(scriptedLlm(), writer),
      question: recordingQuestions(scriptedAnswers(), writer),
    });
    const recordStart = performance.now();
    for (let turn = 1; turn <= turns; turn += 1) {
      await writer.append({ type: 'person-message', text: `turn ${turn}` });
      await live.turn(`turn ${turn}`);
      clock.advance(20_000);
      await writer.append({ type: 'turn-ended', state: live.state.get() });
    }
    await writer.close();
    const recordSeconds = (performance.now() - recordStart) / 1000;
    const text = await readFile(file, 'utf8');

    const parseStart = performance.now();
    const { events } = parseSessionLog(text);
    const parseSeconds = (performance.now() - parseStart) / 1000;

    const replayStart = performance.now();
    const parsed = parseSessionLog(text).events;
    const replay = replayEffects(parsed);
    const replayed = scriptedSession({ time: replay.time, random: replay.random, llm: replay.llm, question: replay.question });
    const result = await checkReplay(parsed, replay, (turn) => replayed.turn(personText(turn)));
    const replaySeconds = (performance.now() - replayStart) / 1000;
    if (result.divergence || result.turnsChecked !== turns) {
      throw new Error(`The benchmark session did not replay cleanly: ${JSON.stringify(result)}`);
    }
    return {
      turns,
      events: events.length,
      logMb: (await stat(file)).size / 1e6,
      recordSeconds,
      parse: { seconds: parseSeconds, eventsPerSecond: events.length / parseSeconds },
      replay: { seconds: replaySeconds, eventsPerSecond: events.length / replaySeconds },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
