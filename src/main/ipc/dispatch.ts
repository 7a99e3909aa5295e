import { contract, isInvokeChannel } from '../../shared/ipc/contract';
import { IpcError, issuesOf, type IpcErrorPayload } from '../../shared/ipc/errors';
import { InvokeRequestSchema, type InvokeResult } from '../../shared/ipc/wire';
import type { InvokeHandler, InvokeHandlers } from '../core/handlers';
import type { Logger } from '../log/logger';

const UNKNOWN_ID = '(none)';

function failure(id: string, error: IpcErrorPayload): InvokeResult {
  return { id, ok: false, error };
}

/**
 * Validates one request against the contract, runs its handler and validates what it returns.
 * Never throws: every failure becomes a typed error result, so a bad payload cannot crash main.
 */
export async function dispatchInvoke(
  handlers: InvokeHandlers,
  raw: unknown,
  signal: AbortSignal,
  logger: Logger,
): Promise<InvokeResult> {
  const request = InvokeRequestSchema.safeParse(raw);
  if (!request.success) {
    const id = typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : UNKNOWN_ID;
    return failure(id.slice(0, 64) || UNKNOWN_ID, {
      code: 'invalid-message',
      message: 'The request is not a well-formed invoke message.',
      issues: issuesOf(request.error),
    });
  }
  const { id, channel } = request.data;
  if (!isInvokeChannel(channel)) {
    return failure(id, { code: 'unknown-channel', message: `There is no channel named "${channel}".` });
  }
  // Before the input: a channel the contract names but main does not serve is main's fault, whatever was sent (and
  // a probe with a wrong input learns that every channel is served).
  const handler = Object.hasOwn(handlers, channel) ? (handlers[channel] as InvokeHandler<typeof channel> | undefined) : undefined;
  if (typeof handler !== 'function') {
    logger.error(`No handler for "${channel}"`);
    return failure(id, { code: 'internal', message: `Tidying could not complete "${channel}". The details are in the log.` });
  }
  const input = contract.invoke[channel].input.safeParse(request.data.input);
  if (!input.success) {
    const issues = issuesOf(input.error);
    // The first reason, in the contract's own words ("A message can be at most 4,000 characters."), is what a person
    // reads; all of them travel in `issues`.
    return failure(id, { code: 'invalid-input', message: `The input for "${channel}" is not valid: ${issues[0]!.message}`, issues });
  }
  if (signal.aborted) return failure(id, { code: 'aborted', message: 'The call was cancelled.' });

  let output: unknown;
  try {
    output = await handler(input.data as never, { signal });
  } catch (error) {
    if (signal.aborted) return failure(id, { code: 'aborted', message: 'The call was cancelled.' });
    if (error instanceof IpcError) return failure(id, error.toPayload());
    logger.error(`Handler for "${channel}" failed`, { error });
    return failure(id, {
      code: 'internal',
      message: `Tidying could not complete "${channel}". The details are in the log.`,
    });
  }
  if (signal.aborted) return failure(id, { code: 'aborted', message: 'The call was cancelled.' });

  const checked = contract.invoke[channel].output.safeParse(output);
  if (!checked.success) {
    logger.error(`Handler for "${channel}" returned output that breaks the contract`, {
      issues: issuesOf(checked.error),
    });
    return failure(id, {
      code: 'internal',
      message: `Tidying produced an invalid answer for "${channel}". The details are in the log.`,
    });
  }
  return { id, ok: true, output: checked.data };
}
