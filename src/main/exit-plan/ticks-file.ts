/**
 * `exit-plan.json` beside a session's log: which of its exit plan's items are done, and whether the plan was put
 * away. Small, rewritten whole on each change. A missing file is a plan nothing is ticked in yet; a file that cannot
 * be read is the same, with a warning, so a damaged tick list never costs the session.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ExitPlanTicksSchema, NO_TICKS, type ExitPlanTicks } from '../../shared/exit-plan/schema';
import { writeJsonFile } from '../files/write-atomic';
import type { Logger } from '../log/logger';

export const EXIT_PLAN_FILE = 'exit-plan.json';

export const exitPlanFile = (sessionDir: string) => path.join(sessionDir, EXIT_PLAN_FILE);

export async function readExitPlanTicks(sessionDir: string, logger: Pick<Logger, 'warn'>): Promise<ExitPlanTicks> {
  const file = exitPlanFile(sessionDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_TICKS;
    logger.warn('The exit plan’s ticks could not be read; the plan shows nothing ticked', { file, error });
    return NO_TICKS;
  }
  return parseExitPlanTicks(text, file, logger);
}

/** The ticks in `text`, read from `file` (named in the warning when they are not valid). */
export function parseExitPlanTicks(text: string, file: string, logger: Pick<Logger, 'warn'>): ExitPlanTicks {
  try {
    return ExitPlanTicksSchema.parse(JSON.parse(text));
  } catch (error) {
    const reason = error instanceof z.ZodError ? error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') : (error as Error).message;
    logger.warn('The exit plan’s ticks are not valid; the plan shows nothing ticked', { file, reason });
    return NO_TICKS;
  }
}

/** Whole or not at all: a temporary file, fsynced, renamed over the old one (as meta.json is written). */
export async function writeExitPlanTicks(sessionDir: string, ticks: ExitPlanTicks): Promise<void> {
  await writeJsonFile(exitPlanFile(sessionDir), ExitPlanTicksSchema, ticks);
}
