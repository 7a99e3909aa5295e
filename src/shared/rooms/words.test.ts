import { describe, expect, it } from 'vitest';
import { agoWords, dayWords, lookLine, minutesWords, totalsWords, waitingWords } from './words';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = new Date(2026, 8, 29, 18).getTime();

describe('a room’s facts in neutral words', () => {
  it('says when, rounded as people say it, never as a deadline', () => {
    const ago = (ms: number) => agoWords(NOW - ms, NOW);
    expect([0, 5 * MINUTE, 3 * 60 * MINUTE, 1.2 * DAY, 4 * DAY, 8 * DAY, 21 * DAY - 10_000, 45 * DAY, 150 * DAY, 400 * DAY].map(ago)).toEqual([
      'just now',
      '5 minutes ago',
      '3 hours ago',
      'yesterday',
      '4 days ago',
      'last week',
      '3 weeks ago',
      '6 weeks ago',
      '5 months ago',
      'over a year ago',
    ]);
  });

  it('says what is waiting, or that nothing is', () => {
    expect(waitingWords({ undecided: 1, trips: 2 })).toBe('1 undecided thing and 2 trips to make');
    expect(waitingWords({ undecided: 0, trips: 1 })).toBe('1 trip to make');
    expect(waitingWords({ undecided: 0, trips: 0 })).toBe('Nothing waiting');
  });

  it('says a day, with its year when it is not this year’s', () => {
    expect(dayWords(new Date(2026, 8, 1, 9).getTime(), NOW)).toBe('1 Sep');
    expect(dayWords(new Date(2025, 11, 31, 9).getTime(), NOW)).toBe('31 Dec 2025');
  });

  it('says the photos’ loose things, or why there is no count', () => {
    expect(lookLine({ count: 3, loose: 14 })).toBe('3 photos, 14 loose things the detector could see');
    expect(lookLine({ count: 1 })).toBe('1 photo, no count: the detector has not read all of them');
  });

  it('says minutes, and a visit too short to round to one as under a minute', () => {
    expect([0, 1, 45].map(minutesWords)).toEqual(['under a minute', '1 minute', '45 minutes']);
  });

  it('says the totals as progress, with the groups as the piles say them', () => {
    const totals = { visits: 3, counts: { here: 2, elsewhere: 1, leaving: 4, undecided: 1, skipped: 1 }, decided: 9, left: 3, trips: { done: 1, total: 2 }, minutes: 41 };
    expect(totalsWords(totals)).toBe(
      '3 visits, 41 minutes in all. 9 things decided: 2 stay here, 1 goes elsewhere in the home, 4 leave the home, 1 undecided, 1 skipped for now. 3 things left the home; 1 of 2 trips done.',
    );
  });
});
