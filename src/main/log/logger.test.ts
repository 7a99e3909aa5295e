import { describe, expect, it } from 'vitest';
import { createLogger, redact } from './logger';

describe('logging', () => {
  it('never writes a registered secret, in the message or in details', () => {
    const lines: string[] = [];
    const key = 'local-key-abcdefgh';
    const logger = createLogger({ sink: (line) => lines.push(line), secrets: () => [key] });
    logger.error(`request with ${key} failed`, { headers: { authorization: `Bearer ${key}` }, error: new Error(key) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(key);
    expect(lines[0]).toContain('[redacted]');
  });

  it('catches OpenAI-style keys it was never told about', () => {
    expect(redact('key=sk-proj-AAAAAAAAAAAAAAAAAAAAAAAA end', [])).toBe('key=[redacted] end');
  });

  it('leaves short registered values alone so ordinary words survive', () => {
    expect(redact('the desk is clear', ['desk'])).toBe('the desk is clear');
  });

  it('drops lines below the minimum level', () => {
    const lines: string[] = [];
    const logger = createLogger({ sink: (line) => lines.push(line), minLevel: 'warn' });
    logger.info('quiet');
    logger.warn('loud');
    expect(lines).toEqual(['[warn] loud']);
  });
});
