import { IpcError } from '../../shared/ipc/errors';

/**
 * The calls one connection (a window or a socket) has running, so a cancel message or a closed connection
 * can abort them. Ids are chosen by the caller and only need to be unique per connection.
 */
export class InflightCalls {
  private readonly controllers = new Map<string, AbortController>();

  start(id: string): AbortSignal {
    if (this.controllers.has(id)) {
      throw new IpcError({ code: 'invalid-message', message: `A call with id "${id}" is already running.` });
    }
    const controller = new AbortController();
    this.controllers.set(id, controller);
    return controller.signal;
  }

  cancel(id: string): void {
    this.controllers.get(id)?.abort();
  }

  finish(id: string): void {
    this.controllers.delete(id);
  }

  cancelAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
  }
}
