/**
 * What serves the contract's invoke channels: one handler a channel, given the parsed input. The core builds this
 * table; the adapters (web socket, Electron IPC) validate each call against the contract and dispatch into it.
 */
import type { InvokeChannel, InvokeOutput, InvokeParsedInput } from '../../shared/ipc/contract';

export interface CallContext {
  /** Aborted when the caller cancels or its transport closes. */
  signal: AbortSignal;
}

export type InvokeHandler<C extends InvokeChannel> = (
  input: InvokeParsedInput<C>,
  context: CallContext,
) => Promise<InvokeOutput<C>> | InvokeOutput<C>;

export type InvokeHandlers = { [C in InvokeChannel]: InvokeHandler<C> };
