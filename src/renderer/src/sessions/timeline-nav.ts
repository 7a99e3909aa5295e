import type { ChatMessage } from '../../../shared/session/schema';

/** Where a replay stands: the step shown, the last step there is, and whether it plays on its own. */
export interface TimelineNav {
  index: number;
  last: number;
  playing: boolean;
}

export type TimelineNavAction =
  | { type: 'back' }
  | { type: 'forward' }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'seek'; index: number }
  | { type: 'toggle-play' }
  /** The play timer's beat. */
  | { type: 'tick' };

/** How long each step stays on screen while playing. */
export const PLAY_STEP_MS = 1500;

export function startNav(stepCount: number): TimelineNav {
  return { index: 0, last: Math.max(0, stepCount - 1), playing: false };
}

const clamp = (index: number, last: number) => Math.min(last, Math.max(0, Math.round(index)));

/** Moving by hand pauses playing: the person has taken the wheel. */
export function navigate(nav: TimelineNav, action: TimelineNavAction): TimelineNav {
  switch (action.type) {
    case 'back':
      return { ...nav, index: clamp(nav.index - 1, nav.last), playing: false };
    case 'forward':
      return { ...nav, index: clamp(nav.index + 1, nav.last), playing: false };
    case 'first':
      return { ...nav, index: 0, playing: false };
    case 'last':
      return { ...nav, index: nav.last, playing: false };
    case 'seek':
      return Number.isFinite(action.index) ? { ...nav, index: clamp(action.index, nav.last), playing: false } : nav;
    case 'toggle-play':
      if (nav.playing) return { ...nav, playing: false };
      if (nav.last === 0) return nav;
      // Play from the end starts over, as a video player does.
      return { ...nav, index: nav.index >= nav.last ? 0 : nav.index, playing: true };
    case 'tick': {
      if (!nav.playing) return nav;
      const index = clamp(nav.index + 1, nav.last);
      return { ...nav, index, playing: index < nav.last };
    }
  }
}

/**
 * The replay's keys: arrows step, Home/End jump, Space plays or pauses. Undefined for any other key. A slider
 * handles arrows and Home/End itself, and a button takes Space as a press, so those keys are left to them.
 */
export function navActionForKey(key: string, target: 'slider' | 'button' | 'other'): TimelineNavAction | undefined {
  if (key === ' ' && target !== 'button') return { type: 'toggle-play' };
  if (target === 'slider') return undefined;
  switch (key) {
    case 'ArrowLeft':
      return { type: 'back' };
    case 'ArrowRight':
      return { type: 'forward' };
    case 'Home':
      return { type: 'first' };
    case 'End':
      return { type: 'last' };
    default:
      return undefined;
  }
}

/** Messages that appeared in this step, so the replay can mark what is new since the step before. */
export function newMessageIds(previous: readonly ChatMessage[] | undefined, current: readonly ChatMessage[]): Set<string> {
  if (!previous) return new Set();
  const seen = new Set(previous.map((message) => message.id));
  return new Set(current.filter((message) => !seen.has(message.id)).map((message) => message.id));
}
