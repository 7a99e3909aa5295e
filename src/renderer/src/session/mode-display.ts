import type { ModeKind, SessionState } from '../../../shared/session/schema';

/** How each mode introduces itself in the header (seed 000's persona table). */
export const MODE_DISPLAY: Record<ModeKind, { title: string; persona: string }> = {
  surveying: { title: 'Surveying', persona: 'Getting to know the space' },
  sorting: { title: 'Sorting', persona: 'One item at a time' },
  clarifying: { title: 'Clarifying', persona: 'Pinning down which item' },
  decisionSupport: { title: 'Deciding', persona: 'No pressure, deferring is fine' },
  windingDown: { title: 'Winding down', persona: 'A good stopping point' },
};

const ENDED_DISPLAY = { title: 'Session ended', persona: 'Everything from it is kept' };

/** The header line for a session: its mode and persona, or that it has ended. */
export function modeDisplayFor(session: Pick<SessionState, 'status' | 'mode'>): { title: string; persona: string } {
  return session.status === 'ended' ? ENDED_DISPLAY : MODE_DISPLAY[session.mode.kind];
}

export function formatElapsed(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'just started';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
