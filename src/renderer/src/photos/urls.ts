/** Where the GUI finds a stored photo: the same relative URL in the window (app://) and in web mode (http://). */
export function photoUrl(sessionId: string, photoId: string, variant: 'thumb' | 'full'): string {
  return `/photos/${encodeURIComponent(sessionId)}/${photoId}.${variant === 'thumb' ? 'thumb.webp' : 'jpg'}`;
}
