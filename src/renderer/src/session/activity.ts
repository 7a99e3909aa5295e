import type { CoachActivity } from '../../../shared/coach/activity';
import type { ChatMessage } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';
import { Subscribers } from './subscribers';

const IDLE: CoachActivity = { status: 'idle' };

/**
 * What the coach is doing right now, from `coach:activity` pushes. Like the session mirror it lives outside React,
 * so StrictMode's double effects cannot subscribe twice. Each push replaces the last: an error stays until the next one.
 */
export class CoachActivityStore {
  private activity: CoachActivity = IDLE;
  private readonly subscribers = new Subscribers();
  private readonly unsubscribers: Array<() => void> = [];

  constructor(bridge: Bridge) {
    this.unsubscribers.push(bridge.on('coach:activity', (next) => this.set(next)));
    // Pushes sent while the link was down are lost, so a stale "thinking" must not spin forever.
    this.unsubscribers.push(
      bridge.onStatus((status) => {
        if (status === 'disconnected') this.set(IDLE);
        if (status === 'connected') void this.load(bridge);
      }),
    );
    if (bridge.status === 'connected' || bridge.status === 'connecting') void this.load(bridge);
  }

  /** A page that connects mid-reply asks once what the coach is doing; pushes keep it current from then on. */
  private async load(bridge: Bridge): Promise<void> {
    try {
      this.set(await bridge.invoke('coach:status'));
    } catch {
      // Disconnected again: the next connect asks again.
    }
  }

  get current(): CoachActivity {
    return this.activity;
  }

  readonly subscribe = this.subscribers.subscribe;

  dispose(): void {
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    this.subscribers.clear();
  }

  private set(next: CoachActivity): void {
    this.activity = next;
    this.subscribers.notify();
  }
}

/**
 * The streamed reply to show as a provisional bubble. The finished message and the "idle" push arrive separately,
 * so for a moment both exist; the draft steps aside as soon as the real message is there.
 */
export function visibleDraft(activity: CoachActivity, messages: readonly ChatMessage[]): string | undefined {
  if (activity.status !== 'thinking' || !activity.draft) return undefined;
  const last = messages.at(-1);
  if (last?.role === 'coach' && last.text.startsWith(activity.draft)) return undefined;
  return activity.draft;
}
