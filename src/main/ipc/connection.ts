import { CallIdSchema, type InvokeResult } from '../../shared/ipc/wire';
import type { Logger } from '../log/logger';
import type { InvokeHandlers } from '../core/handlers';
import { dispatchInvoke } from './dispatch';
import { InflightCalls } from './inflight';
import { IpcError } from '../../shared/ipc/errors';

/**
 * One renderer's view of main: runs its invoke requests with cancellation, and aborts what is still
 * running when it goes away. Both transports (Electron window, web socket) wrap one of these.
 */
export class IpcConnection {
  private readonly inflight = new InflightCalls();
  private closed = false;

  constructor(
    private readonly handlers: InvokeHandlers,
    private readonly logger: Logger,
  ) {}

  async invoke(raw: unknown): Promise<InvokeResult> {
    // Only a well-formed id is tracked for cancelling; without one dispatch reports the malformed request.
    const parsedId = CallIdSchema.safeParse((raw as { id?: unknown } | null)?.id);
    const id = parsedId.success ? parsedId.data : undefined;
    if (this.closed) {
      return { id: id ?? '(none)', ok: false, error: { code: 'disconnected', message: 'The connection is closed.' } };
    }
    if (id === undefined) return dispatchInvoke(this.handlers, raw, AbortSignal.abort(), this.logger);
    let signal: AbortSignal;
    try {
      signal = this.inflight.start(id);
    } catch (error) {
      if (error instanceof IpcError) return { id, ok: false, error: error.toPayload() };
      throw error;
    }
    try {
      return await dispatchInvoke(this.handlers, raw, signal, this.logger);
    } finally {
      this.inflight.finish(id);
    }
  }

  cancel(id: string): void {
    this.inflight.cancel(id);
  }

  close(): void {
    this.closed = true;
    this.inflight.cancelAll();
  }
}
