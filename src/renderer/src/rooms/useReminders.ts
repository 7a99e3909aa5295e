import { useCallback, useEffect, useState } from 'react';
import type { AppInfo } from '../../../shared/ipc/contract';
import type { RemindersView, ReminderWhen } from '../../../shared/reminders/schema';
import type { Bridge, ConnectionStatus } from '../bridge';
import { askLeaveToNotify, notifyInBrowser } from './browser-notifications';

export interface RemindersOnHome {
  view: RemindersView | undefined;
  /** Reads them again (the times on offer are said from main's clock now). */
  refresh: () => Promise<void>;
  /**
   * Sets a trip's reminder (`shown`: when the page said that time falls). In web mode it first asks the browser for
   * leave to notify; `quiet` when it has none.
   */
  set: (key: string, when: ReminderWhen, shown?: number) => Promise<{ quiet: boolean }>;
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
  const refresh = useCallback(async () => setView(await bridge.invoke('reminders:get')), [bridge]);
  const set = useCallback(
    async (key: string, when: ReminderWhen, shown?: number) => {
      const quiet = runtime === 'web' && (await askLeaveToNotify()) !== 'granted';
      setView(await bridge.invoke('reminders:set', { key, when, ...(shown !== undefined ? { shown } : {}) }));
      return { quiet };
    },
    [bridge, runtime],
  );
  const cancel = useCallback(async (key: string) => setView(await bridge.invoke('reminders:cancel', { key })), [bridge]);
  return { view, refresh, set, cancel };
}
