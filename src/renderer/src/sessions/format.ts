import type { SessionSummary } from '../../../shared/sessions/schema';

/**
 * When a session started, in the person's locale: "Sat 21 Nov, 14:05". The year is added only when it is not
 * this year's, so the usual line stays short.
 */
export function formatSessionDate(at: number, now: number, locale?: string): string {
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export function spaceLabel(summary: Pick<SessionSummary, 'spaceFunction'>): string {
  return summary.spaceFunction ?? 'Space not named yet';
}

/** Calm words for a session's status: an unfinished session is simply one that can go on. */
export function statusLabel(status: SessionSummary['status']): string {
  return status === 'active' ? 'Unfinished' : 'Finished';
}

/** What a person may do with a listed session: the live one can neither be resumed nor deleted. */
export function sessionActions(summary: Pick<SessionSummary, 'status' | 'current'>): { resume: boolean; open: boolean; delete: boolean } {
  return { resume: summary.status === 'active' && !summary.current, open: true, delete: !summary.current };
}
