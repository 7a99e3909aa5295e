import { createContext, useContext } from 'react';
import type { Photo } from '../../../shared/session/schema';

/** The live session's photos, for anything that shows part of one (a question's close-up). */
export const SessionPhotos = createContext<{ readonly sessionId: string; readonly photos: readonly Photo[] } | undefined>(undefined);

export function useSessionPhotos() {
  return useContext(SessionPhotos);
}
