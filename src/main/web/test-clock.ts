/**
 * How a test moves web mode's clock under TIDY_TEST_CLOCK: one line on standard input, `advance <ms>`, answered with
 * one line on standard output, `clock <epoch ms>`, once every wait that fell due on the way has run (a card's time-out,
 * a sprint's end...). Anything else is answered `clock refused: …` and changes nothing; the app runs on. Only the
 * process that started web mode holds its standard input: nothing of this is reachable over the network.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { ManualTime } from '../effects';

const AdvanceSchema = z
  .string()
  .trim()
  .regex(/^advance \d{1,15}$/)
  .transform((line) => Number(line.slice('advance '.length)));

/** The answer to one line: where the clock stands after it, or why it was refused. */
export function answerClockLine(time: Pick<ManualTime, 'advance' | 'clock'>, line: string): string {
  const advance = AdvanceSchema.safeParse(line);
  if (!advance.success) {
    const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
    return `clock refused: ${JSON.stringify(shown)} is not "advance <whole milliseconds>"; the clock stands at ${time.clock.now()}`;
  }
  try {
    time.advance(advance.data);
  } catch (error) {
    // A wait that failed as it fell due is the app's fault, not the line's: the test hears of it and the app runs on.
    return `clock refused: a wait failed as the clock moved (${(error as Error).message}); the clock stands at ${time.clock.now()}`;
  }
  return `clock ${time.clock.now()}`;
}

/** Answers each line of `input` on `print`, in order, until `input` ends or the returned function is called. */
export function controlTestClock(time: Pick<ManualTime, 'advance' | 'clock'>, input: Readable, print: (line: string) => void): () => void {
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => print(answerClockLine(time, line)));
  return () => lines.close();
}
