/**
 * A reminder that came due, as the system's notification (docs/rooms.md, "Reminders"): silent, with no badge, and a
 * click brings the window back. Kept referenced until it closes, so its click is not lost to garbage collection.
 */
import { Notification, type BrowserWindow } from 'electron';
import type { ReminderNotice } from '../../shared/reminders/schema';

const showing = new Set<Notification>();

type WindowToShow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>;

/** Shows `notice`; where the system has no notifications, the card on Home is the reminder. */
export function showReminder(notice: ReminderNotice, window: () => WindowToShow | undefined): boolean {
  if (!Notification.isSupported()) return false;
  const notification = new Notification({ title: notice.title, body: notice.body, silent: true });
  showing.add(notification);
  notification.on('click', () => {
    const shown = window();
    if (!shown) return;
    if (shown.isMinimized()) shown.restore();
    shown.show();
    shown.focus();
  });
  notification.on('close', () => showing.delete(notification));
  notification.show();
  return true;
}
