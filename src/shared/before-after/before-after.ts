import type { Photo, SessionState } from '../session/schema';
import type { PhotoStage } from './schema';

/** The stage of photos arriving now; undefined in the middle of the work (they are neither). */
export function stageForNewPhotos(state: Pick<SessionState, 'status' | 'mode' | 'decisions'>): PhotoStage | undefined {
  if (state.status === 'ended' || state.mode.kind === 'windingDown') return 'after';
  return state.decisions.length === 0 ? 'before' : undefined;
}

export interface WhatMoved {
  /** Trash, recycling, donation: out of the room. */
  readonly out: number;
  /** Taken to where they live. */
  readonly relocated: number;
  readonly stays: number;
  readonly unsure: number;
}

export interface BeforeAfter {
  readonly before: readonly Photo[];
  readonly after: readonly Photo[];
  readonly moved: WhatMoved;
}

export function beforeAfterOf(state: Pick<SessionState, 'photos' | 'piles'>): BeforeAfter {
  const decided = [...state.piles.out, ...state.piles.belongs];
  return {
    before: state.photos.filter((photo) => photo.stage === 'before'),
    after: state.photos.filter((photo) => photo.stage === 'after'),
    moved: {
      out: decided.filter((item) => item.outcome === 'trash' || item.outcome === 'recycle' || item.outcome === 'donate').length,
      relocated: decided.filter((item) => item.outcome === 'place').length,
      stays: decided.filter((item) => item.outcome === 'keep').length,
      unsure: state.piles.unsure.length,
    },
  };
}

/** What moved, in one plain sentence (no score, nothing to live up to). */
export function whatMovedText(moved: WhatMoved): string {
  const parts = [
    moved.out ? `${moved.out} out of the room` : undefined,
    moved.relocated ? `${moved.relocated} to ${moved.relocated === 1 ? 'its place' : 'their places'}` : undefined,
    moved.stays ? `${moved.stays} staying` : undefined,
    moved.unsure ? `${moved.unsure} not sure yet` : undefined,
  ].filter(Boolean);
  return parts.length ? `What moved: ${parts.join(', ')}.` : 'Nothing moved this time, and that is fine.';
}
