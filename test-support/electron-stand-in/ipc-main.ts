import { EventEmitter } from 'node:events';

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

/**
 * Electron's ipcMain: an EventEmitter for `send`, and one handler per channel for `invoke`. The stand-in's web
 * contents deliver what a page's ipcRenderer sent, with the event Electron builds (sender, senderFrame, ...).
 */
export class IpcMain extends EventEmitter {
  readonly #handlers = new Map<string, InvokeHandler>();

  handle(channel: string, handler: InvokeHandler): void {
    if (this.#handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.#handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.#handlers.delete(channel);
  }

  /** Not Electron's: the channels main answers `invoke` on, for tests that enumerate what main handles. */
  handledChannels(): string[] {
    return [...this.#handlers.keys()];
  }

  /** A page's `ipcRenderer.send`: every listener, in order, as EventEmitter does. */
  receiveSend(event: object, channel: string, args: unknown[]): void {
    this.emit(channel, event, ...args);
  }

  /** A page's `ipcRenderer.invoke`: the handler's value, or Electron's error when there is none. */
  async receiveInvoke(event: object, channel: string, args: unknown[]): Promise<unknown> {
    const handler = this.#handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return await handler(event, ...args);
  }
}
