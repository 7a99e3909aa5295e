import { groupedPiles, PILE_GROUP_WORDS, PILE_GROUPS, type PileGroup } from '../session/pile-groups';
import type { Photo, SessionState } from '../session/schema';
import type { PhotoStage } from './schema';

/** The stage of photos arriving now; undefined in the middle of the work (they are neither). */
export function stageForNewPhotos(state: Pick<SessionState, 'status' | 'mode' | 'decisions'>): PhotoStage | undefined {
  if (state.status === 'ended' || state.mode.kind === 'windingDown') return 'after';
  return state.decisions.length === 0 ? 'before' : undefined;
}

/** How many things each of the four groups a person sees holds (src/shared/session/pile-groups.ts). */
export type WhatMoved = Readonly<Record<PileGroup, number>>;

export interface BeforeAfter {
  readonly before: readonly Photo[];
  readonly after: readonly Photo[];
  readonly moved: WhatMoved;
}

export function beforeAfterOf(state: Pick<SessionState, 'photos' | 'piles' | 'spaceFunction'>): BeforeAfter {
  const groups = groupedPiles(state);
  return {
    before: state.photos.filter((photo) => photo.stage === 'before'),
    after: state.photos.filter((photo) => photo.stage === 'after'),
    moved: { here: groups.here.length, elsewhere: groups.elsewhere.length, leaving: groups.leaving.length, undecided: groups.undecided.length },
  };
}

/** What moved, in one plain sentence (no score, nothing to live up to); groups with nothing in them are left out. */
export function whatMovedText(moved: WhatMoved): string {
  const parts = PILE_GROUPS.filter((group) => moved[group] > 0).map((group) => PILE_GROUP_WORDS[group].count(moved[group]));
  return parts.length ? `What moved: ${parts.join(', ')}.` : 'Nothing moved this time, and that is fine.';
}
