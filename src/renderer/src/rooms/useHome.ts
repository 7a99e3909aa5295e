import { useCallback, useEffect, useState } from 'react';
import type { Home } from '../../../shared/rooms/schema';
import type { Bridge, ConnectionStatus } from '../bridge';

/**
 * Home's data (the rooms and the month), asked for when connected and again on `reload` (Home shown again, a room
 * changed): nothing polls. A call that fails keeps what was there and says why.
 */
export function useHome(bridge: Bridge, status: ConnectionStatus): { home: Home | undefined; problem: string | undefined; reload: () => void; set: (home: Home) => void } {
  const [home, setHome] = useState<Home | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (status !== 'connected') return;
    const controller = new AbortController();
    bridge.invoke('rooms:home', undefined, { signal: controller.signal }).then(
      (next) => {
        setHome(next);
        setProblem(undefined);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProblem((error as Error).message);
      },
    );
    return () => controller.abort();
  }, [bridge, status, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { home, problem, reload, set: setHome };
}
