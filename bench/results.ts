/**
 * A bench run's figures as JSON (`--json`), and the comparison of a run with an earlier one (`--compare`).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

export const FigureSchema = z.object({
  section: z.string().min(1),
  name: z.string().min(1),
  value: z.number(),
  unit: z.string(),
  /** The figure this one is a ratio to, measured in the same run. */
  baseline: z.object({ name: z.string().min(1), value: z.number() }).optional(),
});
export type Figure = z.infer<typeof FigureSchema>;

export const BenchResultsSchema = z.object({
  version: z.literal(1),
  startedAt: z.iso.datetime(),
  quick: z.boolean(),
  cores: z.number().int().positive(),
  figures: z.array(FigureSchema),
  failures: z.array(z.object({ section: z.string().min(1), message: z.string() })),
});
export type BenchResults = z.infer<typeof BenchResultsSchema>;

/** An earlier run's results, or why the file cannot be one, in a single line. */
export async function readResults(file: string): Promise<BenchResults> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot compare with ${file}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Cannot compare with ${file}: it is not JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = BenchResultsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Cannot compare with ${file}: it is not a bench results file (${issue.path.join('.') || 'top level'}: ${issue.message})`);
  }
  return parsed.data;
}

const key = (figure: Pick<Figure, 'section' | 'name'>) => `${figure.section}: ${figure.name}`;
const show = (figure: Figure) => `${Number(figure.value.toPrecision(4))} ${figure.unit}`.trimEnd();

/** Each figure beside the old one with new/old, then the figures only one of the two runs has, named. */
export function compareLines(now: BenchResults, old: BenchResults, oldName: string): string[] {
  const before = new Map(old.figures.map((figure) => [key(figure), figure]));
  const current = new Set(now.figures.map(key));
  const both = now.figures.filter((figure) => before.has(key(figure)));
  const width = Math.max(0, ...both.map((figure) => key(figure).length));
  const lines = [`Compared with ${oldName} (${old.quick ? 'quick run' : 'full run'} of ${old.startedAt}):`, `  ${'figure'.padEnd(width)}  ${'now'.padStart(14)}  ${'before'.padStart(14)}  now/before`];
  for (const figure of both) {
    const was = before.get(key(figure))!;
    const ratio = was.value === 0 ? 'n/a' : `${(figure.value / was.value).toFixed(2)}x`;
    lines.push(`  ${key(figure).padEnd(width)}  ${show(figure).padStart(14)}  ${show(was).padStart(14)}  ${ratio.padStart(10)}`);
  }
  const onlyNow = now.figures.filter((figure) => !before.has(key(figure))).map(key);
  const onlyBefore = old.figures.filter((figure) => !current.has(key(figure))).map(key);
  if (onlyNow.length > 0) lines.push(`  Only in this run: ${onlyNow.join('; ')}`);
  if (onlyBefore.length > 0) lines.push(`  Only in ${oldName}: ${onlyBefore.join('; ')}`);
  return lines;
}
