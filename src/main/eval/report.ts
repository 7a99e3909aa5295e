/**
 * The printed report: a table with one row per scenario and one column per check (✓ pass, ✗ fail, – nothing to
 * judge), the failures quoted under it, and a total of checks passed over checks that applied. `compareReport`
 * puts two runs side by side and lists what changed.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CHECKS, scoreTranscript, type CheckStatus, type Scores } from './scorers';
import { readTranscript, type Transcript } from './transcript';
import type { CoachHandover } from '../../shared/session/schema';

export interface ScoredRun {
  /** The model the transcripts were recorded with (the first transcript's). */
  readonly model: string;
  readonly rows: ReadonlyArray<{ readonly scenario: string; readonly scores: Scores; readonly handover?: CoachHandover['reason'] }>;
}

const HANDOVER_WORDS: Record<CoachHandover['reason'], string> = {
  'tool-calls-failing': 'the model’s tool calls kept failing',
  'tools-refused': 'the server refused tool calls',
};

const MARK: Record<CheckStatus, string> = { pass: '✓', fail: '✗', 'n/a': '–' };

export function scoreRun(transcripts: readonly Transcript[]): ScoredRun {
  return {
    model: transcripts[0]?.model ?? 'unknown',
    rows: transcripts.map((transcript) => {
      const handover = transcript.events.find((event) => event.type === 'handover');
      return { scenario: transcript.scenario.name, scores: scoreTranscript(transcript), ...(handover ? { handover: handover.reason } : {}) };
    }),
  };
}

/** Every transcript (`*.json`) in a run's folder, validated. */
export async function readRun(dir: string): Promise<Transcript[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  if (files.length === 0) throw new Error(`No transcripts (*.json) in ${dir}`);
  return Promise.all(files.map((file) => readTranscript(path.join(dir, file))));
}

export function totals(run: ScoredRun): { passed: number; applicable: number } {
  let passed = 0;
  let applicable = 0;
  for (const row of run.rows) {
    for (const check of CHECKS) {
      const status = row.scores[check.id].status;
      if (status === 'n/a') continue;
      applicable++;
      if (status === 'pass') passed++;
    }
  }
  return { passed, applicable };
}

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}

const header = ['scenario', ...CHECKS.map((check) => check.title)];

export function formatReport(run: ScoredRun): string {
  const rows = run.rows.map((row) => [row.scenario, ...CHECKS.map((check) => MARK[row.scores[check.id].status])]);
  const failures = run.rows.flatMap((row) =>
    CHECKS.flatMap((check) => row.scores[check.id].offending.map((line) => `  ${row.scenario} / ${check.title}: ${line}`)),
  );
  const { passed, applicable } = totals(run);
  const handedOver = run.rows.flatMap((row) => (row.handover ? [`  ${row.scenario}: ${HANDOVER_WORDS[row.handover]}`] : []));
  return [
    `Model: ${run.model}`,
    table(header, rows),
    ...(failures.length ? ['', 'Failures:', ...failures] : []),
    ...(handedOver.length ? ['', 'The guided coach took over in:', ...handedOver] : []),
    '',
    `Total: ${passed}/${applicable} checks passed`,
  ].join('\n');
}

/** Two runs side by side: each cell is "A B" (· where a run lacks the scenario); rows and cells that differ are marked with *. */
export function formatComparison(a: ScoredRun, b: ScoredRun): string {
  const names = [...new Set([...a.rows.map((row) => row.scenario), ...b.rows.map((row) => row.scenario)])];
  const differences: string[] = [];
  const rows = names.map((scenario) => {
    const left = a.rows.find((row) => row.scenario === scenario);
    const right = b.rows.find((row) => row.scenario === scenario);
    if (!left || !right) differences.push(`${scenario}: only in run ${left ? 'A' : 'B'}`);
    let differs = !left || !right;
    const cells = CHECKS.map((check) => {
      const x = left?.scores[check.id].status;
      const y = right?.scores[check.id].status;
      if (left && right && x !== y) {
        differs = true;
        differences.push(`${scenario} / ${check.title}: ${x} -> ${y}`);
      }
      return `${x ? MARK[x] : '·'} ${y ? MARK[y] : '·'}${left && right && x !== y ? '*' : ''}`;
    });
    return [`${differs ? '* ' : ''}${scenario}`, ...cells];
  });
  const ta = totals(a);
  const tb = totals(b);
  return [
    `A: ${a.model}    B: ${b.model}`,
    table(header, rows),
    '',
    differences.length ? ['Differences:', ...differences.map((line) => `  ${line}`)].join('\n') : 'No differences.',
    '',
    `Total: A ${ta.passed}/${ta.applicable}, B ${tb.passed}/${tb.applicable} checks passed`,
  ].join('\n');
}
