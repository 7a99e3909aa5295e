import { describe, expect, it } from 'vitest';
import { photosComingIn } from './progress-words';

describe('photos still coming in, in words', () => {
  it('says how far along sending and preparing are, the file at hand when asked, and what waits behind them', () => {
    const sending = { phase: 'sending', sent: 3, total: 100, currentFile: 'a.jpg' } as const;
    const preparing = { phase: 'importing', total: 100, progress: { done: 40, total: 100, currentFile: 'b.jpg' } } as const;
    expect(photosComingIn(sending)).toBe('Sending 4 of 100');
    expect(photosComingIn(sending, { file: true })).toBe('Sending 4 of 100: a.jpg');
    expect(photosComingIn(preparing)).toBe('Preparing 40 of 100');
    expect(photosComingIn(preparing, { file: true })).toBe('Preparing 40 of 100: b.jpg');
    expect(photosComingIn({ phase: 'importing', total: 1 })).toBe('Preparing 1 photo…');
    expect(photosComingIn({ phase: 'importing', total: 0 })).toBe('Choosing photos…');
    expect(photosComingIn({ phase: 'importing', total: 12, waiting: 5, progress: { done: 2, total: 12, currentFile: 'c.jpg' } })).toBe('Preparing 2 of 12 (5 more to follow)');
  });

  it('says nothing once they are in, or when none are coming', () => {
    expect(photosComingIn({ phase: 'idle' })).toBeUndefined();
    expect(photosComingIn({ phase: 'failed', message: 'x' })).toBeUndefined();
    expect(photosComingIn({ phase: 'done', result: { imported: [], duplicates: [], skipped: [], tooDeep: [], capped: false, cancelled: false } })).toBeUndefined();
  });
});
