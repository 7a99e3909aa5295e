import { describe, expect, it } from 'vitest';
import { tempFolderSync } from '../../../test-support/temp-folder';
import { createLiveCore } from './live-core';

describe('the live core', () => {
  it("refuses a test's clock in the window, where nothing could move it", () => {
    expect(() =>
      createLiveCore({ runtime: 'electron', version: '0.0.0-test', env: { TIDY_TEST_CLOCK: 'manual' }, dataDir: tempFolderSync('tidy-live-') }),
    ).toThrow('TIDY_TEST_CLOCK works in web mode only: a line on its standard input is what moves the clock.');
  });
});
