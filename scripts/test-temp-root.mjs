// `npm test` runs in a temp folder of its own, so nothing a test leaves in the temp dir can hide among what else
// is there. `node scripts/test-temp-root.mjs start` makes that folder and prints its path (the test script exports
// it as TMPDIR); `node scripts/test-temp-root.mjs check`, the last step, fails naming whatever is left in it, then
// removes it.
//
// On Linux the folder is made in /dev/shm, which is memory: the session log fsyncs what a person said before it
// answers, and on a disk those fsyncs were most of the time of the tests that log many sessions (the dialogue
// replay property ran 2.3x slower). Nothing a test checks depends on the disk: a killed process's writes are in the
// page cache either way.
import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'tidying-test-run-';

/**
 * What the tools the tests run keep in the temp dir by design, not left behind by a test: tsx's, Node's and
 * Playwright's compile caches, and jiti's (electron-builder's configuration loader, which packaging/config.test.ts
 * uses). (Chromium's profiles and Playwright's artifacts are removed by Playwright when the browser closes.)
 */
const TOOL_CACHES = [/^tsx-\d+$/, /^node-compile-cache$/, /^playwright-transform-cache-\d+$/, /^jiti$/];

/** /dev/shm when this machine has it and it can be written to, else the system's temp dir. */
function parentFolder() {
  const memory = '/dev/shm';
  try {
    if (!statSync(memory).isDirectory()) return os.tmpdir();
    accessSync(memory, constants.W_OK);
    return memory;
  } catch {
    return os.tmpdir();
  }
}

const [command] = process.argv.slice(2);
if (command === 'start') {
  process.stdout.write(mkdtempSync(path.join(parentFolder(), PREFIX)));
} else if (command === 'check') {
  const root = os.tmpdir();
  if (!path.basename(root).startsWith(PREFIX)) {
    console.error(`The temp dir ${root} is not one \`start\` made: run the tests with TMPDIR="$(node scripts/test-temp-root.mjs start)".`);
    process.exit(1);
  }
  const left = readdirSync(root).filter((name) => !TOOL_CACHES.some((cache) => cache.test(name)));
  rmSync(root, { recursive: true, force: true });
  if (left.length === 0) {
    console.log('no test left anything in the temp dir');
  } else {
    console.error(`${left.length} thing(s) the tests made in the temp dir outlived the run:`);
    for (const name of left.sort()) console.error(`  ${name}`);
    console.error('A test made these and did not remove them: remove them in its teardown (afterEach, or a finally).');
    process.exit(1);
  }
} else {
  console.error('usage: node scripts/test-temp-root.mjs start | check');
  process.exit(2);
}
