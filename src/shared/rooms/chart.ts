/**
 * The progress chart (docs/rooms.md, The chart): bars of things decided, one a visit (or one a room, for the month),
 * stacked in the four groups a person sees. Worked out here once as geometry; the window draws it as SVG elements
 * coloured by the theme, and the Markdown summary as an SVG image with the light theme's colours, so both show the
 * same picture. A table beside it always holds the same numbers, for screen readers and print.
 */
import { PILE_GROUP_WORDS, PILE_GROUPS, type PileGroup } from '../session/pile-groups';
import type { GroupCounts } from '../sessions/progress';

/** A bar's parts: the four groups, or, for a visit from before rooms kept its groups, its total alone. */
export type ChartPart = PileGroup | 'unsplit';

export const CHART_PART_WORDS: Readonly<Record<ChartPart, string>> = {
  ...Object.fromEntries(PILE_GROUPS.map((group) => [group, PILE_GROUP_WORDS[group].title])),
  unsplit: 'Decided (groups not kept)',
} as Record<ChartPart, string>;

export interface ChartBarInput {
  readonly key: string;
  readonly label: string;
  /** Absent: only `decided` is known (a visit from before rooms). */
  readonly counts?: GroupCounts | undefined;
  readonly decided: number;
}

export interface ChartRect {
  readonly part: ChartPart;
  readonly value: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ChartBar {
  readonly key: string;
  readonly label: string;
  /** Its label is drawn (with many bars, only every few are, so none overlap). */
  readonly labelled: boolean;
  readonly centre: number;
  readonly total: number;
  /** Bottom first. */
  readonly rects: readonly ChartRect[];
  /** Where the total is written, above the bar. */
  readonly totalY: number;
}

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly plot: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
  readonly ticks: ReadonlyArray<{ readonly value: number; readonly y: number }>;
  readonly bars: readonly ChartBar[];
  /** The parts any bar has, in stacking order, for the legend. */
  readonly parts: readonly ChartPart[];
}

const MARGIN = { left: 34, right: 8, top: 18, bottom: 26 };
/** Room a bar's label needs, so labels never run into each other. */
const LABEL_ROOM = 52;

/**
 * The parts of one bar, bottom first: what stays, what goes elsewhere, what leaves, what is undecided (the skipped
 * are in the table), then what was decided in visits from before rooms kept the groups.
 */
export function partsOf(bar: ChartBarInput): Array<{ part: ChartPart; value: number }> {
  const counts = bar.counts ?? { here: 0, elsewhere: 0, leaving: 0, undecided: 0, skipped: 0 };
  const grouped = PILE_GROUPS.reduce((sum, group) => sum + counts[group], counts.skipped);
  return [...PILE_GROUPS.map((group) => ({ part: group, value: counts[group] })), { part: 'unsplit' as const, value: Math.max(0, bar.decided - grouped) }];
}

export function chartLayout(inputs: readonly ChartBarInput[], size: { width: number; height: number } = { width: 560, height: 220 }): ChartLayout {
  const plot = { left: MARGIN.left, top: MARGIN.top, right: size.width - MARGIN.right, bottom: size.height - MARGIN.bottom };
  const totals = inputs.map((bar) => partsOf(bar).reduce((sum, part) => sum + part.value, 0));
  const { max, step } = scale(Math.max(0, ...totals));
  const y = (value: number) => plot.bottom - ((plot.bottom - plot.top) * value) / max;
  const slot = (plot.right - plot.left) / Math.max(1, inputs.length);
  const barWidth = Math.min(44, slot * 0.62);
  const every = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  const bars = inputs.map((input, index): ChartBar => {
    const centre = plot.left + slot * (index + 0.5);
    let base = 0;
    const rects = partsOf(input).flatMap(({ part, value }) => {
      if (value === 0) return [];
      const rect = { part, value, x: centre - barWidth / 2, y: y(base + value), width: barWidth, height: y(base) - y(base + value) };
      base += value;
      return [rect];
    });
    // The last bar is always labelled: it is the latest visit.
    const labelled = (inputs.length - 1 - index) % every === 0;
    return { key: input.key, label: input.label, labelled, centre, total: totals[index]!, rects, totalY: y(base) - 4 };
  });
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, index) => ({ value: index * step, y: y(index * step) }));
  const parts = (['here', 'elsewhere', 'leaving', 'undecided', 'unsplit'] as const).filter((part) => bars.some((bar) => bar.rects.some((rect) => rect.part === part)));
  return { width: size.width, height: size.height, plot, ticks, bars, parts };
}

/** A round top for the axis (1, 2 or 5 times a power of ten a step, about four steps), never below 4. */
function scale(highest: number): { max: number; step: number } {
  const target = Math.max(4, highest) / 4;
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= target)!;
  return { max: Math.max(step * Math.ceil(Math.max(4, highest) / step), step), step };
}

/** The light theme's colours (the Markdown summary is read on paper and in light notes apps). */
export const PRINT_COLOURS: Readonly<Record<ChartPart, string>> = {
  here: '#3f6f4c',
  elsewhere: '#8dbb98',
  leaving: '#b9875a',
  undecided: '#7d93a8',
  unsplit: '#b3b8b0',
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The chart as a standalone SVG document (for the Markdown summary), with its title and a legend below it. */
export function chartSvg(layout: ChartLayout, title: string): string {
  const text = '#26302a';
  const soft = '#5e6a62';
  // The legend runs on below the chart, a new line when the next entry would not fit (about 6 px a character).
  let x = layout.plot.left;
  let legendY = layout.height + 14;
  const legend = layout.parts.map((part) => {
    const width = 18 + CHART_PART_WORDS[part].length * 6.2;
    if (x + width > layout.width && x > layout.plot.left) {
      x = layout.plot.left;
      legendY += 16;
    }
    const entry = `<rect x="${n(x)}" y="${legendY - 9}" width="10" height="10" fill="${PRINT_COLOURS[part]}"/><text x="${n(x + 14)}" y="${legendY}" fill="${text}">${escapeXml(CHART_PART_WORDS[part])}</text>`;
    x += width + 12;
    return entry;
  });
  const shapes = [
    ...layout.ticks.map(
      (tick) =>
        `<line x1="${layout.plot.left}" x2="${layout.plot.right}" y1="${n(tick.y)}" y2="${n(tick.y)}" stroke="#d9d8cf"/><text x="${layout.plot.left - 6}" y="${n(tick.y + 4)}" text-anchor="end" fill="${soft}">${tick.value}</text>`,
    ),
    ...layout.bars.flatMap((bar) => [
      ...bar.rects.map((rect) => `<rect x="${n(rect.x)}" y="${n(rect.y)}" width="${n(rect.width)}" height="${n(rect.height)}" fill="${PRINT_COLOURS[rect.part]}" stroke="#fbfaf6"/>`),
      ...(bar.total ? [`<text x="${n(bar.centre)}" y="${n(bar.totalY)}" text-anchor="middle" fill="${text}">${bar.total}</text>`] : []),
      ...(bar.labelled ? [`<text x="${n(bar.centre)}" y="${layout.height - 8}" text-anchor="middle" fill="${soft}">${escapeXml(bar.label)}</text>`] : []),
    ]),
    ...legend,
  ];
  const height = legendY + 8;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${height}" viewBox="0 0 ${layout.width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" fill="#fbfaf6"/>`,
    ...shapes,
    '</svg>',
  ].join('');
}

const n = (value: number) => String(Math.round(value * 10) / 10);
