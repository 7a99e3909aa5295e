import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebArgs, UsageError } from './cli';

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
