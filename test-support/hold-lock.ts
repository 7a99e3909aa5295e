/**
 * For data-lock.test.ts: takes the lock on the folder given, prints `holding <pid>`, and holds it until killed or
 * until its stdin closes (so it cannot outlive a test runner that died).
 */
import { acquireDataDirLock } from '../src/main/data-lock/index';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-lock.ts <data folder>');
const lock = await acquireDataDirLock(dataDir, { runtime: 'web' });
process.on('exit', () => lock.releaseSync());
process.stdin.on('end', () => process.exit(0)).resume();
process.stdout.write(`holding ${process.pid}\n`);
