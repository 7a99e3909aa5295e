/** Test support: an earlier session in a data folder that leaves things for next time, made through the app core. */
import type { Answer, Question } from '../src/shared/questions/schema';
import type { SessionSnapshot } from '../src/shared/session/schema';
import type { AppCore } from '../src/main/core/app-core';
import { seededRandom } from '../src/main/effects';
import { testCore } from './fixtures';

const signal = new AbortController().signal;

/** Answers every card the core shows with `answer` (undefined leaves it up); returns the cards in order. */
export function answering(app: AppCore, answer: (question: Question) => Answer | undefined): Question[] {
  const asked: Question[] = [];
  app.onPush((event) => {
    if (event.channel !== 'session:changed') return;
    const question = (event.payload as SessionSnapshot).state.pendingQuestion;
    if (!question || asked.some((seen) => seen.id === question.id)) return;
    asked.push(question);
    const given = answer(question);
    if (given) queueMicrotask(() => void Promise.resolve().then(() => app.handlers['question:answer']({ questionId: question.id, answer: given }, { signal })).catch(() => {}));
  });
  return asked;
}

/** An app run on `dataDir` with ids of its own (`<run>-1`, ...), as a real run's would be. */
export function coreRun(dataDir: string, run: string, overrides: Parameters<typeof testCore>[0] = {}): AppCore {
  const random = seededRandom(2);
  let ids = 0;
  return testCore({ dataDir, random: { float: random.float, id: () => `${run}-${++ids}` }, ...overrides });
}

/**
 * A guided session with no model: Work, desk and lamp stay, `unsure` named and each left "Not sure yet", then stopped.
 * Returns its id; the core is closed.
 */
export async function sessionLeavingUnsure(dataDir: string, unsure: readonly string[], run = 'earlier'): Promise<string> {
  const app = coreRun(dataDir, run);
  try {
    const named = [...unsure];
    answering(app, (question) => {
      if (question.kind === 'choice' && question.purpose === 'function') return { kind: 'choice', selected: ['Work'] };
      if (question.kind === 'text') return { kind: 'text', text: 'desk, lamp' };
      if (question.kind === 'choice') return named.length ? { kind: 'choice', selected: [], other: named.shift()! } : { kind: 'stop' };
      if (question.kind === 'disposition') return { kind: 'disposition', pick: { type: 'unsure' } };
      return undefined;
    });
    await app.handlers['chat:send']({ text: 'hi' }, { signal });
    await app.idle();
    return app.store.state.id;
  } finally {
    await app.dispose();
  }
}
