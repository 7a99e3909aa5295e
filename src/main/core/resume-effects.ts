/**
 * Effects for a session coming back: first served from its log, then live. Rebuilding replays the finished turns
 * with no model calls; the turn that was in flight when the app stopped is played again from what the log holds
 * (so an answered question is never asked twice) and continues live from where the log ends.
 */
import type { Question, Resolution } from '../../shared/questions/schema';
import type { Clock, Llm, QuestionUi, Random } from '../effects';
import type { QuestionSpec } from '../questions';
import { ReplayDivergenceError, type ReplayEffects } from '../session-log';
import type { RuntimeEffects } from './session-runtime';

/** Effects whose implementation can be swapped: the coach keeps the same objects while the source changes. */
export function switchableEffects(initial: RuntimeEffects, hasModel: boolean): { effects: RuntimeEffects; use(next: RuntimeEffects): void } {
  let current = initial;
  const llm: Llm = {
    generate: (request) => {
      if (!current.llm) return Promise.reject(new Error('This session has no model.'));
      return current.llm.generate(request);
    },
  };
  return {
    effects: {
      time: { now: () => current.time.now(), monotonic: () => current.time.monotonic() },
      random: { float: () => current.random.float(), id: () => current.random.id() },
      llm: hasModel ? llm : undefined,
      questions: { ask: (spec, signal) => current.questions.ask(spec, signal) },
    },
    use(next) {
      current = next;
    },
  };
}

/**
 * Serves each read from the log while the log has it, then from `live`. The first read the log cannot serve (its
 * end, or a request the log does not hold) switches every effect to live for good: from there on nothing recorded
 * applies. A question the log shows as still open comes back as it was shown, with its original expiry.
 */
export function replayThenLive(
  replay: ReplayEffects,
  live: RuntimeEffects,
  options: { openQuestion?: Question; reopen: (question: Question, signal?: AbortSignal) => Promise<Resolution> },
): RuntimeEffects {
  let replaying = true;
  let reopened = false;
  function serve<T>(recorded: () => T, fallback: () => T): T {
    if (replaying) {
      try {
        return recorded();
      } catch (error) {
        if (!(error instanceof ReplayDivergenceError)) throw error;
        replaying = false;
      }
    }
    return fallback();
  }
  const time: Clock = {
    now: () => serve(replay.time.now, live.time.now),
    monotonic: () => serve(replay.time.monotonic, live.time.monotonic),
  };
  const random: Random = {
    float: () => serve(replay.random.float, live.random.float),
    id: () => serve(replay.random.id, live.random.id),
  };
  const liveLlm = live.llm;
  const questions: QuestionUi<QuestionSpec, Resolution> = {
    ask: (spec, signal) =>
      serve(
        () => replay.question.ask(spec, signal),
        () => {
          if (options.openQuestion && !reopened) {
            reopened = true;
            return options.reopen(options.openQuestion, signal);
          }
          return live.questions.ask(spec, signal);
        },
      ),
  };
  return {
    time,
    random,
    llm: liveLlm ? { generate: (request) => serve(() => replay.llm.generate(request), () => liveLlm.generate(request)) } : undefined,
    questions,
  };
}
