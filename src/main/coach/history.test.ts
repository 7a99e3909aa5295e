import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { continueMessage, earlierTurns, fitToContext, IMAGE_TOKENS, photoMarker, pointMarker, pruneHistory, REPLY_TOKENS, shownMessage, textOf, viewHistory } from './history';

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

  it('shows the crop of a point in its turn only, names it afterwards, and never counts what a tool showed as a turn', () => {
    const point = { photoId: 'a'.repeat(64), box: { x: 0.25, y: 0.1, width: 0.5, height: 0.3 } };
    const crop = new Uint8Array([1, 2, 3]);
    const asked: unknown[] = [];
    const session: ModelMessage[] = [
      { role: 'user', content: [{ type: 'text', text: '(They pointed at something in photo 1.)' }, { type: 'text', text: pointMarker(point) }] },
      { role: 'assistant', content: 'calling ask_which_one' },
      { role: 'user', content: [{ type: 'text', text: shownMessage('what the person pointed at') }, { type: 'text', text: pointMarker(point) }] },
    ];
    const pointBytes = (given: unknown) => (asked.push(given), crop);
    const view = viewHistory(session, { recentTurns: 1, photoBytes: () => bytes, pointBytes, vision: true });
    // One person turn: what the tool showed belongs to it, so the window of one turn keeps all three messages.
    expect(view).toHaveLength(3);
    expect(images(view).map((part) => (part as { data: unknown }).data)).toEqual([crop, crop]);
    expect(asked).toEqual([point, point]);
    expect(textOf(session[0]!.content as never)).toBe('(They pointed at something in photo 1.)');
    expect(pruneHistory(session, 1).dropped).toBe(0);

    const later: ModelMessage[] = [...session, { role: 'user', content: 'and now?' }];
    const old = viewHistory(later, { recentTurns: 6, photoBytes: () => bytes, pointBytes, vision: true });
    expect(images(old)).toEqual([]);
    expect(JSON.stringify(old[0]!.content)).toContain('(the part of the photo pointed at, shown earlier)');
    const blind = viewHistory(session, { recentTurns: 6, photoBytes: () => bytes, pointBytes, vision: false });
    expect(images(blind)).toEqual([]);
    expect(JSON.stringify(blind[0]!.content)).toContain('(the part of the photo pointed at)');
  });

  it('summarises the older turns in one line each for the prompt', () => {
    const earlier = earlierTurns(longSession(40), 6);
    expect(earlier.turns).toBe(34);
    expect(earlier.lines).toHaveLength(10);
    expect(earlier.lines.at(-1)).toBe('person said: turn 33');
  });
});

describe('the history cut to a context window', () => {
  const view = (turns: number) => viewHistory(longSession(turns), { recentTurns: 6, photoBytes: () => bytes, vision: true });
  const firstText = (messages: readonly ModelMessage[]) => JSON.stringify(messages[0]!.content);

  it('leaves a history that fits exactly as it is', () => {
    const history = view(8);
    expect(fitToContext(history, 128_000, 3_000)).toEqual(history);
  });

  it('drops whole turns from the front until it fits, keeping the current one', () => {
    // Six turns of a few dozen tokens each, the current one with its three photos shown: room for it and a little more.
    const history = view(10);
    expect(images(history)).toHaveLength(3);
    const fitted = fitToContext(history, 3 * IMAGE_TOKENS + REPLY_TOKENS + 100, 0);
    expect(fitted.length).toBeLessThan(history.length);
    expect(fitted.length).toBeGreaterThan(2);
    expect(fitted[0]!.role).toBe('user');
    expect(fitted).toEqual(history.slice(history.length - fitted.length));
    expect(images(fitted)).toHaveLength(3);
  });

  it('describes the current turn’s photos in words when even that turn does not fit', () => {
    const history = viewHistory(longSession(3), { recentTurns: 6, photoBytes: () => bytes, vision: true });
    const fitted = fitToContext(history, 2048, 1500);
    expect(firstText(fitted)).toContain('turn 2');
    expect(images(fitted)).toEqual([]);
    expect(JSON.stringify(fitted[0]!.content)).toContain('too big for this model’s context window');
  });

  it('for any session and window: a run of whole turns up to the current one, and it fits unless only the current turn is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 2048, max: 40_000 }), fc.integer({ min: 0, max: 6_000 }), (turns, context, fixed) => {
        const history = viewHistory(longSession(turns), { recentTurns: 6, photoBytes: () => bytes, vision: true });
        const fitted = fitToContext(history, context, fixed);
        const lastTurn = history.findLastIndex((message) => message.role === 'user');
        // The current turn's words are always there; everything kept is a tail of the history, starting at a person turn.
        expect(JSON.stringify(fitted.at(-2)!.content)).toContain(`turn ${turns - 1}`);
        expect(fitted[0]!.role).toBe('user');
        expect(fitted.length).toBeLessThanOrEqual(history.length);
        const tail = history.slice(history.length - fitted.length);
        const shownAsIs = JSON.stringify(fitted) === JSON.stringify(tail);
        const onlyCurrent = fitted.length === history.length - lastTurn;
        expect(shownAsIs || onlyCurrent).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
