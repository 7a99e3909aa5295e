import { CAPABILITY_LABELS, type ProbeResult } from '../../shared/model-probe/schema';
import { describeContext } from '../../shared/model-probe/context';

/** The probe as a plain-text table for a terminal: one row per check, then the context length. */
export function formatTable(result: ProbeResult): string {
  const rows: Array<[string, string, string]> = [
    ['Models', result.models.listed ? (result.models.found === false ? 'missing' : 'listed') : 'fails', result.models.message],
    ...result.capabilities.map((c): [string, string, string] => [
      CAPABILITY_LABELS[c.capability],
      c.mode ? `${c.status} (${c.mode})` : c.status,
      c.message,
    ]),
  ];
  const header: [string, string, string] = ['Check', 'Result', 'Message'];
  const widths = [0, 1].map((i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: [string, string, string]) => `${row[0].padEnd(widths[0]!)}  ${row[1].padEnd(widths[1]!)}  ${row[2]}`;
  return [`${result.model} at ${result.baseUrl ?? 'OpenAI'}`, line(header), line(['-'.repeat(widths[0]!), '-'.repeat(widths[1]!), '-------']), ...rows.map(line), '', describeContext(result.context)].join('\n');
}
