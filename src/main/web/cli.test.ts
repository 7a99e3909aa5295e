import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebArgs, UsageError } from './cli';
import { tempFolder } from '../../../test-support/temp-folder';

describe('web mode flags', () => {
  it('defaults to any free port, opening the browser', () => {
    expect(parseWebArgs([], { TIDY_DATA_DIR: '/data' })).toEqual({ port: 0, dataDir: '/data', open: true });
  });

  it('reads --port, --data-dir and --no-open', () => {
    expect(parseWebArgs(['--port', '8123', '--data-dir', 'here', '--no-open'], {})).toEqual({
      port: 8123,
      dataDir: path.resolve('here'),
      open: false,
    });
  });

  it.each([['--port', 'abc'], ['--port', '70000'], ['--port', '-1'], ['--colour']])('refuses %s %s clearly', (...argv) => {
    expect(() => parseWebArgs(argv, {})).toThrow(UsageError);
  });

  it('answers --help with the usage and exit code 0', () => {
    try {
      parseWebArgs(['--help'], {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).exitCode).toBe(0);
      expect((error as UsageError).message).toContain('--no-open');
    }
  });
});

describe('runWebCli', () => {
  it('creates the data folder, serves, prints the URL and the folder, and closes cleanly', async () => {
    const { stat, writeFile } = await import('node:fs/promises');
    const { runWebCli } = await import('./cli');
    const base = await tempFolder('tidy-cli-');
    await writeFile(path.join(base, 'index.html'), '<title>Tidying</title>');
    const dataDir = path.join(base, 'data', 'nested');
    const printed: string[] = [];
    const app = await runWebCli({
      argv: ['--port', '0', '--no-open', '--data-dir', dataDir],
      env: { OPENAI_API_KEY: 'sk-never-printed-1234567890' },
      version: '9.9.9',
      rendererDir: base,
      print: (line) => printed.push(line),
      input: () => {
        throw new Error('standard input is read only under TIDY_TEST_CLOCK');
      },
    });
    try {
      expect((await stat(dataDir)).isDirectory()).toBe(true);
      const url = /running at (\S+)/.exec(printed[0] ?? '')?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);
      expect(printed[1]).toContain(dataDir);
      expect(printed.join('\n')).not.toContain('sk-never-printed');
      expect((await fetch(new URL('/', url)).then((response) => response.text()))).toContain('Tidying');
    } finally {
      await app.close();
    }
  });

  it('under TIDY_TEST_CLOCK, stands still at TIDY_CLOCK_START and moves by the lines on its input, answering each', async () => {
    const { PassThrough } = await import('node:stream');
    const { runWebCli } = await import('./cli');
    const base = await tempFolder('tidy-cli-');
    const input = new PassThrough();
    const printed: string[] = [];
    const app = await runWebCli({
      argv: ['--port', '0', '--no-open', '--data-dir', path.join(base, 'data')],
      env: { TIDY_TEST_CLOCK: 'manual', TIDY_CLOCK_START: '2026-01-05T09:00:00Z' },
      version: '9.9.9',
      rendererDir: base,
      print: (line) => printed.push(line),
      input: () => input,
    });
    try {
      input.write('advance 60000\nadvance soon\n');
      await expect.poll(() => printed.filter((line) => line.startsWith('clock '))).toEqual([
        `clock ${Date.UTC(2026, 0, 5, 9, 1)}`,
        expect.stringMatching(/^clock refused: "advance soon"/),
      ]);
    } finally {
      await app.close();
    }
  });

  it('refuses an unknown TIDY_TEST_CLOCK before it serves anything', async () => {
    const { runWebCli } = await import('./cli');
    const base = await tempFolder('tidy-cli-');
    const printed: string[] = [];
    const start = runWebCli({
      argv: ['--port', '0', '--no-open', '--data-dir', path.join(base, 'data')],
      env: { TIDY_TEST_CLOCK: 'fast' },
      version: '9.9.9',
      rendererDir: base,
      print: (line) => printed.push(line),
      input: () => {
        throw new Error('standard input is read only under a valid TIDY_TEST_CLOCK');
      },
    });
    await expect(start).rejects.toThrow('TIDY_TEST_CLOCK must be "manual"');
    expect(printed).toEqual([]);
  });
});
