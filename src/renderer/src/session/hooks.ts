import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Bridge, ConnectionStatus } from '../bridge';
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

/** A display clock for elapsed time: re-renders once per `intervalMs`. It reads nothing from main. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
