/** `npm run bench`: every figure is printed beside a baseline measured in the same run. */
import os from 'node:os';
import { measureCoachTokens } from './coach-tokens';
import { measureDetection } from './detection';
import { measurePhotoImport } from './photo-import';
import { measurePhotoStrip } from './photo-strip';
import { measurePushLatency } from './push-latency';
import { measureSessionLog } from './session-log';

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const pad = (text: string, width = 10) => text.padStart(width);
const lines: string[] = [];

const changes = Number(process.env.BENCH_CHANGES ?? 1000);
const latency = await measurePushLatency(changes);
lines.push(
  `Push latency, state change in main -> arrival in the renderer (web mode, loopback, Chromium ${latency.browser})`,
  `  ${latency.changes} changes at seeded random gaps of 0-20 ms; page clock offset ${latency.clockOffsetMs.toFixed(3)} ms corrected`,
  '                          p50         p99         max',
  `  push (this app)    ${pad(fmt(latency.push.p50))}  ${pad(fmt(latency.push.p99))}  ${pad(fmt(latency.push.max))}`,
  `  100 ms polling     ${pad(fmt(latency.polling.p50))}  ${pad(fmt(latency.polling.p99))}  ${pad(fmt(latency.polling.max))}`,
  `  polling / push     ${pad(`${(latency.polling.p50 / latency.push.p50).toFixed(1)}x`)}  ${pad(`${(latency.polling.p99 / latency.push.p99).toFixed(1)}x`)}`,
  `  polling never showed ${latency.polling.neverSeen} of ${latency.changes} intermediate states; push delivered all ${latency.changes}.`,
);

const tokens = await measureCoachTokens(40, 30);
const row = (label: string, values: typeof tokens.coach) =>
  `  ${label.padEnd(19)}${pad(String(values.first), 8)}${pad(String(values.middle), 10)}${pad(String(values.last), 10)}${pad(String(values.max), 10)}${pad(String(values.total), 11)}`;
lines.push(
  '',
  `Coach input tokens per turn, scripted ${tokens.turns}-turn session with ${tokens.photos} photos (estimate: 4 chars/token, 765/image)`,
  '                      turn 1  turn ' + String(Math.floor(tokens.turns / 2) + 1).padEnd(5) + ` turn ${tokens.turns}       max      total`,
  row('this app', tokens.coach),
  row('naive (all, always)', tokens.naive),
  `  naive / this app   ${pad(`${(tokens.naive.last / tokens.coach.last).toFixed(1)}x`, 27)} at the last turn, ${(tokens.naive.total / tokens.coach.total).toFixed(1)}x in total`,
);

const photos = await measurePhotoImport(Number(process.env.BENCH_PHOTOS ?? 100));
lines.push(
  '',
  `Photo import, ${photos.photos} generated ${photos.width}x${photos.height} JPEGs (mean ${photos.meanFileMb.toFixed(1)} MB)`,
  `  importPhotos (this app)   ${photos.import.photosPerSecond.toFixed(1).padStart(6)} photos/s  (${photos.import.seconds.toFixed(2)} s)`,
  `  bare sharp resize         ${photos.bare.photosPerSecond.toFixed(1).padStart(6)} photos/s  (${photos.bare.seconds.toFixed(2)} s)`,
  `  this app / bare           ${(photos.import.photosPerSecond / photos.bare.photosPerSecond).toFixed(2).padStart(6)}x`,
  `  peak RSS during import    ${photos.rssMb.peakDuringImport.toFixed(0)} MB (${photos.rssMb.beforeImport.toFixed(0)} MB before)`,
);

