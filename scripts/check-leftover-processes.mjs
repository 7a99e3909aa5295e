// The last step of `npm test`: no process a test started may outlive the run. Tests start processes through
// test-support/processes.ts, which marks them (and, by inheritance, their children) in the environment; this
// finds marked processes through /proc, kills them and fails. Its own ancestors are skipped, in case the whole run
// was itself started by a test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { TEST_PROCESS_MARKER, TEST_PROCESS_OWNER } from '../test-support/processes.ts';

if (!existsSync('/proc/self/environ')) {
  console.log(`Leftover test processes not checked: this system (${process.platform}) has no /proc to read processes' environments from.`);
  process.exit(0);
}

/** Reads a /proc file, or undefined once the process is gone or is not ours to read. */
function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`);
  } catch {
    return undefined;
  }
}

/** Every process now, with what the check needs. */
function snapshot() {
  const processes = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    // The environment first: a zombie's cannot be read, so one that exits between the two reads shows as Z below.
    const environ = readProc(pid, 'environ')?.toString().split('\0') ?? [];
    const stat = readProc(pid, 'stat')?.toString();
    if (!stat) continue;
    // `pid (comm) state ppid ...`, where comm may itself hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    const owner = environ.find((entry) => entry.startsWith(`${TEST_PROCESS_OWNER}=`))?.slice(TEST_PROCESS_OWNER.length + 1);
    processes.set(pid, {
      pid,
      ppid: Number(ppid),
      state,
      marked: environ.includes(`${TEST_PROCESS_MARKER}=1`),
      owner: owner === undefined ? undefined : Number(owner),
      command: readProc(pid, 'cmdline')?.toString().split('\0').join(' ').trim() || `[${stat.slice(stat.indexOf('(') + 1, close)}]`,
    });
  }
  return processes;
}

const processes = snapshot();

/** The pids above `pid`, its parent first. */
function ancestors(pid) {
  const found = [];
  for (let next = processes.get(pid)?.ppid; next && !found.includes(next); next = processes.get(next)?.ppid) found.push(next);
  return found;
}

const mine = new Set([process.pid, ...ancestors(process.pid)]);
const leftovers = [];
for (const candidate of processes.values()) {
  // A zombie (Z) has exited and holds nothing but its pid until its parent reaps it; signals cannot reach it. If that
  // parent is a leftover test process, it is reported and killed here, and init then reaps the zombie.
  if (!candidate.marked || mine.has(candidate.pid) || candidate.state === 'Z') continue;
  if (candidate.owner !== undefined && ancestors(candidate.pid).includes(candidate.owner)) {
    console.log(`Left alone: pid ${candidate.pid} (${candidate.command}) belongs to a test run still going on (its test process ${candidate.owner} is running).`);
    continue;
  }
  leftovers.push(candidate);
}

if (leftovers.length === 0) {
  console.log('no test process outlived the run');
  process.exit(0);
}
console.error(`${leftovers.length} process(es) started by tests outlived the run; killing them:`);
for (const { pid, ppid, command } of leftovers) {
  let outcome = 'killed';
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    outcome = error.code === 'ESRCH' ? 'exited meanwhile' : `not killed (${error.code})`;
  }
  console.error(`  pid ${pid}, parent ${ppid}: ${command} [${outcome}]`);
}
console.error('A test started these and did not stop them: stop them in its teardown (see test-support/processes.ts).');
process.exit(1);
