import { createOpenAI } from '@ai-sdk/openai';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { SCENARIOS_DIR, TEMPLATES_DIR } from '../../../test-support/coach';
import { aiSdkLlm, manualClock, memoryLog, seededRandom, type StateStore } from '../effects';
import { newSessionState } from '../session';
import { createTemplateRenderer } from '../templates';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { hasImages } from '../../../test-support/scripted-model/request';
import { SessionStore } from '../sessions/session-store';
import { SessionRuntime } from './session-runtime';

let server: ScriptedModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('SessionRuntime', () => {
  it('reads a new photo from disk once per turn, though the vision call and every model step of the turn send it', async () => {
    server = await startScriptedModel({ scenario: await loadScenarioFile(path.join(SCENARIOS_DIR, 'photos-first.json')) });
    const llm = aiSdkLlm(createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted'));
    const clock = manualClock(Date.UTC(2026, 10, 22, 10));
    const photo = { id: 'a'.repeat(64), fileName: 'desk.jpg', width: 640, height: 480 };
    const store = new SessionStore({ ...newSessionState('s', clock.now()), photos: [photo] });
    const state: StateStore<SessionState> = { get: () => store.state, set: (next) => void store.replace(next) };
    const reads: string[] = [];
    const runtime = new SessionRuntime({
      state,
      effects: {
        time: clock,
        random: seededRandom(3),
        llm,
        questions: { ask: async (): Promise<Resolution> => ({ answer: { kind: 'choice', selected: ['Work'] }, closedBy: 'person' }) },
      },
      coachKind: 'conversational',
      capabilities: { vision: true, tools: true },
      templates: createTemplateRenderer(TEMPLATES_DIR),
      log: memoryLog(),
      photoBytes: (id) => {
        reads.push(id);
        return new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
      },
      pointBytes: () => undefined,
      onActivity: () => {},
    });

    await runtime.runTurn({ messageIds: [], photoIds: [photo.id] }, new AbortController().signal);

    expect(store.state.spaceFunction).toBe('work');
    // The vision call, the step that asks, and the step after the answer all carry the image.
    expect(server.requests.filter((request) => hasImages(request.body))).toHaveLength(3);
    expect(reads).toEqual([photo.id]);
    expect(server.mismatches).toEqual([]);
  });
});
