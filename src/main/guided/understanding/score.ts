/**
 * Scores a reader of free text (`understand`, or any function with its shape) against the labelled corpus: the
 * share read as meant, overall, per meant kind and per tag; every miss; and the false stops apart, because a
 * false stop is the worst misreading (the session would wind down on a guess).
 */
import { leavesHome, type Expecting, type Input } from '../input';
import { understand } from '../understand';
import type { CorpusEntry, Label } from './corpus';

export type Reader = (text: string, expecting: Expecting) => Input;

export interface Reading {
  readonly entry: CorpusEntry;
  readonly got: Input;
}

export interface Share {
  readonly read: number;
  readonly total: number;
}

export interface UnderstandingScore extends Share {
  /** Answers the card asks about (`tentative`), and of those, the ones whose first offer was what was meant. */
  readonly confirmations: number;
  readonly confirmedRight: number;
  /** Answers read as meant at once, without asking. */
  readonly sure: number;
  /** Sure readings sending a thing out of the home (trash, donate, recycle) where nobody said so: the worst after a stop. */
  readonly movedOut: readonly Reading[];
  /** By the kind of the first label of each entry. */
  readonly byKind: ReadonlyMap<string, Share>;
  readonly byTag: ReadonlyMap<string, Share>;
  readonly misses: readonly Reading[];
  /** Misses read as `stop` where no label is a stop. */
  readonly falseStops: readonly Reading[];
}


/** True when `field` contains one of the concept's `|`-separated alternatives, in any case. */
function mentions(field: string | undefined, concept: string): boolean {
  const haystack = field?.toLowerCase() ?? '';
  return concept
    .toLowerCase()
    .split('|')
    .some((alternative) => alternative.trim() !== '' && haystack.includes(alternative.trim()));
}

const inAny = (fields: readonly string[], concept: string) => fields.some((field) => mentions(field, concept));

export function readsAs(label: Label, got: Input): boolean {
  switch (label.kind) {
    case 'function':
      return (
        got.kind === 'function' &&
        (label.contains ?? []).every((concept) => mentions(got.function, concept)) &&
        !(label.lacks ?? []).some((concept) => mentions(got.function, concept)) &&
        (label.overwhelmed === undefined || label.overwhelmed === got.overwhelmed)
      );
    case 'anchors':
      return (
        got.kind === 'anchors' &&
        (!label.none || got.anchors.length === 0) &&
        (label.contains ?? []).every((concept) => inAny(got.anchors, concept)) &&
        !(label.lacks ?? []).some((concept) => inAny(got.anchors, concept))
      );
    case 'item':
      return got.kind === 'item' && (label.contains === undefined || mentions(got.item, label.contains));
    case 'disposition':
      return (
        got.kind === 'disposition' &&
        got.outcome === label.outcome &&
        (label.location === undefined || mentions(got.location, label.location)) &&
        (label.item === undefined || mentions(got.item, label.item))
      );
    case 'split':
      return (
        got.kind === 'split' &&
        got.edit.kind === label.edit &&
        (label.names ?? []).every((concept) => got.edit.kind === 'rename' && inAny(got.edit.names, concept))
      );
    case 'help':
      return got.kind === 'help' && (label.item === undefined || mentions(got.item, label.item));
    case 'question':
      return got.kind === 'question';
    case 'overwhelmed':
      return got.kind === 'overwhelmed' && (label.trigger === undefined || mentions(got.trigger, label.trigger));
    case 'next':
    case 'keepGoing':
    case 'stop':
    case 'unclear':
      return got.kind === label.kind;
  }
}

function tally(shares: Map<string, { read: number; total: number }>, key: string, hit: boolean): void {
  const share = shares.get(key) ?? { read: 0, total: 0 };
  share.total++;
  if (hit) share.read++;
  shares.set(key, share);
}

/** `read` is given the entry too, so a reader can differ by entry (each judged by a classifier that never saw it). */
export function scoreUnderstanding(corpus: readonly CorpusEntry[], read: (text: string, expecting: Expecting, entry: CorpusEntry) => Input = understand): UnderstandingScore {
  const byKind = new Map<string, { read: number; total: number }>();
  const byTag = new Map<string, { read: number; total: number }>();
  const misses: Reading[] = [];
  const falseStops: Reading[] = [];
  const movedOut: Reading[] = [];
  let confirmations = 0;
  let confirmedRight = 0;
  for (const entry of corpus) {
    const got = read(entry.text, entry.expecting, entry);
    const meant = (reading: Input) => entry.meant.some((label) => readsAs(label, reading));
    // A confirmation reads as meant when the reading it offers first is what was meant: one tap.
    const first = got.kind === 'tentative' ? got.readings[0] : got;
    const hit = meant(first);
    if (got.kind === 'tentative') {
      confirmations++;
      if (hit) confirmedRight++;
    }
    tally(byKind, entry.meant[0]!.kind, hit);
    for (const tag of entry.tags) tally(byTag, tag, hit);
    if (hit) continue;
    misses.push({ entry, got });
    if (first.kind === 'stop') falseStops.push({ entry, got });
    const leaving = got.kind === 'disposition' && leavesHome(got.outcome);
    if (leaving && !entry.meant.some((label) => label.kind === 'disposition' && label.outcome === got.outcome)) movedOut.push({ entry, got });
  }
  const readAsMeant = corpus.length - misses.length;
  return { read: readAsMeant, total: corpus.length, sure: readAsMeant - confirmedRight, confirmations, confirmedRight, byKind, byTag, misses, falseStops, movedOut };
}

