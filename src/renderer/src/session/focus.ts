import type { Photo, SessionState } from '../../../shared/session/schema';

/**
 * The photo the coach is talking about, to highlight in the strip: the one the open question outlines something in,
 * the one a clarification names, else the one whose seen items include the item in hand. None when nothing points
 * at a photo.
 */
export function photoInFocus(state: SessionState | undefined): Photo['id'] | undefined {
  if (!state) return undefined;
  const outlined = state.pendingQuestion?.focus?.[0]?.photoId;
  if (outlined && state.photos.some((photo) => photo.id === outlined)) return outlined;
  const mode = state.mode;
  const item = mode.kind === 'clarifying' ? mode.item : mode.kind === 'sorting' ? mode.currentItem : mode.kind === 'decisionSupport' ? mode.stuckItem : undefined;
  if (mode.kind === 'clarifying') {
    const context = mode.photoContext.toLowerCase();
    const named = state.photos.find((photo) => context.includes(photo.fileName.toLowerCase()));
    if (named) return named.id;
  }
  if (!item) return undefined;
  const needle = item.toLowerCase();
  return state.photos.find((photo) => photo.facts?.visibleItems.some((seen) => seen.toLowerCase().includes(needle) || needle.includes(seen.toLowerCase())))?.id;
}
