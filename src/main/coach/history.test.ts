import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { continueMessage, earlierTurns, photoMarker, viewHistory } from './history';

/** `turns` person turns; the first ten share three photos each; every turn gets a coach reply. */
function longSession(turns: number): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (let turn = 0; turn < turns; turn++) {
    const photos =
      turn < 10
        ? Array.from({ length: 3 }, (_, index) => ({ type: 'text' as const, text: photoMarker(`${turn}${index}`.padStart(12, 'a'), `p${turn}-${index}.jpg`) }))
        : [];
    messages.push({ role: 'user', content: [{ type: 'text', text: `turn ${turn}` }, ...photos] });
    messages.push({ role: 'assistant', content: `{"response":"reply ${turn}"}` });
  }
  return messages;
}

const bytes = new Uint8Array([0xff, 0xd8, 0xff]);
const images = (messages: readonly ModelMessage[]) =>
  messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content.filter((part) => part.type === 'file')));

describe('the history the model sees', () => {
  it('keeps only the recent turns, whatever the session’s length', () => {
    const short = viewHistory(longSession(8), { recentTurns: 6, photoBytes: () => bytes, vision: true });
    const long = viewHistory(longSession(40), { recentTurns: 6, photoBytes: () => bytes, vision: true });
    expect(long).toHaveLength(12);
    expect(short).toHaveLength(12);
    expect(JSON.stringify(long[0]!.content)).toContain('turn 34');
  });

  it('sends images only with the current turn, as file parts, and names earlier ones', () => {
    const session = longSession(3);
    const view = viewHistory(session, { recentTurns: 6, photoBytes: () => bytes, vision: true });
    expect(images(view)).toHaveLength(3);
    expect(JSON.stringify(view[0]!.content)).toContain('(photo p0-0.jpg, shown earlier)');
    expect(images([view.at(-2)!])).toHaveLength(3);
  });

  it('sends no images at all when the model has no vision', () => {
    const view = viewHistory(longSession(3), { recentTurns: 6, photoBytes: () => bytes, vision: false });
    expect(images(view)).toEqual([]);
    expect(JSON.stringify(view.at(-2)!.content)).toContain('(photo p2-0.jpg)');
  });

  it('counts a synthetic continuation as part of the turn it continues', () => {
    const session: ModelMessage[] = [
      { role: 'user', content: 'the boxes freak me out' },
      { role: 'assistant', content: 'calling user_seems_stuck' },
      { role: 'user', content: continueMessage('DecisionSupport') },
    ];
    const view = viewHistory(session, { recentTurns: 1, photoBytes: () => bytes, vision: true });
    expect(view).toHaveLength(3);
  });

  it('summarises the older turns in one line each for the prompt', () => {
    const earlier = earlierTurns(longSession(40), 6);
    expect(earlier.turns).toBe(34);
    expect(earlier.lines).toHaveLength(10);
    expect(earlier.lines.at(-1)).toBe('person said: turn 33');
  });
});
