/**
 * Push latency: from a state change in main to its arrival in the renderer (web mode, loopback, real Chromium),
 * beside what a 100 ms polling loop (the original app's design) sees of the same changes in the same run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { createAppCore } from '../src/main/core/app-core';
import { cryptoRandom, systemClock } from '../src/main/effects';
import { createTemplateRenderer, defaultTemplatesDir } from '../src/main/templates';
import { createLogger } from '../src/main/log/logger';
import { startWebServer } from '../src/main/web/server';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { percentile, seededRandom } from './stats';

export interface LatencyReport {
  changes: number;
  push: { p50: number; p99: number; max: number };
  polling: { p50: number; p99: number; max: number; neverSeen: number };
  clockOffsetMs: number;
  browser: string;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const POLL_INTERVAL_MS = 100;

/**
 * Runs in the page. Kept as plain JavaScript text: the TypeScript runner decorates compiled functions with helpers
 * that do not exist in the browser.
 */
const PAGE_RECORDER = `({ socketUrl, pollMs }) => {
  const clock = function () { return performance.timeOrigin + performance.now(); };
  const record = { pushes: [], polls: [], stop: function () {} };
  window.__bench = record;
  const listen = new WebSocket(socketUrl);
  listen.onmessage = function (event) {
    const at = clock();
    const frame = JSON.parse(String(event.data));
    if (frame.type === 'push') record.pushes.push([frame.payload.rev, at]);
  };
  const poll = new WebSocket(socketUrl);
  let n = 0;
  poll.onmessage = function (event) {
    const at = clock();
    const frame = JSON.parse(String(event.data));
    if (frame.type === 'result' && frame.result.ok) record.polls.push([frame.result.output.rev, at]);
  };
  const opened = [listen, poll].map(function (socket) {
    return new Promise(function (resolve) { socket.addEventListener('open', resolve); });
  });
  return Promise.all(opened).then(function () {
    const timer = setInterval(function () {
      poll.send(JSON.stringify({ type: 'invoke', id: 'p' + n++, channel: 'session:get' }));
    }, pollMs);
    record.stop = function () { clearInterval(timer); listen.close(); poll.close(); };
  });
}`;

/** Epoch milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
const nowMs = () => performance.timeOrigin + performance.now();

export async function measurePushLatency(changes: number): Promise<LatencyReport> {
  const logger = createLogger({ minLevel: 'warn' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-bench-'));
  const core = createAppCore({
    runtime: 'web',
    version: 'bench',
    model: { vision: true, tools: true },
    llm: undefined,
    templates: createTemplateRenderer(defaultTemplatesDir()),
    logger,
    time: systemClock(),
    random: cryptoRandom(),
    dataDir,
  });
  const server = await startWebServer({ core, logger, rendererDir: path.join(ROOT, 'out/renderer'), port: 0 });
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium found: install Debian’s chromium package or set CHROMIUM_PATH.');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByTestId('connection').getByText('Connected').waitFor();

    // Offset of the page's clock from ours, NTP-style, from the round trip with the smallest delay.
    let best = { rtt: Infinity, offset: 0 };
    for (let i = 0; i < 30; i++) {
      const sent = nowMs();
      const pageTime = await page.evaluate(() => performance.timeOrigin + performance.now());
      const received = nowMs();
      if (received - sent < best.rtt) best = { rtt: received - sent, offset: pageTime - (sent + received) / 2 };
    }

    // In the page: one socket that only listens to pushes, one that only polls every 100 ms.
    await page.evaluate(
      `(${PAGE_RECORDER})(${JSON.stringify({
        socketUrl: `ws://127.0.0.1:${server.port}/ipc?token=${server.token}`,
        pollMs: POLL_INTERVAL_MS,
      })})`,
    );

    // Changes at seeded random gaps of 0-20 ms, like bursts of real activity.
    const random = seededRandom(42);
    const changedAt = new Map<number, number>();
    for (let i = 0; i < changes; i++) {
      await new Promise((resolve) => setTimeout(resolve, random() * 20));
      const before = nowMs();
      const { rev } = core.store.update((state) => ({
        ...state,
        itemsProcessed: state.itemsProcessed + 1,
        mode: { kind: 'sorting', currentItem: `item ${i}` },
      }));
      changedAt.set(rev, before);
    }
    const lastRev = core.store.snapshot().rev;
    // Evaluated as text (the page's CSP forbids string eval inside it, but this runs through the debugger).
    await page.evaluate(`new Promise((resolve) => {
      const check = () =>
        window.__bench.pushes.some((p) => p[0] === ${lastRev}) && window.__bench.polls.some((p) => p[0] >= ${lastRev})
          ? resolve(true)
          : setTimeout(check, 20);
      check();
    })`);
    const recorded = (await page.evaluate(
      '(() => { window.__bench.stop(); return { pushes: window.__bench.pushes, polls: window.__bench.polls }; })()',
    )) as { pushes: Array<[number, number]>; polls: Array<[number, number]> };

    const toOurClock = (pageTime: number) => pageTime - best.offset;
    const pushLatency: number[] = [];
    for (const [rev, at] of recorded.pushes) {
      const changed = changedAt.get(rev);
      if (changed !== undefined) pushLatency.push(toOurClock(at) - changed);
    }
    // A poll shows change `rev` once it returns that revision or a later one.
    const pollLatency: number[] = [];
    let neverSeen = 0;
    const polls = [...recorded.polls].sort((a, b) => a[1] - b[1]);
    const seenRevs = new Set(polls.map(([rev]) => rev));
    for (const [rev, changed] of changedAt) {
      if (!seenRevs.has(rev)) neverSeen++;
      const first = polls.find(([seen, at]) => seen >= rev && toOurClock(at) >= changed);
      if (first) pollLatency.push(toOurClock(first[1]) - changed);
    }
    if (pushLatency.length !== changes) throw new Error(`Only ${pushLatency.length} of ${changes} pushes arrived.`);
    return {
      changes,
      push: { p50: percentile(pushLatency, 50), p99: percentile(pushLatency, 99), max: Math.max(...pushLatency) },
      polling: {
        p50: percentile(pollLatency, 50),
        p99: percentile(pollLatency, 99),
        max: Math.max(...pollLatency),
        neverSeen,
      },
      clockOffsetMs: best.offset,
      browser: browser.version(),
    };
  } finally {
    await browser.close();
    await server.close();
    await core.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}
