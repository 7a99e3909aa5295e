import { useCallback, useEffect, useState } from 'react';
import type { AppInfo } from '../../../shared/ipc/contract';
import type { RemindersView, ReminderWhen } from '../../../shared/reminders/schema';
import type { Bridge, ConnectionStatus } from '../bridge';
import { askLeaveToNotify, notifyInBrowser } from './browser-notifications';

export interface RemindersOnHome {
  view: RemindersView | undefined;
  /** Sets a trip's reminder. In web mode it first asks the browser for leave to notify; `quiet` when it has none. */
  set: (key: string, when: ReminderWhen) => Promise<{ quiet: boolean }>;
  cancel: (key: string) => Promise<void>;
}

/**
 * The reminders on Home's trips (docs/rooms.md, "Reminders"): read when connected, then kept as main pushes them. In
 * web mode a reminder that comes due is shown as the browser's notification here; the window's are shown by main.
 */
export function useReminders(bridge: Bridge, status: ConnectionStatus, runtime: AppInfo['runtime'] | undefined): RemindersOnHome {
  const [view, setView] = useState<RemindersView | undefined>();
  useEffect(() => {
    if (status !== 'connected') return;
    const controller = new AbortController();
    const stop = bridge.on('reminders:changed', setView);
    // Reminders are a part of Home: when they cannot be read, the trips still show, without them.
    bridge.invoke('reminders:get', undefined, { signal: controller.signal }).then(setView, () => {});
    return () => {
      stop();
      controller.abort();
    };
  }, [bridge, status]);
  useEffect(() => (runtime === 'web' ? bridge.on('reminders:notify', notifyInBrowser) : undefined), [bridge, runtime]);
  const set = useCallback(
    async (key: string, when: ReminderWhen) => {
      const quiet = runtime === 'web' && (await askLeaveToNotify()) !== 'granted';
      setView(await bridge.invoke('reminders:set', { key, when }));
      return { quiet };
    },
    [bridge, runtime],
  );
  const cancel = useCallback(async (key: string) => setView(await bridge.invoke('reminders:cancel', { key })), [bridge]);
  return { view, set, cancel };
}
