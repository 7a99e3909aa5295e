import { useEffect, useState } from 'react';
import type { DetectionProgress } from '../../../shared/detection/schema';
import type { Bridge } from '../bridge';

/** The on-device detector's latest progress through the photos given to it; undefined before any. */
export function useDetectionProgress(bridge: Bridge): DetectionProgress | undefined {
  const [progress, setProgress] = useState<DetectionProgress | undefined>();
  useEffect(() => bridge.on('detection:progress', setProgress), [bridge]);
  return progress;
}

/**
 * What the photo strip says once the detector is done: one calm line when some photos could not be looked at (the
 * coach goes on with the others and with what the person says), nothing otherwise.
 */
export function unreadLine(progress: DetectionProgress | undefined): string | undefined {
  if (!progress || progress.done < progress.total || progress.failed === 0) return undefined;
  return progress.failed === 1
    ? 'One photo could not be looked at for things; the coach goes on without it.'
    : `${progress.failed} photos could not be looked at for things; the coach goes on without them.`;
}
