import type { Sprint } from '../../../shared/sprints/sprint';
import { minutesLeft } from '../../../shared/sprints/sprint';

export type SprintAction = 'pause' | 'resume' | 'skipBreak';

export interface SprintDisplay {
  readonly label: string;
  /** What the timer says, in words: whole minutes, never seconds (no countdown pressure). */
  readonly text: string;
  readonly action?: { readonly kind: SprintAction; readonly label: string };
}

const left = (minutes: number) => (minutes <= 1 ? 'under a minute left' : `${minutes} min left`);

/** How the header shows the sprint: calm words, one quiet button. */
export function sprintDisplay(sprint: Sprint, now: number): SprintDisplay {
  const label = `Sprint ${sprint.number}`;
  switch (sprint.phase.kind) {
    case 'running':
      return { label, text: left(minutesLeft(sprint, now)), action: { kind: 'pause', label: 'Pause' } };
    case 'paused':
      return { label, text: `paused, ${minutesLeft(sprint, now)} min left`, action: { kind: 'resume', label: 'Resume' } };
    case 'due':
      return { label, text: 'finishing this one' };
    case 'break': {
      const minutes = minutesLeft(sprint, now);
      return { label: 'Break', text: minutes <= 1 ? 'under a minute' : `${minutes} min`, action: { kind: 'skipBreak', label: 'Skip break' } };
    }
  }
}
