/**
 * Web mode killed with SIGKILL at random moments of a conversational session with photos: the process that holds
 * the data folder dies (and is checked gone), a new one resumes the session, and nothing the person was told was
 * kept is lost. At the end the log replays with --check.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import { pileCounts as sharedPileCounts } from '../../shared/session/pile-groups';
import type { SessionSnapshot, SessionState } from '../../shared/session/schema';
import { seededRandom } from '../effects';
import { checkSession } from '../replay/check';
import { readSessionLog } from '../session-log';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR } from '../../../test-support/fixtures';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../../../test-support/scripted-model';
import { connect, startWeb, uploadPhoto, type RunningWebChild, type WebClient } from '../../../test-support/web-child';
import { tempFolder } from '../../../test-support/temp-folder';

const RULES = path.resolve(import.meta.dirname, '../coach/scenarios/rules.json');
const KILLS = 10;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function answerFor(question: Question, pick: number): Answer {
  if (question.kind === 'choice') return { kind: 'choice', selected: [question.choices[0]!.label] };
  if (question.kind === 'disposition') return { kind: 'disposition', pick: { type: 'choice', index: pick % question.choices.length } };
  if (question.kind === 'confirm') return { kind: 'confirm', yes: false };
  return { kind: 'text', text: 'a mug' };
}

/** What the person was told is kept: messages and photos the app acknowledged, and the answers they saw recorded. */
interface Kept {
  readonly messages: Set<string>;
  readonly photos: Set<string>;
  /** How many of each kind of answer ("mug: trash") the person has seen recorded at most. */
  readonly answers: Map<string, number>;
}

/**
 * The answers recorded, by what they say, counted. A thing decided again moves between piles, so what only grows is
 * the record of answers; an answer is named anew when the turn that made it is played again after a crash (its id is
 * a random draw the crash may not have let reach the disk), so answers are compared by content.
 */
