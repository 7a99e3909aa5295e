import type { SessionSnapshot } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';
import { Subscribers } from './subscribers';

/**
 * The renderer's copy of main's session: seeded by one `session:get` on every (re)connect, then kept current by
 * `session:changed` pushes. It never asks again on its own: main pushes every change.
 */
export class SessionMirror {
  private snapshot: SessionSnapshot | undefined;
  private loadError: string | undefined;
  private readonly subscribers = new Subscribers();
  private readonly unsubscribers: Array<() => void> = [];

  constructor(private readonly bridge: Bridge) {
    this.unsubscribers.push(bridge.on('session:changed', (next) => this.accept(next)));
    this.unsubscribers.push(
      bridge.onStatus((status) => {
        if (status === 'connected') void this.load();
      }),
    );
    if (bridge.status === 'connected' || bridge.status === 'connecting') void this.load();
  }

  /** Newer revisions win; a different session id (main restarted, or a new session) always wins. */
  accept(next: SessionSnapshot): void {
    const current = this.snapshot;
    if (current && current.state.id === next.state.id && next.rev <= current.rev) return;
    this.snapshot = next;
    this.loadError = undefined;
    this.notify();
  }

  get current(): SessionSnapshot | undefined {
    return this.snapshot;
  }

  get error(): string | undefined {
    return this.loadError;
  }

  readonly subscribe = this.subscribers.subscribe;

  dispose(): void {
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    this.subscribers.clear();
  }

  private async load(): Promise<void> {
    try {
      this.accept(await this.bridge.invoke('session:get'));
    } catch (error) {
      // A dropped connection retries on reconnect; anything else is worth showing.
      if ((error as { code?: string }).code === 'disconnected') return;
      this.loadError = (error as Error).message;
      this.notify();
    }
  }

  private notify(): void {
    this.subscribers.notify();
  }
}
