import { useEffect, useState } from 'react';
import type { DetectionProgress } from '../../../shared/detection/schema';
import type { Bridge } from '../bridge';

/** The on-device detector's progress through the photos waiting for it; undefined when nothing waits. */
export function useDetectionProgress(bridge: Bridge): DetectionProgress | undefined {
  const [progress, setProgress] = useState<DetectionProgress | undefined>();
  useEffect(() => bridge.on('detection:progress', (next) => setProgress(next.done < next.total ? next : undefined)), [bridge]);
  return progress;
}
