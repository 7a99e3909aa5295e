import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { manualTime } from '../effects';
import { answerClockLine, controlTestClock } from './test-clock';

const START = Date.UTC(2026, 0, 5, 9);

describe("web mode's test clock control", () => {
  it('moves the clock by a line and answers where it stands once the waits that fell due have run', () => {
    const time = manualTime(START);
    const fired: number[] = [];
    time.timers.set(() => fired.push(time.clock.now()), 60_000);
    expect(answerClockLine(time, 'advance 59999')).toBe(`clock ${START + 59_999}`);
    expect(fired).toEqual([]);
    expect(answerClockLine(time, '  advance 1\r')).toBe(`clock ${START + 60_000}`);
    expect(fired).toEqual([START + 60_000]);
  });

  it.each(['', 'advance', 'advance -5', 'advance 1.5', 'advance 1e3', 'advance 60000 now', 'ADVANCE 5', 'rewind 5', 'advance 9999999999999999', 'x'.repeat(500)])(
    'refuses %j saying what it takes, and leaves the clock where it was',
    (line) => {
      const time = manualTime(START);
      const answer = answerClockLine(time, line);
      expect(answer).toMatch(/^clock refused: .* is not "advance <whole milliseconds>"; the clock stands at 1767603600000$/);
      expect(answer.length).toBeLessThan(200);
      expect(time.clock.now()).toBe(START);
    },
  );

  it('says so when a wait fails as it falls due, and keeps answering', () => {
    const time = manualTime(START);
    time.timers.set(() => {
      throw new Error('the session was gone');
    }, 1_000);
    expect(answerClockLine(time, 'advance 5000')).toBe(`clock refused: a wait failed as the clock moved (the session was gone); the clock stands at ${START + 1_000}`);
    expect(answerClockLine(time, 'advance 4000')).toBe(`clock ${START + 5_000}`);
  });

  it('answers each line of its input in order, until told to stop', async () => {
    const time = manualTime(START);
    const input = new PassThrough();
    const printed: string[] = [];
    const stop = controlTestClock(time, input, (line) => printed.push(line));
    input.write('advance 1000\nnonsense\nadv');
    input.write('ance 2000\n');
    await expect.poll(() => printed).toHaveLength(3);
    expect(printed).toEqual([`clock ${START + 1_000}`, expect.stringMatching(/^clock refused: "nonsense"/), `clock ${START + 3_000}`]);
    stop();
    input.write('advance 1000\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(printed).toHaveLength(3);
    expect(time.clock.now()).toBe(START + 3_000);
  });
});
