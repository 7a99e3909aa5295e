import { describe, expect, it } from 'vitest';
import type { CoachActivity } from '../../../shared/coach/activity';
import type { ChatMessage } from '../../../shared/session/schema';
import type { Bridge, ConnectionStatus } from '../bridge';
import { CoachActivityStore, visibleDraft } from './activity';

function fakeBridge() {
  let push: (payload: CoachActivity) => void = () => {};
  let status: (status: ConnectionStatus) => void = () => {};
  let subscriptions = 0;
  const bridge = {
    status: 'connected',
    on: (channel: string, listener: (payload: CoachActivity) => void) => {
      if (channel === 'coach:activity') {
        subscriptions++;
        push = listener;
      }
      return () => subscriptions--;
    },
    onStatus: (listener: (next: ConnectionStatus) => void) => {
      status = listener;
      return () => {};
    },
  } as unknown as Bridge;
  return { bridge, push: (a: CoachActivity) => push(a), status: (s: ConnectionStatus) => status(s), subscriptions: () => subscriptions };
}

describe('the coach activity store', () => {
  it('starts idle and follows every push, the newest winning', () => {
    const fake = fakeBridge();
    const store = new CoachActivityStore(fake.bridge);
    let notified = 0;
    store.subscribe(() => notified++);
    expect(store.current).toEqual({ status: 'idle' });
    fake.push({ status: 'thinking' });
    fake.push({ status: 'thinking', draft: 'Envelope' });
    expect(store.current).toEqual({ status: 'thinking', draft: 'Envelope' });
    fake.push({ status: 'error', notice: 'The model is busy.' });
    expect(store.current).toEqual({ status: 'error', notice: 'The model is busy.' });
    expect(notified).toBe(3);
  });

  it('goes idle when the link drops, since pushes meanwhile are lost', () => {
    const fake = fakeBridge();
    const store = new CoachActivityStore(fake.bridge);
    fake.push({ status: 'thinking' });
    fake.status('disconnected');
    expect(store.current).toEqual({ status: 'idle' });
  });

  it('subscribes once and lets go on dispose', () => {
    const fake = fakeBridge();
    const store = new CoachActivityStore(fake.bridge);
    expect(fake.subscriptions()).toBe(1);
    store.dispose();
    expect(fake.subscriptions()).toBe(0);
  });
});

describe('the draft bubble', () => {
  const coach = (text: string): ChatMessage => ({ id: 'm', role: 'coach', text, at: 0 });
  const person = (text: string): ChatMessage => ({ id: 'p', role: 'person', text, at: 0 });

  it('shows the streamed text while thinking', () => {
    expect(visibleDraft({ status: 'thinking', draft: 'Envelope: rec' }, [person('hi')])).toBe('Envelope: rec');
  });

  it('shows nothing without a draft or when not thinking', () => {
    expect(visibleDraft({ status: 'thinking' }, [])).toBeUndefined();
    expect(visibleDraft({ status: 'idle' }, [])).toBeUndefined();
  });

  it('steps aside once the finished message is in', () => {
    expect(visibleDraft({ status: 'thinking', draft: 'Envelope: rec' }, [coach('Envelope: recycle. Next.')])).toBeUndefined();
  });
});

describe('joining mid-reply', () => {
  it('asks main what the coach is doing when it connects', async () => {
    const fake = fakeBridge();
    const asked: string[] = [];
    const bridge = Object.assign(fake.bridge, {
      invoke: async (channel: string) => {
        asked.push(channel);
        return { status: 'thinking', draft: 'Mug: kit' } satisfies CoachActivity;
      },
    });
    const store = new CoachActivityStore(bridge);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['coach:status']);
    expect(store.current).toEqual({ status: 'thinking', draft: 'Mug: kit' });
  });
});
