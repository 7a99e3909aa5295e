/**
 * Retries for the LLM effect: 429, 5xx and dropped connections are tried again with exponential backoff
 * (honouring Retry-After), and every retry is announced so the person sees "retrying" instead of a hang.
 * Anything else fails at once as an `LlmFaultError` the coach can explain.
 */
import pRetry from 'p-retry';
import { classifyLlmError, isRetryable, LlmFaultError, type LlmFault } from './llm-faults';
import type { Llm } from './llm';

export interface RetryNotice {
  readonly attempt: number;
  readonly delayMs: number;
  readonly fault: LlmFault;
}

/** What the person reads while a retry waits. */
export function describeRetry({ attempt, delayMs, fault }: RetryNotice): string {
  return `${fault.message} Trying again in ${Math.max(1, Math.round(delayMs / 1000))} s (attempt ${attempt + 1}).`;
}

export interface RetryOptions {
  readonly retries?: number;
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly onRetry?: (notice: RetryNotice) => void;
  /** How to wait the extra time a Retry-After header asks for beyond the backoff. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

export function retryingLlm(inner: Llm, options: RetryOptions = {}): Llm {
  const { retries = 3, minDelayMs = 1000, maxDelayMs = 15_000, onRetry, sleep = defaultSleep } = options;
  return {
    generate(request) {
      return pRetry(
        async () => {
          try {
            return await inner.generate(request);
          } catch (error) {
            throw new LlmFaultError(classifyLlmError(error));
          }
        },
        {
          retries,
          minTimeout: minDelayMs,
          maxTimeout: maxDelayMs,
          randomize: false,
          ...(request.signal ? { signal: request.signal } : {}),
          shouldRetry: ({ error }) => error instanceof LlmFaultError && isRetryable(error.fault),
          onFailedAttempt: async ({ error, attemptNumber, retriesLeft, retryDelay }) => {
            if (!(error instanceof LlmFaultError) || !isRetryable(error.fault) || retriesLeft === 0) return;
            const fault = error.fault;
            const extra = fault.kind === 'rate-limited' && fault.retryAfterMs ? Math.max(0, fault.retryAfterMs - retryDelay) : 0;
            onRetry?.({ attempt: attemptNumber, delayMs: retryDelay + extra, fault });
            if (extra > 0) await sleep(Math.min(extra, maxDelayMs), request.signal);
          },
        },
      );
    },
  };
}
