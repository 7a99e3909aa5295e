/** `npm run bench`: every figure is printed beside a baseline measured in the same run. */
import { measurePushLatency } from './push-latency';

const changes = Number(process.env.BENCH_CHANGES ?? 1000);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

const report = await measurePushLatency(changes);
const lines = [
  `Push latency, state change in main -> arrival in the renderer (web mode, loopback, Chromium ${report.browser})`,
  `  ${report.changes} changes at seeded random gaps of 0-20 ms; page clock offset ${report.clockOffsetMs.toFixed(3)} ms corrected`,
  '',
  '                          p50         p99         max',
  `  push (this app)    ${fmt(report.push.p50).padStart(10)}  ${fmt(report.push.p99).padStart(10)}  ${fmt(report.push.max).padStart(10)}`,
  `  100 ms polling     ${fmt(report.polling.p50).padStart(10)}  ${fmt(report.polling.p99).padStart(10)}  ${fmt(report.polling.max).padStart(10)}`,
  `  polling / push     ${`${(report.polling.p50 / report.push.p50).toFixed(1)}x`.padStart(10)}  ${`${(report.polling.p99 / report.push.p99).toFixed(1)}x`.padStart(10)}`,
  '',
  `  polling never showed ${report.polling.neverSeen} of ${report.changes} intermediate states; push delivered all ${report.changes}.`,
];
process.stdout.write(`${lines.join('\n')}\n`);
