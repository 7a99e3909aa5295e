import { chartLayout, chartSvg } from '../../shared/rooms/chart';
import type { RoomLook, RoomPage } from '../../shared/rooms/schema';
import { PROGRESS_COLUMNS } from '../../shared/rooms/table';
import { agoWords, dayWords, lookLine, LOOSE_NOTE, totalsWords, waitingWords } from '../../shared/rooms/words';
import { escapeMarkdown } from '../session/summary-markdown';

/** What the chart shows, as its image's alternative text and title. */
export const CHART_TITLE = 'Things decided at each visit, in the four groups';

/**
 * A room's progress as one Markdown file: what it is for, its visits, the chart as an embedded SVG image (the same
 * picture the window draws), the same numbers as a table, and its first photos beside its latest as thumbnails.
 */
export function roomSummaryMarkdown(page: RoomPage, thumbnails: ReadonlyMap<string, Uint8Array>): string {
  const { room, visits, totals, now } = page;
  const lines = [`# ${escapeMarkdown(room.name)}`, ''];
  const facts = [room.space ? `For: ${escapeMarkdown(room.space)}` : undefined, room.anchors.length ? `Stays: ${room.anchors.map(escapeMarkdown).join(', ')}` : undefined].filter(Boolean);
  if (facts.length) lines.push(facts.join(' · '), '');
  if (visits.length === 0) {
    lines.push('No visits yet.', '');
    return `${lines.join('\n').trimEnd()}\n`;
  }
  const last = room.lastVisit === undefined ? '' : `Last visit: ${agoWords(room.lastVisit, now)}. `;
  const waiting = room.waiting.undecided + room.waiting.trips ? `Waiting: ${waitingWords(room.waiting)}.` : 'Nothing waiting.';
  lines.push(`${last}${waiting}`, '', totalsWords(totals), '');
  const bars = visits.map((visit) => ({ key: visit.sessionId, label: dayWords(visit.startedAt, now), counts: visit.counts, decided: visit.decided }));
  const svg = chartSvg(chartLayout(bars), CHART_TITLE);
  lines.push('## Progress', '', `![${CHART_TITLE}](data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')})`, '');
  lines.push(`| Visit | ${PROGRESS_COLUMNS.map((column) => column.title).join(' | ')} |`, `| --- |${' --- |'.repeat(PROGRESS_COLUMNS.length)}`);
  for (const visit of visits) lines.push(`| ${dayWords(visit.startedAt, now)} | ${PROGRESS_COLUMNS.map((column) => column.visit(visit)).join(' | ')} |`);
  lines.push(`| All visits | ${PROGRESS_COLUMNS.map((column) => column.totals(totals)).join(' | ')} |`, '');
  const looks = [page.first && { title: 'First photos', look: page.first }, page.latest && { title: 'Latest photos', look: page.latest }].filter((entry) => entry !== undefined);
  if (looks.length) {
    lines.push('## Photos', '');
    for (const { title, look } of looks) lines.push(`### ${title}, ${dayWords(look.startedAt, now)}`, '', `${lookLine(look)}.`, '', ...images(look, thumbnails), '');
    if (looks.some(({ look }) => look.loose !== undefined)) lines.push(escapeMarkdown(LOOSE_NOTE), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function images(look: RoomLook, thumbnails: ReadonlyMap<string, Uint8Array>): string[] {
  return look.photos.flatMap((id) => {
    const bytes = thumbnails.get(id);
    return bytes ? [`![photo](data:image/webp;base64,${Buffer.from(bytes).toString('base64')})`] : [];
  });
}
