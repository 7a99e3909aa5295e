import { afterEach, describe, expect, it, vi } from 'vitest';
import { askLeaveToNotify, notifyInBrowser } from './browser-notifications';

const notice = { title: 'A trip you planned', body: 'Donation: 4 things, from the office.', tag: 'tidying-reminder' };

/** The browser's Notification with leave `permission`, and what it showed. */
function browserWith(permission: 'default' | 'granted' | 'denied', answer: 'granted' | 'denied' = 'granted') {
  const shown: Array<{ title: string; options: unknown }> = [];
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
    constructor(title: string, options: unknown) {
      shown.push({ title, options });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('web mode’s reminders as the browser’s notifications', () => {
  it('asks for leave once, when a reminder is set, and not again once answered', async () => {
    const never = browserWith('default');
    expect(await askLeaveToNotify()).toBe('granted');
    expect(never.requestPermission).toHaveBeenCalledTimes(1);

    const refused = browserWith('denied');
    expect(await askLeaveToNotify()).toBe('denied');
    expect(refused.requestPermission).not.toHaveBeenCalled();

    const declined = browserWith('default', 'denied');
    expect(await askLeaveToNotify()).toBe('denied');
    expect(declined.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says when the browser has no notifications at all', async () => {
    vi.stubGlobal('Notification', undefined);
    expect(await askLeaveToNotify()).toBe('unsupported');
    expect(() => notifyInBrowser(notice)).not.toThrow();
  });

  it('shows a notice, silent and tagged (two open pages make one), only with leave', () => {
    const granted = browserWith('granted');
    notifyInBrowser(notice);
    expect(granted.shown).toEqual([{ title: notice.title, options: { body: notice.body, tag: notice.tag, silent: true } }]);
    for (const permission of ['default', 'denied'] as const) {
      const without = browserWith(permission);
      notifyInBrowser(notice);
      expect(without.shown).toEqual([]);
    }
  });
});
