import {
  AnswerSchema,
  answerFits,
  fallbackAnswer,
  QuestionSchema,
  type Answer,
  type Question,
  type Resolution,
} from '../../shared/questions/schema';
import { IpcError, issuesOf } from '../../shared/ipc/errors';
import { systemTimers, type Timers } from '../effects';

/** A question as the coach asks it; the broker adds the id and the times. */
export type QuestionSpec = Question extends infer Q ? (Q extends Question ? Omit<Q, 'id' | 'askedAt' | 'expiresAt'> : never) : never;

export interface QuestionBrokerDeps {
  now: () => number;
  newId: () => string;
  /** How long a question stays open; five minutes in the app, short in tests. */
  timeoutMs: number;
  timers?: Timers;
  /** Shows the question (or clears it with undefined): main keeps it in the session state. */
  publish: (question: Question | undefined) => void;
  /** Every closed question, with how it closed, for the session log. */
  onClosed?: (question: Question, resolution: Resolution) => void;
}

interface Open {
  question: Question;
  resolve: (resolution: Resolution) => void;
  timer: unknown;
  detach: () => void;
}

/**
 * One question at a time between the coach and the person. Main owns the timeout: when it runs out the
 * question closes with its fallback (skip, the default, nothing), and a late answer is refused cleanly.
 */
export class QuestionBroker {
  private open: Open | undefined;
  private readonly timers: Timers;

  constructor(private readonly deps: QuestionBrokerDeps) {
    this.timers = deps.timers ?? systemTimers;
  }

  get pending(): Question | undefined {
    return this.open?.question;
  }

  ask(spec: QuestionSpec, signal?: AbortSignal): Promise<Resolution> {
    if (this.open) return Promise.reject(new Error('A question is already open; the coach asks one at a time.'));
    return this.show(this.prepare(spec), signal);
  }

  /** The question as it will be shown (its id, and when it was asked and expires), not shown yet. */
  prepare(spec: QuestionSpec): Question {
    const askedAt = this.deps.now();
    return QuestionSchema.parse({ ...spec, id: this.deps.newId(), askedAt, expiresAt: askedAt + this.deps.timeoutMs });
  }

  /**
   * Shows a question that was already asked (a resumed session), with its original id and expiry.
   * A question whose time has passed closes at once with its fallback.
   */
  reopen(question: Question, signal?: AbortSignal): Promise<Resolution> {
    if (this.open) return Promise.reject(new Error('A question is already open; the coach asks one at a time.'));
    return this.show(QuestionSchema.parse(question), signal);
  }

  private show(question: Question, signal?: AbortSignal): Promise<Resolution> {
    return new Promise<Resolution>((resolve) => {
      const onAbort = () => this.close({ answer: fallbackAnswer(question), closedBy: 'cancelled' });
      signal?.addEventListener('abort', onAbort, { once: true });
      const remaining = Math.max(0, question.expiresAt - this.deps.now());
      this.open = {
        question,
        resolve,
        timer: this.timers.set(() => this.close({ answer: fallbackAnswer(question), closedBy: 'timeout' }), remaining),
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      this.deps.publish(question);
      if (signal?.aborted) onAbort();
    });
  }

  /** The person's answer, from the GUI. Anything that does not fit the open question is refused with why. */
  answer(questionId: string, raw: unknown): void {
    const open = this.open;
    if (!open || open.question.id !== questionId) {
      throw new IpcError({ code: 'closed', message: 'That question is no longer open: it was answered or timed out.' });
    }
    const parsed = AnswerSchema.safeParse(raw);
    if (!parsed.success) {
      throw new IpcError({ code: 'invalid-input', message: 'That answer is not valid.', issues: issuesOf(parsed.error) });
    }
    const problem = answerFits(open.question, parsed.data);
    if (problem) throw new IpcError({ code: 'invalid-input', message: problem });
    this.close({ answer: parsed.data, closedBy: 'person' });
  }

  /** Closes whatever is open with its fallback (the session is closing or stopping). */
  cancel(): void {
    const open = this.open;
    if (open) this.close({ answer: fallbackAnswer(open.question), closedBy: 'cancelled' });
  }

  private close(resolution: Resolution): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    this.timers.clear(open.timer);
    open.detach();
    this.deps.publish(undefined);
    this.deps.onClosed?.(open.question, resolution);
    open.resolve(resolution);
  }
}

export type { Answer, Question, Resolution };