const detection = await measureDetection(Number(process.env.BENCH_PHOTOS ?? 100));
const { perPhoto, hundred } = detection;
lines.push(
  '',
  `On-device detection (CenterNet COCO, tfjs WebAssembly backend in a worker; ${os.availableParallelism()} cores here)`,
  `  per 1024 px photo, warm     p50 ${fmt(perPhoto.detect.p50).padStart(10)}  p90 ${fmt(perPhoto.detect.p90)}  (inference alone p50 ${fmt(perPhoto.infer.p50)}; goal: p50 under 300 ms)`,
  `  import of the same photo    p50 ${fmt(perPhoto.importP50).padStart(10)}  detection = ${(perPhoto.detect.p50 / perPhoto.importP50).toFixed(1)}x the import (${perPhoto.runs} runs over the test photos)`,
  `  cold start                  ${fmt(detection.coldStart.firstResultMs).padStart(14)}  to the first result (loading the model and a warm-up run: ${fmt(detection.coldStart.loadMs)})`,
  `  memory                      ${(detection.memory.peakMb - detection.memory.beforeMb).toFixed(0).padStart(11)} MB more at the peak (RSS ${detection.memory.beforeMb.toFixed(0)} MB before the worker, ${detection.memory.peakMb.toFixed(0)} MB at most while detecting)`,
  `  install size added          ${(detection.installBytes / 1e6).toFixed(1).padStart(11)} MB  (${((detection.installBytes / detection.nodeModulesBytes) * 100).toFixed(1)}% of node_modules' ${(detection.nodeModulesBytes / 1e6).toFixed(0)} MB; goal: under 60 MB)`,
  `  ${hundred.photos} photos, import alone     ${hundred.importSeconds.toFixed(2).padStart(8)} s`,
  `  import + detection          ${hundred.withDetectionSeconds.toFixed(2).padStart(8)} s  ${(hundred.withDetectionSeconds / hundred.importSeconds).toFixed(2)}x the import alone, ${hundred.workers} worker${hundred.workers === 1 ? '' : 's'} (goal: under 2x)`,
  ...(hundred.workers === 2 ? [] : [`  with two workers            ${hundred.twoWorkersSeconds.toFixed(2).padStart(8)} s  ${(hundred.twoWorkersSeconds / hundred.importSeconds).toFixed(2)}x`]),
);

const strip = await measurePhotoStrip();
lines.push(
  '',
  'Photo strip, built, styled and laid out again in Chromium (median of 30; one frame at 60 Hz is 16.7 ms)',
  `  ${String(strip.few.photos).padStart(3)} thumbnails          ${fmt(strip.few.ms).padStart(10)}`,
  `  ${String(strip.many.photos).padStart(3)} thumbnails          ${fmt(strip.many.ms).padStart(10)}   ${(strip.many.ms / strip.few.ms).toFixed(1)}x; ${strip.many.ms < 16.7 ? 'under a frame, so the strip is not virtualised' : 'over a frame: virtualise the strip'}`,
);

const log = await measureSessionLog(Number(process.env.BENCH_TURNS ?? 1000));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
lines.push(
  '',
  `Session log v2, ${log.turns}-turn session through the app core (conversational coach, scripted model; ${log.events} events, recorded in ${log.recordSeconds.toFixed(1)} s)`,
  `  bytes a turn at turn ${Math.min(100, log.turns)}      ${kb(log.size.perTurnAt100).padStart(10)}`,
  `  bytes a turn at turn ${log.turns}     ${kb(log.size.perTurnAtEnd).padStart(10)}   ${(log.size.perTurnAtEnd / log.size.perTurnAt100).toFixed(2)}x the turn-100 rate (goal: 1.2x at most)`,
  `  whole log                 ${mb(log.size.bytes).padStart(10)}   (goal: under 20 MB)`,
  `  as version 1 would write  ${mb(log.size.version1Bytes).padStart(10)}   ${(log.size.version1Bytes / log.size.bytes).toFixed(1)}x this log`,
  `  parse alone               ${fmt(log.parse.ms).padStart(10)}`,
  `  parse + replay --check    ${fmt(log.check.ms).padStart(10)}   ${(log.check.ms / log.parse.ms).toFixed(2)}x parse alone (goal: 1.5x at most, under 1 s); ${log.check.turnsChecked} turns checked`,
  `  resume to a live state    ${fmt(log.resume.ms).padStart(10)}   ${(log.resume.ms / log.parse.ms).toFixed(2)}x parsing the whole log (goal: under 300 ms)`,
  `  replay in Sessions        ${mb(log.timeline.bytes).padStart(10)}   sent as changes, beside ${mb(log.timeline.statesBytes)} as a state a step (${(log.timeline.statesBytes / log.timeline.bytes).toFixed(0)}x); made in ${fmt(log.timeline.ms)}`,
);

process.stdout.write(`${lines.join('\n')}\n`);
