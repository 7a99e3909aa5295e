/**
 * `npm run bench [-- --quick] [--json FILE] [--compare OLD.json]`: every figure is printed beside a baseline measured
 * in the same run, as soon as it is measured. `--quick` runs the same code at small sizes (for `npm test`); the
 * full run's sizes can be shrunk with BENCH_CHANGES, BENCH_PHOTOS and BENCH_TURNS.
 */
import path from 'node:path';
import { measureCoachTokens } from './coach-tokens';
import { measureDetection } from './detection';
import { measureFreeText } from './free-text';
import { measureHeicImport } from './heic-import';
import { measureNextCard } from './next-card';
import { measurePhotoImport } from './photo-import';
import { measurePhotoStrip } from './photo-strip';
import { measurePushLatency } from './push-latency';
import { benchMain, type Section } from './runner';
import { measureRoomsHome } from './rooms-home';
import { measureSessionLog } from './session-log';

function sections({ quick }: { quick: boolean }): Section[] {
  const photos = quick ? 1 : Number(process.env.BENCH_PHOTOS ?? 100);
  return [
    { name: 'Push latency', run: (report) => measurePushLatency(report, quick ? 20 : Number(process.env.BENCH_CHANGES ?? 1000)) },
    { name: 'Coach tokens', run: (report) => (quick ? measureCoachTokens(report, 6, 6) : measureCoachTokens(report, 40, 30)) },
    { name: 'Photo import', run: (report) => measurePhotoImport(report, photos, quick) },
    { name: 'HEIC import', run: (report) => measureHeicImport(report, { runs: quick ? 1 : 10, quick }) },
    { name: 'Detection', run: (report) => measureDetection(report, { count: photos, runs: quick ? 3 : 30, quick }) },
    { name: 'Photo strip', run: (report) => measurePhotoStrip(report, quick ? { few: 3, many: 30, runs: 3 } : { few: 12, many: 150, runs: 30 }) },
    { name: 'Free-text reading', run: (report) => measureFreeText(report, { passes: quick ? 1 : 7 }) },
    { name: 'Next card', run: (report) => measureNextCard(report, quick ? { photos: 4, decided: 20, runs: 3 } : { photos: 100, decided: 600, runs: 30 }) },
    { name: 'Session log', run: (report) => measureSessionLog(report, { turns: quick ? 12 : Number(process.env.BENCH_TURNS ?? 1000), quick }) },
    { name: 'Rooms home', run: (report) => measureRoomsHome(report, quick ? { rooms: 3, sessions: 4, runs: 2 } : { rooms: 50, sessions: 20, runs: 15 }) },
  ];
}

process.exitCode = await benchMain(process.argv.slice(2), sections, {
  print: (line) => process.stdout.write(`${line}\n`),
  resultsDir: path.resolve(import.meta.dirname, 'results'),
  now: () => new Date(),
});
