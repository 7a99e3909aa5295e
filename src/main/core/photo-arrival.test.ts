import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhotoShare } from '../sessions/live-session';
import { memoryLogger } from '../../../test-support/fixtures';
import { manualTime, type Timers } from '../effects';
import { FIRST_LOOK_WAIT_MS, JOIN_EVERY_MS, PhotoArrival, type PhotoArrivalDeps } from './photo-arrival';

const photo = (n: number) => ({ id: String(n).repeat(64).slice(0, 64), originalName: `room-${n}.jpg`, width: 1024, height: 768 });

/** A session and a detector that record what the arrival asks of them; the detector settles a photo when told. */
function harness({ guided = true, sessionId = 's1', timers }: { guided?: boolean; sessionId?: string; timers?: Timers } = {}) {
  const joined: { ids: string[]; into: string | undefined }[] = [];
  const looked: string[] = [];
  const requested: { ids: string[]; first: boolean }[] = [];
  const settle = new Map<string, () => void>();
  const current = {
    id: sessionId,
    startsOnFirstPhoto: guided,
    joinPhotos: vi.fn((photos: readonly { id: string }[], share?: PhotoShare): Promise<PhotoShare> => {
      joined.push({ ids: photos.map((one) => one.id), into: share?.messageId });
      return Promise.resolve(share ?? { messageId: 'm1', stage: 'before' });
    }),
    look: vi.fn((share: PhotoShare) => {
      looked.push(share.messageId!);
      return Promise.resolve();
    }),
  };
  const detection = {
    request: vi.fn((job: { photos: readonly { id: string }[] }, options?: { first?: boolean }) => {
      requested.push({ ids: job.photos.map((one) => one.id), first: options?.first ?? false });
    }),
    settled: vi.fn((_session: string, photoId: string) => new Promise<void>((resolve) => settle.set(photoId, resolve))),
  };
  const deps: PhotoArrivalDeps = { sessionId: 's1', current, detection, photosDir: '/photos', logger: memoryLogger(), ...(timers ? { timers } : {}) };
  return { arrival: new PhotoArrival(deps), current, joined, looked, requested, settle };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an import’s photos arriving in the session', () => {
  it('the first photo joins at once and is detected ahead of the rest; the guided coach looks once the detector has', async () => {
    vi.useFakeTimers();
    const { arrival, joined, looked, requested, settle } = harness();
    arrival.stored(photo(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(joined).toEqual([{ ids: [photo(1).id], into: undefined }]);
    expect(requested).toEqual([{ ids: [photo(1).id], first: true }]);
    // The detector has not looked yet: the coach waits, while more photos are stored.
    arrival.stored(photo(2));
    arrival.stored(photo(3));
    await vi.advanceTimersByTimeAsync(JOIN_EVERY_MS);
    expect(looked).toEqual([]);
    expect(joined[1]).toEqual({ ids: [photo(2).id, photo(3).id], into: 'm1' });
    expect(requested[1]).toEqual({ ids: [photo(2).id, photo(3).id], first: false });
    settle.get(photo(1).id)!();
    await vi.advanceTimersByTimeAsync(0);
    expect(looked).toEqual(['m1']);
    // The import ends: the coach has looked already, and does not look again.
    arrival.stored(photo(4));
    await arrival.finish();
    expect(joined.map((join) => join.ids.length)).toEqual([1, 2, 1]);
    expect(looked).toEqual(['m1']);
  });

  it('a detector that does not answer holds the guided coach up for a few seconds at most', async () => {
    vi.useFakeTimers();
    const { arrival, looked } = harness();
    arrival.stored(photo(1));
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_WAIT_MS - 1);
    expect(looked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(looked).toEqual(['m1']);
  });

  it('the first look’s wait runs on the app’s timers: a test’s clock holds the coach until the test moves it past the wait', async () => {
    const time = manualTime(Date.UTC(2026, 0, 5, 9));
    const { arrival, looked } = harness({ timers: time.timers });
    arrival.stored(photo(1));
    // Real time passing does nothing: only the app's clock counts.
    await new Promise((resolve) => setImmediate(resolve));
    time.advance(FIRST_LOOK_WAIT_MS - 1);
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(looked).toEqual([]);
    time.advance(1);
    await vi.waitFor(() => expect(looked).toEqual(['m1']), { timeout: 30_000 });
  });

  it('a conversational coach looks once, when every photo is in (its model sees them together)', async () => {
    vi.useFakeTimers();
    const { arrival, looked, joined, settle } = harness({ guided: false });
    arrival.stored(photo(1));
    arrival.stored(photo(2));
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_WAIT_MS);
    settle.get(photo(1).id)?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(looked).toEqual([]);
    arrival.stored(photo(3));
    await arrival.finish();
    expect(joined.flatMap((join) => join.ids)).toEqual([photo(1).id, photo(2).id, photo(3).id]);
    expect(looked).toEqual(['m1']);
  });

  it('photos stored after the person started another session do not join it, and the coach does not look', async () => {
    const { arrival, joined, current } = harness({ guided: false });
    arrival.stored(photo(5));
    await expect.poll(() => joined).toHaveLength(1);
    (current as { id: string }).id = 's2';
    arrival.stored(photo(6));
    await arrival.finish();
    expect(joined).toHaveLength(1);
    expect(current.look).not.toHaveBeenCalled();
  });

  it('a join that fails ends the import with its error, and nothing after it joins', async () => {
    const { arrival, current } = harness({ guided: false });
    current.joinPhotos.mockImplementationOnce(() => Promise.reject(new Error('The disk is full.')));
    arrival.stored(photo(1));
    arrival.stored(photo(2));
    await expect(arrival.finish()).rejects.toThrow('The disk is full.');
    expect(current.joinPhotos).toHaveBeenCalledTimes(1);
    expect(current.look).not.toHaveBeenCalled();
  });
});
