import { EventEmitter } from 'node:events';
import type { NotificationConstructorOptions } from 'electron';

/** A notification the app showed: what it said, and `click` to answer it as the person would. */
export interface ShownNotification {
  readonly options: NotificationConstructorOptions;
  click(): void;
}

/**
 * Electron's Notification: `isSupported` as the machine says (`supported`, true unless a test says otherwise); each
 * `show()` is recorded in `shown`. Nothing reaches the desktop.
 */
export function notificationClass() {
  const shown: ShownNotification[] = [];
  const state = { supported: true };
  class Notification extends EventEmitter {
    static isSupported(): boolean {
      return state.supported;
    }
    readonly #options: NotificationConstructorOptions;
    constructor(options: NotificationConstructorOptions = {}) {
      super();
      this.#options = options;
    }
    show(): void {
      shown.push({ options: this.#options, click: () => this.emit('click') });
    }
    close(): void {
      this.emit('close');
    }
  }
  return { Notification, shown, state };
}
