/**
 * One import's photos on their way into the session in use. Each joins as soon as it is stored (the first at once,
 * the rest a few at a time, so the strip fills while the import goes on), the first is detected ahead of everything
 * else, and the coach starts:
 * - the guided coach on the first photo, once the detector has looked at it, so its first card can name what is
 *   there; a detector that is slow, off or missing holds it up for FIRST_LOOK_WAIT_MS at most;
 * - a conversational coach once every photo is in, since its model looks at an import's photos together.
 */
import type { PhotoRecord } from '../../shared/photos/schema';
import type { DetectionService } from '../detection/service';
import type { Logger } from '../log/logger';
import type { CurrentSession } from '../sessions/current-session';
import type { PhotoShare } from '../sessions/live-session';
import { systemTimers, type Timers } from '../effects';

/** Photos stored after the first join the session at most this often (each join is a log line and a push). */
export const JOIN_EVERY_MS = 250;
/** The longest the guided coach waits for the detector's look at the first photo before it starts without it. */
export const FIRST_LOOK_WAIT_MS = 6000;

export interface PhotoArrivalDeps {
  readonly sessionId: string;
  readonly current: Pick<CurrentSession, 'id' | 'joinPhotos' | 'look' | 'startsOnFirstPhoto'>;
  /** The detector, when detection is on. */
  readonly detection: Pick<DetectionService, 'request' | 'settled'> | undefined;
  readonly photosDir: string;
  readonly logger: Logger;
  /** Default FIRST_LOOK_WAIT_MS. */
  readonly firstLookWaitMs?: number;
  /** The app's timers, which the first look's wait runs on (a test's clock moves them; the joins' cadence is real time). */
  readonly timers?: Timers;
}

type Joining = Pick<PhotoRecord, 'id' | 'originalName' | 'width' | 'height' | 'view'>;

export class PhotoArrival {
  readonly #deps: PhotoArrivalDeps;
  #share: PhotoShare | undefined;
  /** Stored, not joined yet. */
  #waiting: Joining[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Joins run one after another, in the order the photos were stored. */
  #chain: Promise<void> = Promise.resolve();
  #failed: unknown;
  #started = false;
  #looked = false;

  constructor(deps: PhotoArrivalDeps) {
    this.#deps = deps;
  }

  /** A photo the import just stored. */
  stored(record: Joining): void {
    this.#waiting.push(record);
    if (!this.#started) {
      this.#started = true;
      return this.#flush();
    }
    this.#timer ??= setTimeout(() => this.#flush(), JOIN_EVERY_MS);
  }

  /** The import is over: what is left joins, and a coach that waits for every photo looks now. */
  async finish(): Promise<void> {
    this.#flush();
    await this.#chain;
    if (this.#failed) throw this.#failed;
    if (this.#share && !this.#looked && !this.#deps.current.startsOnFirstPhoto) await this.#look();
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#waiting;
    this.#waiting = [];
    if (batch.length === 0) return;
    this.#chain = this.#chain.then(() => this.#join(batch));
  }

  async #join(batch: readonly Joining[]): Promise<void> {
    const { current, sessionId, detection, photosDir, logger } = this.#deps;
    // The person started another session meanwhile: the photos stay in this one's folder, as an import cut short.
    // (Every photo given here is new to the session: the import hands over only what its folder did not hold.)
    if (this.#failed || current.id !== sessionId) return;
    const first = !this.#share;
    try {
      this.#share = await current.joinPhotos(
        batch.map((record) => ({ id: record.id, fileName: record.originalName, width: record.width, height: record.height, ...(record.view ? { view: record.view } : {}) })),
        this.#share,
      );
    } catch (error) {
      this.#failed = error;
      return;
    }
    // Detected once the session has them, so the findings go straight in; the first photo ahead of the rest.
    detection?.request({ sessionId, photosDir, photos: batch }, { first });
    if (!first || !current.startsOnFirstPhoto) return;
    const photoId = batch[0]!.id;
    const timers = this.#deps.timers ?? systemTimers;
    let timer: unknown;
    const waited = new Promise<void>((resolve) => (timer = timers.set(resolve, this.#deps.firstLookWaitMs ?? FIRST_LOOK_WAIT_MS)));
    void Promise.race([detection ? detection.settled(sessionId, photoId) : Promise.resolve(), waited])
      .then(() => {
        timers.clear(timer);
        return this.#look();
      })
      .catch((error: unknown) => logger.error('The coach could not start on the first photo', { error }));
  }

  async #look(): Promise<void> {
    if (this.#looked || !this.#share || this.#deps.current.id !== this.#deps.sessionId) return;
    this.#looked = true;
    await this.#deps.current.look(this.#share);
  }
}
