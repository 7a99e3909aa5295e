// The module `electron` is under Vitest (vitest.config.ts), imported by its path for what it records.
import { standIn } from '../../../test-support/electron-stand-in';
import { afterEach, describe, expect, it } from 'vitest';
import { showReminder } from './notifications';

const notice = { title: 'A trip you planned', body: 'Donation: 4 things, from the office.', tag: 'tidying-reminder' };

afterEach(() => {
  standIn.notifications.shown.length = 0;
  standIn.notifications.state.supported = true;
});

describe('a reminder as the system’s notification', () => {
  it('is silent, says what to take where, and a click brings the window back', () => {
    const calls: string[] = [];
    let minimized = true;
    const window = {
      isMinimized: () => minimized,
      restore: () => {
        minimized = false;
        calls.push('restore');
      },
      show: () => calls.push('show'),
      focus: () => calls.push('focus'),
    };
    expect(showReminder(notice, () => window)).toBe(true);
    expect(standIn.notifications.shown.map((shown) => shown.options)).toEqual([{ title: notice.title, body: notice.body, silent: true }]);
    standIn.notifications.shown[0]!.click();
    expect(calls).toEqual(['restore', 'show', 'focus']);
  });

  it('shows nothing where the system has no notifications (the card on Home is the reminder), and a click with no window is harmless', () => {
    standIn.notifications.state.supported = false;
    expect(showReminder(notice, () => undefined)).toBe(false);
    expect(standIn.notifications.shown).toEqual([]);
    standIn.notifications.state.supported = true;
    showReminder(notice, () => undefined);
    expect(() => standIn.notifications.shown[0]!.click()).not.toThrow();
  });
});
