import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Bridge, ConnectionStatus } from '../bridge';
import { mainTimeAt, useAppClock } from './app-clock';
import type { CoachActivityStore } from './activity';
import type { SessionMirror } from './mirror';

export function useSessionSnapshot(mirror: SessionMirror) {
  const snapshot = useSyncExternalStore(mirror.subscribe, () => mirror.current);
  const error = useSyncExternalStore(mirror.subscribe, () => mirror.error);
  return { snapshot, error };
}

export function useCoachActivity(store: CoachActivityStore) {
  return useSyncExternalStore(store.subscribe, () => store.current);
}

export function useConnectionStatus(bridge: Bridge): ConnectionStatus {
  return useSyncExternalStore(
    (listener) => bridge.onStatus(listener),
    () => bridge.status,
  );
}

/**
 * Main's time for display (the app clock, app-clock.ts): read again once per `intervalMs`, and at once whenever main's
 * clock is heard from (a connect, or a test moving it).
 */
export function useNow(intervalMs: number): number {
  const clock = useAppClock();
  const reading = useSyncExternalStore(clock.subscribe, clock.reading);
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return mainTimeAt(reading, local);
}
