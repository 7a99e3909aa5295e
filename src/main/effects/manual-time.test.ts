import { describe, expect, it } from 'vitest';
import { manualTime } from './manual-time';

const START = Date.UTC(2026, 0, 5, 9);

describe('manual time', () => {
  it('stands still until moved, then reads the moment it was moved to', () => {
    const time = manualTime(START);
    expect(time.clock.now()).toBe(START);
    expect(time.clock.monotonic()).toBe(0);
    time.advance(90_000);
    expect(time.clock.now()).toBe(START + 90_000);
    expect(time.clock.monotonic()).toBe(90_000);
  });

  it('fires a timer only once the clock is moved to its deadline, reading the deadline as it fires', () => {
    const time = manualTime(START);
    const fired: number[] = [];
    time.timers.set(() => fired.push(time.clock.now()), 60_000);
    time.advance(59_999);
    expect(fired).toEqual([]);
    time.advance(1);
    expect(fired).toEqual([START + 60_000]);
    time.advance(60_000);
    expect(fired).toHaveLength(1);
  });

  it('fires what falls due in one move in deadline order, ties in the order they were set, and then stands at the end', () => {
    const time = manualTime(START);
    const fired: string[] = [];
    time.timers.set(() => fired.push('late'), 30_000);
    time.timers.set(() => fired.push('early'), 10_000);
    time.timers.set(() => fired.push('tie 1'), 20_000);
    time.timers.set(() => fired.push('tie 2'), 20_000);
    time.timers.set(() => fired.push('beyond'), 40_001);
    time.advance(40_000);
    expect(fired).toEqual(['early', 'tie 1', 'tie 2', 'late']);
    expect(time.clock.now()).toBe(START + 40_000);
  });

  it('fires a timer set while firing when it is due by the end of the move, not one due after it', () => {
    const time = manualTime(START);
    const fired: Array<[string, number]> = [];
    const at = (name: string) => () => fired.push([name, time.clock.now() - START]);
    time.timers.set(() => {
      at('first')();
      time.timers.set(at('set by first'), 5_000);
      time.timers.set(at('too late'), 50_000);
    }, 10_000);
    time.timers.set(at('second'), 12_000);
    time.advance(20_000);
    expect(fired).toEqual([
      ['first', 10_000],
      ['second', 12_000],
      ['set by first', 15_000],
    ]);
    time.advance(40_000);
    expect(fired.at(-1)).toEqual(['too late', 60_000]);
  });

  it('never fires a cleared timer; one due already fires at the next move, even by 0', () => {
    const time = manualTime(START);
    const fired: string[] = [];
    const cleared = time.timers.set(() => fired.push('cleared'), 1_000);
    time.timers.clear(cleared);
    time.timers.set(() => fired.push('now'), 0);
    time.timers.set(() => fired.push('negative'), -5);
    expect(fired).toEqual([]);
    time.advance(0);
    expect(fired).toEqual(['now', 'negative']);
    time.advance(5_000);
    expect(fired).toEqual(['now', 'negative']);
  });

  it('tells its listeners after each move, once every due timer has fired', () => {
    const time = manualTime(START);
    const heard: string[] = [];
    time.timers.set(() => heard.push('timer'), 1_000);
    const stop = time.onAdvance(() => heard.push(`moved to ${time.clock.now() - START}`));
    time.advance(2_000);
    stop();
    time.advance(1_000);
    expect(heard).toEqual(['timer', 'moved to 2000']);
  });

  it('refuses a move that is not a whole number of milliseconds, 0 or more, and stays where it was', () => {
    const time = manualTime(START);
    for (const ms of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => time.advance(ms)).toThrow(RangeError);
    expect(time.clock.now()).toBe(START);
  });
});