const percent = ({ read, total }: Share) => `${total === 0 ? '0.0' : ((100 * read) / total).toFixed(1)}%`;
const share = (s: Share) => `${s.read}/${s.total} (${percent(s)})`;

export function describeLabel(label: Label): string {
  switch (label.kind) {
    case 'function':
      return [
        'function',
        ...(label.contains ?? []).map((concept) => `~${concept}`),
        ...(label.lacks ?? []).map((concept) => `not ~${concept}`),
        ...(label.overwhelmed === undefined ? [] : [label.overwhelmed ? '(overwhelmed)' : '(calm)']),
      ].join(' ');
    case 'anchors':
      return label.none ? 'anchors: none' : ['anchors', ...(label.contains ?? []).map((c) => `~${c}`), ...(label.lacks ?? []).map((c) => `not ~${c}`)].join(' ');
    case 'item':
      return label.contains ? `item ~${label.contains}` : 'item';
    case 'disposition':
      return `${label.outcome}${label.location ? ` at ~${label.location}` : ''}`;
    case 'split':
      return `split ${label.edit}${label.names ? ` ${label.names.map((c) => `~${c}`).join(', ')}` : ''}`;
    case 'help':
      return label.item ? `help with ~${label.item}` : 'help';
    case 'question':
      return label.about ? `question about ${label.about}` : 'question';
    case 'overwhelmed':
      return label.trigger ? `overwhelmed by ~${label.trigger}` : 'overwhelmed';
    default:
      return label.kind;
  }
}

export function describeInput(input: Input): string {
  switch (input.kind) {
    case 'function':
      return `function "${input.function}"${input.overwhelmed ? ' (overwhelmed)' : ''}`;
    case 'anchors':
      return input.anchors.length ? `anchors ${input.anchors.map((anchor) => `"${anchor}"`).join(', ')}` : 'anchors: none';
    case 'item':
      return `item "${input.item}"`;
    case 'disposition':
      return `${input.outcome}${input.location ? ` at "${input.location}"` : ''}`;
    case 'split':
      return `split ${input.edit.kind}${input.edit.kind === 'rename' ? ` ${input.edit.names.map((name) => `"${name}"`).join(', ')}` : ''}`;
    case 'help':
      return input.item ? `help with "${input.item}"` : 'help';
    case 'question':
      return `question about ${input.about}`;
    case 'overwhelmed':
      return input.trigger ? `overwhelmed by "${input.trigger}"` : 'overwhelmed';
    case 'tentative':
      return `asks: ${input.readings.map(describeInput).join(' / ')}`;
    default:
      return input.kind;
  }
}

const card = (expecting: Expecting) => ('item' in expecting ? `${expecting.kind}: ${expecting.item}` : expecting.kind);
const line = ({ entry, got }: Reading) =>
  `  ${entry.id} [${card(entry.expecting)}] "${entry.text}" — meant ${entry.meant.map(describeLabel).join(' | ')}; got ${describeInput(got)}`;

const worstFirst = (shares: ReadonlyMap<string, Share>) =>
  [...shares].sort(([a, x], [b, y]) => x.read / x.total - y.read / y.total || a.localeCompare(b));

/** The printed report: the score line, the shares, the false stops, then the misses grouped by meant kind. */
export function formatUnderstanding(score: UnderstandingScore): string {
  const missesByKind = new Map<string, Reading[]>();
  for (const reading of score.misses) {
    const kind = reading.entry.meant[0]!.kind;
    missesByKind.set(kind, [...(missesByKind.get(kind) ?? []), reading]);
  }
  return [
    `Understanding: ${share(score)} read as meant (${score.sure} at once, ${score.confirmedRight} confirmed with the right reading first); ` +
      `confirmations: ${score.confirmations} (${percent({ read: score.confirmations, total: score.total })}); false stops: ${score.falseStops.length}; ` +
      `moved out unsaid: ${score.movedOut.length}`,
    '',
    'By meant kind (worst first):',
    ...worstFirst(score.byKind).map(([kind, s]) => `  ${kind.padEnd(12)} ${share(s)}`),
    '',
    'By tag (worst first):',
    ...worstFirst(score.byTag).map(([tag, s]) => `  ${tag.padEnd(12)} ${share(s)}`),
    '',
    `False stops (${score.falseStops.length}):`,
    ...(score.falseStops.length ? score.falseStops.map(line) : ['  none']),
    '',
    `Moved out of the home on words that did not say so (${score.movedOut.length}):`,
    ...(score.movedOut.length ? score.movedOut.map(line) : ['  none']),
    '',
    `Misses (${score.misses.length}), by meant kind:`,
    ...[...missesByKind].flatMap(([kind, readings]) => [`${kind} (${readings.length}):`, ...readings.map(line)]),
  ].join('\n');
}

/** The score as JSON for `--json`: plain objects, the misses with what was meant and what was read. */
export function understandingJson(score: UnderstandingScore): unknown {
  const reading = ({ entry, got }: Reading) => ({ id: entry.id, text: entry.text, expecting: entry.expecting, meant: entry.meant, got });
  return {
    read: score.read,
    total: score.total,
    sure: score.sure,
    confirmations: score.confirmations,
    confirmedRight: score.confirmedRight,
    movedOut: score.movedOut.map(reading),
    byKind: Object.fromEntries(score.byKind),
    byTag: Object.fromEntries(score.byTag),
    falseStops: score.falseStops.map(reading),
    misses: score.misses.map(reading),
  };
}
