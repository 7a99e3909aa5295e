import { describe, expect, it } from 'vitest';
import type { ClockReading } from '../../../shared/ipc/contract';
import type { Bridge, ConnectionStatus } from '../bridge';
import { AppClock } from './app-clock';

const MAIN = Date.UTC(2026, 8, 1, 9);
const PAGE = Date.UTC(2026, 10, 25, 14);

/** A bridge whose `clock:get` answers when the test says, and whose pushes and status the test makes. */
function fakeBridge(status: ConnectionStatus = 'connected') {
  let push: (reading: ClockReading) => void = () => {};
  let onStatus: (status: ConnectionStatus) => void = () => {};
  const asked: Array<(reading: ClockReading) => void> = [];
  let subscriptions = 0;
  const bridge = {
    status,
    invoke: (channel: string) => {
      if (channel !== 'clock:get') throw new Error(`unexpected ${channel}`);
      return new Promise<ClockReading>((resolve) => asked.push(resolve));
    },
    on: (channel: string, listener: (reading: ClockReading) => void) => {
      if (channel === 'clock:changed') {
        subscriptions++;
        push = listener;
      }
      return () => subscriptions--;
    },
    onStatus: (listener: (next: ConnectionStatus) => void) => {
      onStatus = listener;
      return () => {};
    },
  } as unknown as Bridge;
  return {
    bridge,
    /** Main answers the oldest `clock:get` not answered yet. */
    answer: async (reading: ClockReading) => {
      asked.shift()!(reading);
      await Promise.resolve();
    },
    asked: () => asked.length,
    push: (reading: ClockReading) => push(reading),
    status: (next: ConnectionStatus) => onStatus(next),
    subscriptions: () => subscriptions,
  };
}

/** This page's own clock, moved by hand. */
function pageClock() {
  let now = PAGE;
  return { now: () => now, pass: (ms: number) => void (now += ms) };
}

describe("the page's app clock", () => {
  it("reads the page's own clock until main has answered, then main's, running on with the page's", async () => {
    const fake = fakeBridge();
    const page = pageClock();
    const clock = new AppClock(fake.bridge, page.now);
    expect(clock.now()).toBe(PAGE);
    page.pass(500);
    await fake.answer({ now: MAIN, runs: true });
    expect(clock.now()).toBe(MAIN);
    page.pass(90_000);
    expect(clock.now()).toBe(MAIN + 90_000);
  });

  it("stands still with a test's clock, and moves when main pushes that it moved, telling the page", async () => {
    const fake = fakeBridge();
    const page = pageClock();
    const clock = new AppClock(fake.bridge, page.now);
    let heard = 0;
    clock.subscribe(() => heard++);
    await fake.answer({ now: MAIN, runs: false });
    page.pass(10 * 60_000);
    expect(clock.now()).toBe(MAIN);
    fake.push({ now: MAIN + 60_000, runs: false });
    expect(clock.now()).toBe(MAIN + 60_000);
    expect(heard).toBe(2);
  });

  it('keeps a move pushed while its question travelled over the older answer', async () => {
    const fake = fakeBridge();
    const clock = new AppClock(fake.bridge, pageClock().now);
    fake.push({ now: MAIN + 60_000, runs: false });
    await fake.answer({ now: MAIN, runs: false });
    expect(clock.now()).toBe(MAIN + 60_000);
  });

  it('asks again on every connect (main may have restarted at another time), and not while it is away', async () => {
    const fake = fakeBridge('disconnected');
    const clock = new AppClock(fake.bridge, pageClock().now);
    expect(fake.asked()).toBe(0);
    fake.status('connected');
    await fake.answer({ now: MAIN, runs: false });
    fake.status('disconnected');
    fake.status('connected');
    await fake.answer({ now: MAIN + 21 * 24 * 3_600_000, runs: false });
    expect(clock.now()).toBe(MAIN + 21 * 24 * 3_600_000);
  });

  it('lets go of main on dispose', () => {
    const fake = fakeBridge();
    const clock = new AppClock(fake.bridge, pageClock().now);
    expect(fake.subscriptions()).toBe(1);
    clock.dispose();
    expect(fake.subscriptions()).toBe(0);
  });
});
