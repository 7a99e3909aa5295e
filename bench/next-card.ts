/**
 * The guided coach's next card in a big session: photos of lived-in rooms as the detector sees them (a shelf of a
 * dozen books, bottles along a counter, cups by the sink, odd things about), many already decided. The time `decide`
 * takes to pick the next card (things grouped by kind and place, what looks put away, the three-in-a-row rule,
 * overlapping photos) beside the time the plain list of detected things takes (`proposals`, one card per thing).
 */
import { performance } from 'node:perf_hooks';
import { classInfo } from '../src/shared/detection/classes';
import type { CocoLabel, DetectedItem } from '../src/shared/detection/schema';
import { newSessionState } from '../src/shared/session/new-session';
import type { Photo, SessionState } from '../src/shared/session/schema';
import { offers } from '../src/main/detection/offers';
import { proposals } from '../src/main/detection/proposals';
import { decide } from '../src/main/guided/decide';
import { recordDecisions } from '../src/main/session/decisions';
import { fmt } from './format';
import type { SectionReport } from './runner';

/** One room as the detector sees it: 26 things, 17 of them in rows or clusters. */
function room(index: number): Photo {
  const items: DetectedItem[] = [];
  const add = (label: CocoLabel, x: number, y: number, width: number, height: number) =>
    items.push({ id: String(items.length + 1), label, name: classInfo(label).name || label, score: 0.5 + ((items.length * 7) % 40) / 100, box: { x, y, width, height } });
  add('dining table', 0, 600, 1600, 600);
  for (let book = 0; book < 12; book += 1) add('book', 100 + book * 45, 100, 40, 160);
  for (let bottle = 0; bottle < 5; bottle += 1) add('bottle', 800 + bottle * 70, 450 + (bottle % 2) * 30, 50, 150);
  for (let cup = 0; cup < 3; cup += 1) add('cup', 300 + cup * 90, 700, 70, 80);
  for (const [label, x] of [['remote', 1300], ['cell phone', 1450], ['backpack', 50], ['scissors', 700], ['teddy bear', 1100]] as const) add(label, x, 900, 90, 90);
  return { id: `room-${index}`, fileName: `room-${index}.jpg`, width: 1600, height: 1200, detections: { items, busy: [] } };
}

function medianMs(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export async function measureNextCard(report: SectionReport, { photos, decided, runs }: { photos: number; decided: number; runs: number }): Promise<void> {
  let state: SessionState = {
    ...newSessionState('bench', 0),
    spaceFunction: 'Living and relaxing',
    photos: Array.from({ length: photos }, (_, index) => room(index)),
    guided: { phase: 'sorting', active: { function: 'Living and relaxing', anchors: [], later: [] } },
  };
  // Decide the first cards as a person would, a group at a time, until `decided` things are decided.
  for (let card = 0; state.decisions.length < decided; card += 1) {
    const [next] = offers(state);
    if (!next) break;
    state = recordDecisions(state, next.refs.map((detection, index) => ({ item: next.name, outcome: 'keep' as const, detection, id: `${card}-${index}` })), card);
  }
  const things = state.photos.reduce((sum, photo) => sum + (photo.detections?.items.length ?? 0), 0);
  report.say(`The guided coach's next card: ${photos} photos of rooms, ${things} detected things, ${state.decisions.length} decided`);
  const plainMs = medianMs(runs, () => proposals(state));
  const nextMs = medianMs(runs, () => decide(state, { kind: 'next' }));
  report.figures(
    [
      { name: 'detected things, one card each (proposals)', value: plainMs, unit: 'ms' },
      { name: 'next card (decide)', value: nextMs, unit: 'ms', baseline: 'detected things, one card each (proposals)' },
    ],
    ([plain, next]) => `  next card                ${fmt(next!).padStart(10)}   ${(next! / plain!).toFixed(1)}x listing the detected things one card each (${fmt(plain!)}); median of ${runs}`,
  );
}
