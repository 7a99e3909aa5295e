/**
 * `npm run replay -- <session folder or log.jsonl> [--check] [--json] [--templates DIR]`: a logged session, turn by
 * turn, with no network. `--check` runs it again with the current code and templates and stops at the first turn
 * that goes another way (exit 1).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readSessionLog } from '../session-log';
import { createTemplateRenderer, defaultTemplatesDir } from '../templates';
import { checkSession, type SessionCheck } from './check';
import { formatTranscript, transcriptOf } from './transcript';

const USAGE = 'Usage: npm run replay -- <session folder or log.jsonl> [--check] [--json] [--templates DIR]';

export async function runReplayCli(argv: readonly string[], print: (text: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { check: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, templates: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const target = parsed.positionals[0];
  if (!target || parsed.positionals.length > 1) {
    print(USAGE);
    return 2;
  }
  const isFolder = (await stat(target).catch(() => undefined))?.isDirectory() ?? false;
  const logFile = isFolder ? path.join(target, 'log.jsonl') : target;
  const folder = path.dirname(logFile);

  let log;
  try {
    log = await readSessionLog(logFile);
  } catch (error) {
    print(`Cannot read ${logFile}: ${(error as Error).message}`);
    return 2;
  }
  const transcript = transcriptOf(log.events);
  let check: SessionCheck | undefined;
  if (parsed.values.check) {
    const templates = createTemplateRenderer(parsed.values.templates ? path.resolve(parsed.values.templates) : defaultTemplatesDir());
    check = await checkSession(log.events, { templates, photosDir: path.join(folder, 'photos') });
  }

  if (parsed.values.json) {
    print(JSON.stringify({ transcript, ...(log.tornTail ? { tornTail: log.tornTail } : {}), ...(check ? { check } : {}) }, null, 2));
  } else {
    print(formatTranscript(transcript));
    if (log.tornTail) print(`\nThe last line (${log.tornTail.line}) was torn and skipped: ${log.tornTail.reason}`);
    if (check) {
      if (check.changedTemplates.length) print(`\nTemplates changed since the recording: ${check.changedTemplates.join(', ')}`);
      print(
        check.divergence
          ? `\nCheck: turn ${check.divergence.turn} went another way (${check.divergence.effect}): ${check.divergence.message}`
          : `\nCheck: all ${check.turnsChecked} turns went the way the log says.`,
      );
    }
  }
  return check?.divergence ? 1 : 0;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  runReplayCli(process.argv.slice(2), (text) => process.stdout.write(`${text}\n`)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`replay failed: ${(error as Error).message}\n`);
      process.exit(2);
    },
  );
}
