/**
 * The numbers behind the progress chart, as a table's columns: the window's table (for screen readers and print) and
 * the Markdown summary's are the same columns, in the same words.
 */
import { PILE_GROUP_WORDS, PILE_GROUPS, SKIPPED_WORDS } from '../session/pile-groups';
import type { Totals, Visit } from './schema';

export interface ProgressColumn {
  readonly title: string;
  /** A visit's figure; a dash where it is not known (the groups of a visit from before rooms). */
  readonly visit: (visit: Visit) => string;
  readonly totals: (totals: Totals) => string;
}

const known = (value: number | undefined) => (value === undefined ? '–' : String(value));

export const PROGRESS_COLUMNS: readonly ProgressColumn[] = [
  ...PILE_GROUPS.map((group) => ({
    title: PILE_GROUP_WORDS[group].title,
    visit: (visit: Visit) => known(visit.counts?.[group]),
    totals: (totals: Totals) => String(totals.counts[group]),
  })),
  { title: SKIPPED_WORDS.title, visit: (visit) => known(visit.counts?.skipped), totals: (totals) => String(totals.counts.skipped) },
  { title: 'Things decided', visit: (visit) => String(visit.decided), totals: (totals) => String(totals.decided) },
  { title: 'Left the home', visit: (visit) => String(visit.left), totals: (totals) => String(totals.left) },
  { title: 'Trips done', visit: (visit) => `${visit.trips.done} of ${visit.trips.total}`, totals: (totals) => `${totals.trips.done} of ${totals.trips.total}` },
  // A visit from before rooms kept no minutes either: a dash, not a 0.
  { title: 'Minutes', visit: (visit) => (visit.counts ? String(visit.minutes) : '–'), totals: (totals) => String(totals.minutes) },
];
