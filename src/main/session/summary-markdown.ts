import { exitPlanOf, planSections, thingsIn } from '../../shared/exit-plan/plan';
import type { ExitPlanItem } from '../../shared/exit-plan/schema';
import { beforeAfterOf, whatMovedText } from '../../shared/before-after/before-after';
import { VIEW_CHANGE_NOTE, viewChanges, viewChangeText } from '../../shared/before-after/change';
import { decidedText, groupedPiles, lineName, outcomeNote, PILE_GROUP_WORDS, PILE_GROUPS, pileCounts, pileLines, skippedLines, SKIPPED_WORDS, type PileLine } from '../../shared/session/pile-groups';
import type { Photo, SessionState } from '../../shared/session/schema';
import { nextTimeLine } from '../../shared/text/next-time';

/** Markdown's special characters in free text (item names come from people and models). */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+!|<>-])/g, '\\$1');
}

/** A line under its group's heading (things of one name going the same way, counted), with what the heading does not say. */
function itemLine(line: PileLine): string {
  const note = outcomeNote(line);
  const name = escapeMarkdown(lineName(line));
  if (!note) return `- ${name}`;
  return `- ${name} ${line.outcome === 'place' ? escapeMarkdown(note) : `(${escapeMarkdown(note)})`}`;
}

/**
 * The exit plan as task-list lines, one group to a heading, ticked where done: a checklist that still works once the
 * file is opened in a notes app or printed.
 */
export function exitPlanMarkdown(state: Pick<SessionState, 'piles' | 'spaceFunction'>, done: ReadonlySet<string>): string[] {
  const { groups } = exitPlanOf(state);
  if (groups.length === 0) return [];
  const items = groups.flatMap((group) => group.items);
  const isDone = (item: ExitPlanItem) => item.ids.every((id) => done.has(id));
  const lines = ['## Exit plan', '', `${thingsIn(items.filter(isDone))} of ${thingsIn(items)} done.`, ''];
  for (const section of planSections(groups)) {
    lines.push(`### ${section.title} (${section.count})`, '');
    for (const group of section.groups) {
      lines.push(`#### ${escapeMarkdown(group.title)}`, '');
      if (group.hint) lines.push(escapeMarkdown(group.hint), '');
      lines.push(...group.items.map((item) => `- [${isDone(item) ? 'x' : ' '}] ${escapeMarkdown(lineName({ name: item.name, count: item.ids.length }))}`), '');
    }
  }
  return lines;
}

/**
 * A session's summary as one Markdown file: what the space is for, the piles, the exit plan (with `done`, the ids
 * of its items already taken care of), what is left for next time, and the photos as small embedded thumbnails, so
 * the file stands on its own when shared or printed.
 */
export function sessionSummaryMarkdown(
  state: SessionState,
  thumbnails: ReadonlyMap<string, Uint8Array>,
  done: ReadonlySet<string> = new Set(),
): string {
  const groups = groupedPiles(state);
  const day = new Date(state.sessionStart).toISOString().slice(0, 10);
  const lines = [`# Tidying session, ${day}`, ''];
  const facts = [
    state.spaceFunction ? `Space for: ${escapeMarkdown(state.spaceFunction)}` : undefined,
    state.anchors.length ? `Stays: ${state.anchors.map(escapeMarkdown).join(', ')}` : undefined,
  ].filter(Boolean);
  if (facts.length) lines.push(facts.join(' · '), '');
  lines.push(decidedText(pileCounts(state)), '');
  lines.push('## Summary', '', state.ending ? escapeMarkdown(state.ending.summary) : 'This session is not finished yet.', '');
  for (const group of PILE_GROUPS) {
    if (groups[group].length) lines.push(`## ${PILE_GROUP_WORDS[group].title}`, '', ...pileLines(groups[group]).map(itemLine), '');
  }
  const skipped = skippedLines(state);
  if (skipped.length) lines.push(`## ${SKIPPED_WORDS.title}`, '', ...skipped.map((line) => `- ${escapeMarkdown(lineName(line))}`), '');
  lines.push(...exitPlanMarkdown(state, done));
  const nextTime = state.ending?.nextTime ?? [];
  if (nextTime.length) lines.push('## Next time', '', ...nextTime.map((entry) => `- ${escapeMarkdown(nextTimeLine(entry))}`), '');
  const image = (photo: Photo) => `![${escapeMarkdown(photo.fileName)}](data:image/webp;base64,${Buffer.from(thumbnails.get(photo.id)!).toString('base64')})`;
  const shown = state.photos.filter((photo) => thumbnails.has(photo.id));
  const { before, after, moved } = beforeAfterOf({ ...state, photos: shown });
  if (before.length || after.length) {
    // Side by side as a table: Markdown viewers and print keep the two columns together.
    lines.push('## Before and after', '', whatMovedText(moved), '', '| Before | After |', '| --- | --- |');
    for (let row = 0; row < Math.max(before.length, after.length); row += 1) {
      const [was, now] = [before[row], after[row]];
      lines.push(`| ${was ? image(was) : ' '} | ${now ? image(now) : ' '} |`);
    }
    lines.push('');
    const changes = viewChanges(shown);
    if (changes.length) lines.push(...changes.flatMap((change) => [escapeMarkdown(viewChangeText(change)), '']));
    if (changes.some((change) => change.kind === 'measured')) lines.push(escapeMarkdown(VIEW_CHANGE_NOTE), '');
  }
  const others = shown.filter((photo) => !photo.stage);
  if (others.length) {
    lines.push(before.length || after.length ? '## Other photos' : '## Photos', '');
    for (const photo of others) lines.push(image(photo), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
