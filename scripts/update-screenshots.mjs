// The last step of `npm run screenshots`: copies the screenshots the e2e run just saved (git ignores them) over the
// committed copies in e2e/screenshots, and says which changed. Only .png files are copied.
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMITTED_SCREENSHOTS_DIR, SCREENSHOTS_DIR } from '../e2e/support/screenshots.ts';

const pngs = (dir) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.png')).sort() : []);
const relative = (dir) => path.relative(process.cwd(), dir);

const taken = pngs(SCREENSHOTS_DIR);
if (taken.length === 0) {
  console.error(`No screenshots in ${relative(SCREENSHOTS_DIR)}: the e2e run saved none, so e2e/screenshots is left as it is.`);
  process.exit(1);
}

const changed = [];
for (const name of taken) {
  const from = path.join(SCREENSHOTS_DIR, name);
  const to = path.join(COMMITTED_SCREENSHOTS_DIR, name);
  if (existsSync(to) && readFileSync(from).equals(readFileSync(to))) continue;
  changed.push(existsSync(to) ? name : `${name} (new)`);
  copyFileSync(from, to);
}

console.log(`${changed.length} of ${taken.length} screenshots changed in ${relative(COMMITTED_SCREENSHOTS_DIR)}${changed.length ? ':' : '.'}`);
for (const name of changed) console.log(`  ${name}`);
// A test that did not run (the Electron window ones where no binary exists, say) leaves its committed shot as it was.
const notTaken = pngs(COMMITTED_SCREENSHOTS_DIR).filter((name) => !taken.includes(name));
if (notTaken.length) console.log(`Not taken this run, kept as committed: ${notTaken.join(', ')}`);