function answerCounts(state: SessionState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const decision of state.decisions) {
    const key = `${decision.item}: ${decision.outcome}${decision.location ? ` to ${decision.location}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function expectKept(state: SessionState, kept: Kept): void {
  const messages = new Set([...state.messages, ...state.queued].map((message) => message.id));
  expect([...kept.messages].filter((id) => !messages.has(id))).toEqual([]);
  const photos = new Set(state.photos.map((photo) => photo.id));
  expect([...kept.photos].filter((id) => !photos.has(id))).toEqual([]);
  const answers = answerCounts(state);
  expect([...kept.answers].filter(([key, count]) => (answers.get(key) ?? 0) < count)).toEqual([]);
  // And the piles follow them: every thing in one pile, as many things as the counts say.
  const things = [...state.piles.belongs, ...state.piles.out, ...state.piles.unsure].map((entry) => entry.thing);
  expect(new Set(things).size).toBe(things.length);
  expect(sharedPileCounts(state).decided).toBe(state.itemsProcessed);
}

/** Whether the session's log, as it is on disk now, ends inside a turn (one started after the last that ended). */
async function turnInFlightOnDisk(dataDir: string): Promise<boolean> {
  const sessions = await readdir(path.join(dataDir, 'sessions')).catch(() => [] as string[]);
  if (sessions.length === 0) return false;
  const lines = (await readFile(path.join(dataDir, 'sessions', sessions[0]!, 'log.jsonl'), 'utf8')).split('\n').filter(Boolean);
  const types = lines.flatMap((line) => {
    try {
      return [(JSON.parse(line) as { type: string }).type];
    } catch {
      return [];
    }
  });
  return types.lastIndexOf('turn-started') > types.lastIndexOf('turn-ended');
}

async function started(dataDir: string, model: ScriptedModel): Promise<{ web: RunningWebChild; client: WebClient }> {
  const web = await startWeb(dataDir, { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'test', TIDY_MODEL: 'scripted' });
  cleanups.push(async () => void (await web.stop()));
  const client = await connect(web.url);
  cleanups.push(() => client.close());
  return { web, client };
}

describe('a conversational session with photos, killed at random moments', () => {
  it('loses nothing acknowledged or shown, brings an open card back as it was, and replays with --check', { timeout: 300_000 }, async () => {
    // A model that takes a moment to answer, so kills land in the middle of turns too.
    const rules = await loadScenarioFile(RULES);
    const model = await startScriptedModel({ scenario: { ...rules, steps: rules.steps.map((step) => ({ ...step, respond: { ...step.respond, delayMs: 25 } })) } });
    cleanups.push(() => model.close());
    const dataDir = await tempFolder('tidy-kill-');
    const random = seededRandom(20261123);
    const kept: Kept = { messages: new Set(), photos: new Set(), answers: new Map() };
    let photoCount = 0;
    let lastOpen: Question | undefined;
    /** Cards an answer was sent for: it may or may not have reached the disk when the process died. */
    const answered = new Set<string>();

    for (let kill = 0; kill <= KILLS; kill += 1) {
      const { web, client } = await started(dataDir, model);
      const resumed = (await client.invoke('session:get')).output as SessionSnapshot;
      expectKept(resumed.state, kept);
      // A card that was on screen and not answered comes back as it was shown.
      if (lastOpen) expect(resumed.state.pendingQuestion?.id).toBe(lastOpen.id);
      if (kill === KILLS) break;

      // The person acts; the process dies somewhere in the middle of it.
      const deadline = Date.now() + 50 + Math.floor(random.float() * 400);
      const acting = (async () => {
        while (Date.now() < deadline) {
          const state = client.pushed().at(-1)?.state ?? resumed.state;
          const roll = random.float();
          if (state.pendingQuestion && roll < 0.6) {
            answered.add(state.pendingQuestion.id);
            const result = await client.invoke('question:answer', { questionId: state.pendingQuestion.id, answer: answerFor(state.pendingQuestion, kill) });
            if (!result.ok) continue;
          } else if (roll < 0.75) {
            const count = 1 + Math.floor(random.float() * 3);
            const uploads = [];
            for (let index = 0; index < count; index += 1) {
              photoCount += 1;
              const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (photoCount * 40) % 256, g: 90, b: 120 } } }).jpeg().toBuffer();
              uploads.push(await uploadPhoto(web.url, `photo-${photoCount}.jpg`, bytes));
            }
            const result = await client.invoke('photos:import', { uploads, paths: [] });
            if (result.ok) for (const photo of (result.output as { imported: { id: string }[] }).imported) kept.photos.add(photo.id);
          } else {
            const result = await client.invoke('chat:send', { text: random.float() < 0.5 ? 'next' : 'a mug' });
            if (result.ok) kept.messages.add((result.output as { messageId: string }).messageId);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.floor(random.float() * 40)));
        }
      })().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, deadline - Date.now()));
      // The last kill lands in a turn for certain, however the machine's load moved the random ones: once the log on
      // disk holds a turn that has not ended (a card up, or the model thinking).
      if (kill === KILLS - 1) {
        await acting;
        await expect.poll(async () => {
          if (await turnInFlightOnDisk(dataDir)) return true;
          const state = client.pushed().at(-1)?.state;
          if (!state?.pendingQuestion) await client.invoke('chat:send', { text: 'a mug' }).then((result) => result.ok && kept.messages.add((result.output as { messageId: string }).messageId));
          return false;
        }, { timeout: 30_000, interval: 5 }).toBe(true);
      }
      // What the person saw before the kill: piles, and the card on screen.
      const seen = client.pushed().at(-1)?.state;
      if (seen) for (const [key, count] of answerCounts(seen)) kept.answers.set(key, Math.max(count, kept.answers.get(key) ?? 0));
      expect(await web.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      await acting;
      lastOpen = seen?.pendingQuestion && !answered.has(seen.pendingQuestion.id) ? seen.pendingQuestion : undefined;
    }

    // A clean stop, then the whole log plays again with no model.
    const last = (await readdir(path.join(dataDir, 'sessions')))[0]!;
    await cleanups.splice(0).reverse().reduce((done, cleanup) => done.then(() => cleanup()), Promise.resolve());
    const folder = path.join(dataDir, 'sessions', last);
    const { events } = await readSessionLog(path.join(folder, 'log.jsonl'));
    const resumes = events.filter((event) => event.type === 'session-resumed');
    expect(resumes.length).toBeGreaterThanOrEqual(KILLS);
    // Some kills landed in the middle of a turn, whose lines the resumed session then played and went on from.
    const midTurn = resumes.filter((marker) => events.some((event) => event.type === 'turn-started' && event.seq > marker.from && event.seq < marker.seq));
    expect(midTurn.length).toBeGreaterThan(0);
    expect(kept.answers.size).toBeGreaterThan(0);
    expect(kept.photos.size).toBeGreaterThan(0);
    const check = await checkSession(events, { templates: createTemplateRenderer(TEMPLATES_DIR), photosDir: path.join(folder, 'photos') });
    expect(check.divergence, check.divergence?.message).toBeUndefined();
  });
});
