/**
 * Recording interpreters: each wraps a live effect, hands its result back unchanged and appends it to the
 * session log, so replay can serve the same results in the same order without a clock, a random source, a
 * model or a person.
 *
 * Model calls are recorded by wrapping the `Llm` effect rather than with AI SDK language-model middleware:
 * the effect is already one step as plain data (request in, response out, tools run outside it), which is
 * exactly what replay has to serve back, while middleware sits below it and sees provider-level prompts and
 * stream parts that replay would have to turn back into an `LlmResponse` through the SDK again.
 */
import type { Clock, Llm, QuestionUi, Random } from '../effects';
import { classifyLlmError } from '../effects';
import { QuestionSchema, type Question, type Resolution } from '../../shared/questions/schema';
import { asLlmResponse, type LoggedLlmResponse } from './events';
import { requestFingerprint } from './fingerprint';
import type { SessionLogWriter } from './writer';

type Writer = Pick<SessionLogWriter, 'append'>;

export function recordingClock(live: Clock, writer: Writer): Clock {
  return {
    now: () => {
      const value = live.now();
      void writer.append({ type: 'clock', source: 'now', value });
      return value;
    },
    monotonic: () => {
      const value = live.monotonic();
      void writer.append({ type: 'clock', source: 'monotonic', value });
      return value;
    },
  };
}

export function recordingRandom(live: Random, writer: Writer): Random {
  return {
    float: () => {
      const value = live.float();
      void writer.append({ type: 'random', draw: { kind: 'float', value } });
      return value;
    },
    id: () => {
      const value = live.id();
      void writer.append({ type: 'random', draw: { kind: 'id', value } });
      return value;
    },
  };
}

/**
 * Logs each request's fingerprint, then the response (or the fault). The request line is awaited before the
 * model is called: lines are written in order, so every durable line appended earlier (the person's message,
 * an answer) is on disk before the network is touched.
 */
export function recordingLlm(live: Llm, writer: Writer): Llm {
  return {
    async generate(request) {
      await writer.append({ type: 'model-request', ...requestFingerprint(request) });
      let response: LoggedLlmResponse;
      try {
        // The caller gets the response as the log holds it (plain JSON), so live and replay see the same data.
        response = JSON.parse(JSON.stringify(await live.generate(request))) as LoggedLlmResponse;
      } catch (error) {
        await writer.append({ type: 'model-error', fault: classifyLlmError(error) });
        throw error;
      }
      await writer.append({ type: 'model-response', response });
      return asLlmResponse(response);
    },
  };
}

export interface RecordingQuestionOptions {
  /**
   * The question as shown, with its id and expiry, read right after asking (the broker's `pending`). Without
   * it, what was asked is logged as the question when it is a complete `Question`.
   */
  readonly shownQuestion?: () => Question | undefined;
}

/** Logs each question as asked and how it closed; the answer is on disk before the coach sees it. */
export function recordingQuestions<Q, A extends Resolution>(
  live: QuestionUi<Q, A>,
  writer: Writer,
  options: RecordingQuestionOptions = {},
): QuestionUi<Q, A> {
  return {
    async ask(spec, signal) {
      const answered = live.ask(spec, signal);
      const question = options.shownQuestion?.() ?? QuestionSchema.safeParse(spec).data;
      await writer.append({ type: 'question-asked', spec, ...(question ? { question } : {}) });
      let resolution: A;
      try {
        resolution = await answered;
      } catch (error) {
        await writer.append({ type: 'error', effect: 'question', message: error instanceof Error ? error.message : String(error) });
        throw error;
      }
      await writer.append({ type: 'question-closed', ...(question ? { questionId: question.id } : {}), resolution });
      return resolution;
    },
  };
}


