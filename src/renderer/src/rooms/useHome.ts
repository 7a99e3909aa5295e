import { useCallback, useEffect, useState } from 'react';
import type { Errands } from '../../../shared/exit-plan/schema';
import type { Home } from '../../../shared/rooms/schema';
import type { Bridge, ConnectionStatus } from '../bridge';

/**
 * Home's data (the rooms, the trips to make across them, and the month), asked for when connected, for each new
 * session in use (the last one may have made a room), and again on `reload` (Home shown again, a room changed, a
 * trip ticked): nothing polls. `loadedFor` says which session in use it was read for. A call that fails keeps what
 * was there and says why.
 */
export function useHome(
  bridge: Bridge,
  status: ConnectionStatus,
  sessionId: string | undefined,
): {
  home: Home | undefined;
  loadedFor: string | undefined;
  problem: string | undefined;
  errands: Errands | undefined;
  reload: () => void;
  set: (home: Home) => void;
  setErrands: (change: (errands: Errands) => Errands) => void;
} {
  const [loaded, setLoaded] = useState<{ home: Home; for: string | undefined } | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [errands, setErrandsState] = useState<Errands | undefined>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (status !== 'connected') return;
    const controller = new AbortController();
    // The trips are a part of Home: when they cannot be read, the rooms still show, without them.
    bridge.invoke('errands:list', undefined, { signal: controller.signal }).then(setErrandsState, () => {});
    bridge.invoke('rooms:home', undefined, { signal: controller.signal }).then(
      (home) => {
        setLoaded({ home, for: sessionId });
        setProblem(undefined);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProblem((error as Error).message);
      },
    );
    return () => controller.abort();
  }, [bridge, status, sessionId, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const set = useCallback((home: Home) => setLoaded((was) => ({ home, for: was?.for })), []);
  const setErrands = useCallback((change: (errands: Errands) => Errands) => setErrandsState((was) => was && change(was)), []);
  return { home: loaded?.home, loadedFor: loaded?.for, problem, errands, reload, set, setErrands };
}
