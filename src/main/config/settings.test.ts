import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { defaultDataDir, isModelConfigured, modelSettingsFromEnv, resolveDataDir } from './settings';

describe('settings', () => {
  it('reads the model from the environment, ignoring blank values', () => {
    expect(modelSettingsFromEnv({ OPENAI_API_KEY: ' sk-x ', OPENAI_BASE_URL: '', TIDY_MODEL: 'gpt-test' })).toEqual({
      apiKey: 'sk-x',
      model: 'gpt-test',
      vision: true,
      tools: true,
    });
  });

  it('reads the capability switches, on unless turned off', () => {
    expect(modelSettingsFromEnv({ TIDY_MODEL_VISION: '0', TIDY_MODEL_TOOLS: 'false' })).toMatchObject({ vision: false, tools: false });
    expect(modelSettingsFromEnv({ TIDY_MODEL_VISION: 'yes' })).toMatchObject({ vision: true, tools: true });
  });

  it('reads the context window from TIDY_CONTEXT_TOKENS, and says plainly when it is not a usable number', () => {
    expect(modelSettingsFromEnv({ TIDY_CONTEXT_TOKENS: ' 8192 ' })).toMatchObject({ contextTokens: 8192 });
    expect(modelSettingsFromEnv({})).not.toHaveProperty('contextTokens');
    for (const raw of ['8k', '100', '4096.5']) {
      expect(() => modelSettingsFromEnv({ TIDY_CONTEXT_TOKENS: raw })).toThrow(`TIDY_CONTEXT_TOKENS must be a whole number of tokens from 2048 to 2000000 (it is "${raw}").`);
    }
  });

  it('counts a model as configured with a name and a key, or a name and a local server', () => {
    const on = { vision: true, tools: true };
    expect(isModelConfigured({ ...on, model: 'm', apiKey: 'k' })).toBe(true);
    expect(isModelConfigured({ ...on, model: 'llama3', baseUrl: 'http://127.0.0.1:11434/v1' })).toBe(true);
    expect(isModelConfigured({ ...on, apiKey: 'k' })).toBe(false);
    expect(isModelConfigured({ ...on, model: 'm' })).toBe(false);
  });

  it('takes the data folder from the flag, then TIDY_DATA_DIR, then the platform default', () => {
    const fallback = () => '/default';
    expect(resolveDataDir('rel/dir', { TIDY_DATA_DIR: '/env' }, fallback)).toBe(path.resolve('rel/dir'));
    expect(resolveDataDir(undefined, { TIDY_DATA_DIR: '/env' }, fallback)).toBe('/env');
    expect(resolveDataDir(undefined, {}, fallback)).toBe('/default');
  });

  it('uses each platform’s per-user data folder', () => {
    expect(defaultDataDir({}, 'linux', '/home/a')).toBe('/home/a/.local/share/tidying');
    expect(defaultDataDir({ XDG_DATA_HOME: '/x' }, 'linux', '/home/a')).toBe('/x/tidying');
    expect(defaultDataDir({}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/Tidying');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a')).toBe(
      'C:\\Users\\a\\AppData\\Roaming\\Tidying',
    );
  });
});

describe('question timeout', () => {
  it('is five minutes unless TIDY_QUESTION_TIMEOUT_MS says otherwise, and refuses nonsense', async () => {
    const { questionTimeoutFromEnv } = await import('./settings');
    expect(questionTimeoutFromEnv({}, 300_000)).toBe(300_000);
    expect(questionTimeoutFromEnv({ TIDY_QUESTION_TIMEOUT_MS: '3000' }, 300_000)).toBe(3000);
    expect(() => questionTimeoutFromEnv({ TIDY_QUESTION_TIMEOUT_MS: 'soon' }, 300_000)).toThrow('TIDY_QUESTION_TIMEOUT_MS');
    expect(() => questionTimeoutFromEnv({ TIDY_QUESTION_TIMEOUT_MS: '10' }, 300_000)).toThrow('at least 1000');
  });
});

describe('clock start (a test hook)', () => {
  it('reads TIDY_CLOCK_START as an ISO date or epoch milliseconds, and refuses anything else', async () => {
    const { clockStartFromEnv } = await import('./settings');
    expect(clockStartFromEnv({})).toBeUndefined();
    expect(clockStartFromEnv({ TIDY_CLOCK_START: '2026-01-05T09:00:00Z' })).toBe(Date.UTC(2026, 0, 5, 9));
    expect(clockStartFromEnv({ TIDY_CLOCK_START: '1767603600000' })).toBe(1767603600000);
    expect(() => clockStartFromEnv({ TIDY_CLOCK_START: 'last week' })).toThrow('TIDY_CLOCK_START must be an ISO date');
  });

  it('reads TIDY_TEST_CLOCK: "manual" or nothing, anything else refused saying what it takes', async () => {
    const { testClockFromEnv } = await import('./settings');
    expect(testClockFromEnv({})).toBeUndefined();
    expect(testClockFromEnv({ TIDY_TEST_CLOCK: ' ' })).toBeUndefined();
    expect(testClockFromEnv({ TIDY_TEST_CLOCK: 'manual' })).toBe('manual');
    expect(() => testClockFromEnv({ TIDY_TEST_CLOCK: 'fast' })).toThrow('TIDY_TEST_CLOCK must be "manual" (a clock that moves only when a test says), or unset (it is "fast").');
  });

  it('starts the live clock there and lets it run on', async () => {
    const { systemClock } = await import('../effects');
    // The machine's clock (Date) is the test's: it reads a day a year later, and moves when the test says.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2027, 0, 5, 9) });
    onTestFinished(() => void vi.useRealTimers());
    const clock = systemClock(Date.UTC(2026, 0, 5, 9));
    expect(clock.now()).toBe(Date.UTC(2026, 0, 5, 9));
    vi.setSystemTime(Date.UTC(2027, 0, 5, 9) + 20);
    expect(clock.now()).toBe(Date.UTC(2026, 0, 5, 9) + 20);
  });
});

describe('coach preference', () => {
  it('reads TIDY_COACH and refuses anything else', async () => {
    const { coachPreferenceFromEnv } = await import('./settings');
    expect(coachPreferenceFromEnv({})).toBeUndefined();
    expect(coachPreferenceFromEnv({ TIDY_COACH: 'Guided' })).toBe('guided');
    expect(() => coachPreferenceFromEnv({ TIDY_COACH: 'chatty' })).toThrow('TIDY_COACH');
  });
});

describe('the phone link’s address', () => {
  it('is an IP address from TIDY_PHONE_ADDRESS, or none (then the private network address is found)', async () => {
    const { phoneAddressFromEnv } = await import('./settings');
    expect(phoneAddressFromEnv({})).toBeUndefined();
    expect(phoneAddressFromEnv({ TIDY_PHONE_ADDRESS: '127.0.0.1' })).toBe('127.0.0.1');
    expect(phoneAddressFromEnv({ TIDY_PHONE_ADDRESS: 'fd12::7' })).toBe('fd12::7');
    expect(() => phoneAddressFromEnv({ TIDY_PHONE_ADDRESS: 'my-laptop.local' })).toThrow('TIDY_PHONE_ADDRESS must be an IP address');
  });
});
