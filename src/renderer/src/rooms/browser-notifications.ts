/**
 * Web mode's reminders as the browser's notifications (the window's are main's, docs/rooms.md "Reminders"). The
 * browser is asked for leave only when the person sets a reminder, never before; without it the card on Home is the
 * reminder.
 */
import type { ReminderNotice } from '../../../shared/reminders/schema';

export type NotificationLeave = 'granted' | 'denied' | 'unsupported';

/** Asks for leave if it was never asked (call it from the click that sets a reminder: browsers need a gesture). */
export async function askLeaveToNotify(): Promise<NotificationLeave> {
  if (typeof Notification === 'undefined') return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  return permission === 'granted' ? 'granted' : 'denied';
}

/** Shows the notice if the browser has leave to; `tag` folds the same notice from two open pages into one. */
export function notifyInBrowser(notice: ReminderNotice): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  new Notification(notice.title, { body: notice.body, tag: notice.tag, silent: true });
}
