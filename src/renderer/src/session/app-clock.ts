import { createContext, useContext } from 'react';
import type { ClockReading } from '../../../shared/ipc/contract';
import type { Bridge } from '../bridge';
import { Subscribers } from './subscribers';

/** What main last said its clock read, and what this page's own clock read when it heard it. */
export interface MainReading {
  readonly main: number;
  readonly local: number;
  readonly runs: boolean;
}

/**
 * Main's time at the moment this page's clock reads `local`. A running clock is this page's clock shifted by what main
 * said (about nothing in the app; a test's TIDY_CLOCK_START otherwise); a test's clock that stands still reads what main
 * said until main moves it. Before main has said anything, the page's own clock.
 */
export function mainTimeAt(reading: MainReading | undefined, local: number): number {
  if (!reading) return local;
  return reading.runs ? reading.main + (local - reading.local) : reading.main;
}

/**
 * Main's clock as the page has it, so every time the page words ("15 min left", "waits about 5 min", "3 weeks ago") is
 * main's: asked on every (re)connect, then kept by `clock:changed` pushes. Like the session mirror it lives outside
 * React, one for the page's life.
 */
export class AppClock {
  #reading: MainReading | undefined;
  /** Counts pushes, so an answer to `clock:get` that a push overtook is not taken over it. */
  #pushes = 0;
  readonly #subscribers = new Subscribers();
  readonly #unsubscribers: Array<() => void> = [];
  readonly #bridge: Bridge;
  readonly #localNow: () => number;

  constructor(bridge: Bridge, localNow: () => number = () => Date.now()) {
    this.#bridge = bridge;
    this.#localNow = localNow;
    this.#unsubscribers.push(
      bridge.on('clock:changed', (reading) => {
        this.#pushes++;
        this.#accept(reading);
      }),
    );
    this.#unsubscribers.push(
      bridge.onStatus((status) => {
        if (status === 'connected') void this.#load();
      }),
    );
    if (bridge.status === 'connected' || bridge.status === 'connecting') void this.#load();
  }

  /** What main said last (undefined until it has): for `useSyncExternalStore`, a new object only when it changes. */
  readonly reading = (): MainReading | undefined => this.#reading;

  /** Main's time now. */
  now(): number {
    return mainTimeAt(this.#reading, this.#localNow());
  }

  readonly subscribe = this.#subscribers.subscribe;

  dispose(): void {
    for (const unsubscribe of this.#unsubscribers.splice(0)) unsubscribe();
    this.#subscribers.clear();
  }

  async #load(): Promise<void> {
    const pushes = this.#pushes;
    try {
      const reading = await this.#bridge.invoke('clock:get');
      if (this.#pushes === pushes) this.#accept(reading);
    } catch {
      // Disconnected again: the next connect asks again.
    }
  }

  #accept(reading: ClockReading): void {
    this.#reading = { main: reading.now, local: this.#localNow(), runs: reading.runs };
    this.#subscribers.notify();
  }
}

/** The page's one app clock (main.tsx provides it). */
export const AppClockContext = createContext<AppClock | undefined>(undefined);

export function useAppClock(): AppClock {
  const clock = useContext(AppClockContext);
  if (!clock) throw new Error('No app clock: the App is rendered inside AppClockContext (main.tsx).');
  return clock;
}
