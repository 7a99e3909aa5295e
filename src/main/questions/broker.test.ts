import { describe, expect, it } from 'vitest';
import type { Question, Resolution } from '../../shared/questions/schema';
import type { Timers } from '../effects';
import { QuestionBroker, type QuestionSpec } from './broker';
import type { Answer } from '../../shared/questions/schema';

/** Timers the test fires by hand, with a clock that moves when they do. */
function handTimers() {
  let now = 1_000_000;
  const pending = new Map<number, { at: number; fire: () => void }>();
  let next = 0;
  const timers: Timers = {
    set: (fire, ms) => {
      pending.set(++next, { at: now + ms, fire });
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    now: () => now,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.fire();
        }
      }
    },
    get count() {
      return pending.size;
    },
  };
}

function setup(timeoutMs = 300_000) {
  const clock = handTimers();
  const shown: Array<Question | undefined> = [];
  const closed: Resolution[] = [];
  let id = 0;
  const broker = new QuestionBroker({
    now: clock.now,
    newId: () => `q${++id}`,
    timeoutMs,
    timers: clock.timers,
    publish: (question) => shown.push(question),
    onClosed: (_question, resolution) => closed.push(resolution),
  });
  return { broker, clock, shown, closed };
}

const card = {
  kind: 'disposition' as const,
  item: 'empty amazon envelope, by the chair',
  choices: [
    { label: 'Recycle', disposition: 'recycle' as const },
    { label: 'Trash', disposition: 'trash' as const },
  ],
};

describe('the question broker', () => {
  it('shows the question with its expiry and resolves with the person’s answer', async () => {
    const { broker, shown } = setup();
    const resolution = broker.ask(card);
    expect(shown[0]).toMatchObject({ id: 'q1', kind: 'disposition', askedAt: 1_000_000, expiresAt: 1_300_000 });
    broker.answer('q1', { kind: 'disposition', pick: { type: 'choice', index: 1 } });
    expect(await resolution).toEqual({ answer: { kind: 'disposition', pick: { type: 'choice', index: 1 } }, closedBy: 'person' });
    expect(shown.at(-1)).toBeUndefined();
    expect(broker.pending).toBeUndefined();
  });

  it('closes an unanswered card after the timeout as a skip, and refuses the late answer cleanly', async () => {
    const { broker, clock } = setup(3000);
    const resolution = broker.ask(card);
    clock.advance(2999);
    expect(broker.pending?.id).toBe('q1');
    clock.advance(1);
    expect(await resolution).toEqual({ answer: { kind: 'disposition', pick: { type: 'skip' } }, closedBy: 'timeout' });
    expect(() => broker.answer('q1', { kind: 'disposition', pick: { type: 'unsure' } })).toThrow(
      expect.objectContaining({ code: 'closed' }),
    );
  });

  it.each<[QuestionSpec, Answer]>([
    [{ kind: 'confirm', prompt: 'Done for today?', defaultAnswer: true }, { kind: 'confirm', yes: true }],
    [{ kind: 'confirm', prompt: 'Done for today?', defaultAnswer: false }, { kind: 'confirm', yes: false }],
    [
      { kind: 'choice', purpose: 'function', prompt: 'For?', choices: [{ label: 'Work' }], multiple: false, allowOther: true },
      { kind: 'choice', selected: [] },
    ],
    [{ kind: 'text', prompt: 'Which lamp?' }, { kind: 'text', text: '' }],
  ])('falls back for %j', async (spec, fallback) => {
    const { broker, clock } = setup(1000);
    const resolution = broker.ask(spec);
    clock.advance(1000);
    expect(await resolution).toEqual({ answer: fallback, closedBy: 'timeout' });
  });

  it('refuses answers that do not fit the question, and keeps it open', async () => {
    const { broker } = setup();
    void broker.ask(card);
    expect(() => broker.answer('q1', { kind: 'confirm', yes: true })).toThrow('needs a disposition answer');
    expect(() => broker.answer('q1', { kind: 'disposition', pick: { type: 'choice', index: 3 } })).toThrow('no choice 4');
    expect(() => broker.answer('q1', { kind: 'disposition', pick: { type: 'choice' } })).toThrow('not valid');
    expect(() => broker.answer('q9', { kind: 'disposition', pick: { type: 'unsure' } })).toThrow('no longer open');
    expect(broker.pending?.id).toBe('q1');
  });

  it('refuses choice answers that name options that were not offered', () => {
    const { broker } = setup();
    void broker.ask({ kind: 'choice', purpose: 'anchors', prompt: 'What stays?', choices: [{ label: 'Desk' }, { label: 'Bed' }], multiple: false, allowOther: false });
    expect(() => broker.answer('q1', { kind: 'choice', selected: ['Sofa'] })).toThrow('"Sofa" was not one of the choices');
    expect(() => broker.answer('q1', { kind: 'choice', selected: ['Desk', 'Bed'] })).toThrow('Only one choice');
    expect(() => broker.answer('q1', { kind: 'choice', selected: [], other: 'Lamp' })).toThrow('answer of your own');
  });

  it('asks one question at a time', async () => {
    const { broker } = setup();
    void broker.ask(card);
    await expect(broker.ask(card)).rejects.toThrow('one at a time');
  });

  it('closes as cancelled when the turn is stopped, and clears its timer', async () => {
    const { broker, clock } = setup();
    const controller = new AbortController();
    const resolution = broker.ask(card, controller.signal);
    controller.abort();
    expect(await resolution).toMatchObject({ closedBy: 'cancelled', answer: { pick: { type: 'skip' } } });
    expect(clock.count).toBe(0);
  });

  it('reopens a question from a resumed session with its original expiry', async () => {
    const { broker, clock, shown } = setup();
    const question = { ...card, id: 'old', askedAt: clock.now() - 200_000, expiresAt: clock.now() + 100_000 } as Question;
    const resolution = broker.reopen(question);
    expect(shown[0]).toEqual(question);
    clock.advance(100_000);
    expect(await resolution).toMatchObject({ closedBy: 'timeout' });
  });
});
