import { describe, expect, it } from 'vitest';
import { draftOf } from './coach';

describe('the draft shown while the coach writes', () => {
  it('is the response field as far as it has come, in bare JSON or in a ```json fence', async () => {
    expect(await draftOf('{"response": "Pick up the m')).toBe('Pick up the m');
    expect(await draftOf('```json\n{"response": "Pick up the mug')).toBe('Pick up the mug');
    expect(await draftOf('```json\n{"response": "Pick up the mug."}\n```')).toBe('Pick up the mug.');
  });

  it('is the text itself when the reply is not JSON, and nothing before the response has begun', async () => {
    expect(await draftOf('Pick up the mug.')).toBe('Pick up the mug.');
    expect(await draftOf('```json\n{"current_item": "mug", ')).toBeUndefined();
  });
});
