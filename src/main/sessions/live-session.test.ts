import { asResumed } from '../../../test-support/sprints';
import { createOpenAI } from '@ai-sdk/openai';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { aiSdkLlm } from '../effects';
import { checkSession } from '../replay/check';
import { readSessionLog, readSessionLogTail } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR, testCore } from '../../../test-support/fixtures';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { CHECKPOINTS } from './live-session';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
const RULES = path.resolve(import.meta.dirname, '../coach/scenarios/rules.json');
let server: ScriptedModel | undefined;
const cores: AppCore[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  await server?.close();
  server = undefined;
});

async function sortingCore(dataDir: string, checkpoints = { minBytes: 8 * 1024, growth: 2 }): Promise<AppCore> {
  server ??= await startScriptedModel({ scenario: await loadScenarioFile(RULES) });
  const core = testCore({
    dataDir,
    llm: aiSdkLlm(createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted')),
    model: { model: 'scripted', baseUrl: server.baseURL, vision: true, tools: true },
    checkpoints,
  });
  cores.push(core);
  let cards = 0;
  core.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const question = (event.payload as SessionSnapshot).state.pendingQuestion;
    if (!question) return;
    const answer = question.kind === 'choice' ? { kind: 'choice' as const, selected: ['Work'] } : { kind: 'disposition' as const, pick: { type: 'choice' as const, index: cards++ % 2 } };
    queueMicrotask(() => void (async () => core.handlers['question:answer']({ questionId: question.id, answer }, { signal }))().catch(() => {}));
  });
  return core;
}

describe('checkpoints', () => {
  it('are written as the log grows, each after at least growth times its predecessor of new lines, and a resume reads from the last one', async () => {
    const dataDir = await tempFolder('tidy-checkpoints-');
    const core = await sortingCore(dataDir);
    for (let turn = 1; turn <= 40; turn += 1) {
      await core.handlers['chat:send']({ text: `turn ${turn}` }, { signal });
      await core.idle();
    }
    const live = core.store.state;
    const log = core.sessionPaths!.log;
    await core.dispose();
    cores.splice(0);

    const { events } = await readSessionLog(log);
    const ends = events.filter((event) => event.type === 'turn-ended');
    const checkpoints = ends.filter((event) => event.checkpoint);
    // The opening, then a few more as the log grew: most turns log only what they changed.
    expect(checkpoints.length).toBeGreaterThan(2);
    expect(checkpoints.length).toBeLessThan(ends.length / 4);
    // Between two checkpoints the log grew by at least the policy's bytes and growth times the first one.
    const lineBytes = (event: (typeof events)[number]) => Buffer.byteLength(`${JSON.stringify(event)}\n`);
    for (let index = 1; index < checkpoints.length; index += 1) {
      const previous = checkpoints[index - 1]!;
      const between = events.filter((event) => event.seq > previous.seq && event.seq < checkpoints[index]!.seq).reduce((sum, event) => sum + lineBytes(event), 0);
      expect(between).toBeGreaterThanOrEqual(Math.max(8 * 1024, 2 * lineBytes(previous)));
    }

    // A resume reads only the lines from the last checkpoint on, and comes back with the session as it was.
    const tail = await readSessionLogTail(log);
    expect(tail.events[0]).toEqual(checkpoints.at(-1));
    expect(tail.checkpoint.end - tail.checkpoint.start).toBe(Buffer.byteLength(`${JSON.stringify(checkpoints.at(-1))}\n`));
    const again = await sortingCore(dataDir);
    await again.resumeLatest();
    expect(again.store.state).toEqual(asResumed(live));
    await again.dispose();
    cores.splice(0);

    // And the whole log, checkpoints and all, replays.
    const check = await checkSession((await readSessionLog(log)).events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.dirname(log) });
    expect(check.divergence).toBeUndefined();
    expect(check.turnsChecked).toBe(40);
  });

  it('cost a bounded share of the log: the app default writes one only after 256 KiB and eight times the last one', async () => {
    expect(CHECKPOINTS).toEqual({ minBytes: 256 * 1024, growth: 8 });
    const dataDir = await tempFolder('tidy-checkpoints-default-');
    const core = await sortingCore(dataDir, CHECKPOINTS);
    for (let turn = 1; turn <= 10; turn += 1) {
      await core.handlers['chat:send']({ text: `turn ${turn}` }, { signal });
      await core.idle();
    }
    const log = core.sessionPaths!.log;
    const { events } = await readSessionLog(log);
    // Ten turns are far below 256 KiB: only the opening is whole.
    expect(events.filter((event) => event.type === 'turn-ended' && event.checkpoint)).toHaveLength(1);
    expect((await stat(log)).size).toBeLessThan(CHECKPOINTS.minBytes);
  });
});
