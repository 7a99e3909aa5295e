/** The guided coach after the person chose to start from last time (Next time), with no model. */
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../shared/session/schema';
import { applyInput } from '../session-log/fold';
import { newSessionState } from '../session';
import { CARRIED_WHERE, decide, summaryOf } from './decide';
import { guidedHarness } from '../../../test-support/guided';

const carry = { from: 'earlier-1', space: 'desk work', anchors: ['desk'], unsure: ['old mug', 'tangled cable'], nextTime: ['The drawer'] };

const carried = (state: SessionState) => applyInput(state, { type: 'carried-over', carry });

describe('the guided coach, starting from last time', () => {
  it('does not ask the space again: it starts sorting with that space and anchors, naming what is left', () => {
    const { action, next } = decide(carried(newSessionState('s', 0)), { kind: 'begin' });
    expect(action).toEqual({ kind: 'firstInstruction', reason: 'carried', function: 'desk work', carried: 2, nextTime: ['The drawer'] });
    expect(next).toEqual({ phase: 'sorting', active: { function: 'desk work', anchors: ['desk'], later: [] } });
  });

  it('proposes the carried items first, one at a time, before anything in the photos, and never one already decided', () => {
    const sorting = { ...carried(newSessionState('s', 0)), guided: { phase: 'sorting' as const, active: { function: 'desk work', anchors: ['desk'], later: [] } } };
    const first = decide(sorting, { kind: 'begin' });
    expect(first.action).toMatchObject({ kind: 'askItemDecision', item: 'old mug', where: CARRIED_WHERE });
    const decided: SessionState = { ...sorting, decisions: [{ item: 'old mug', outcome: 'unsure', at: 1 }] };
    expect(decide(decided, { kind: 'next' }).action).toMatchObject({ kind: 'askItemDecision', item: 'tangled cable' });
    const all: SessionState = { ...decided, decisions: [...decided.decisions, { item: 'tangled cable', outcome: 'skip', at: 2 }] };
    expect(decide(all, { kind: 'next' }).action.kind).toBe('askWhatIsIt');
  });

  it('moving on from a carried item skips it, so the next one comes up', () => {
    const sorting = {
      ...carried(newSessionState('s', 0)),
      guided: { phase: 'sorting' as const, active: { function: 'desk work', anchors: ['desk'], later: [] }, currentItem: 'old mug' },
    };
    expect(decide(sorting, { kind: 'next' }).records).toEqual([{ item: 'old mug', outcome: 'skip' }]);
  });

  it('keeps carried items never reached on the summary’s next-time list', () => {
    const state = carried(newSessionState('s', 0));
    const summary = summaryOf(state, { phase: 'sorting', active: { function: 'desk work', anchors: [], later: [] } });
    expect(summary.nextTime).toEqual(['Decide on: old mug', 'Decide on: tangled cable']);
  });

  it('runs it with no model: the first message says what was left, then the carried items come as cards', async () => {
    const harness = await guidedHarness({
      initial: carried,
      answers: (question) => (question.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'unsure' } } : undefined),
    });
    const opening = await harness.coach.turn({});
    expect(opening).toMatchObject({ kind: 'answered', continues: true });
    expect(opening.kind === 'answered' && opening.response).toBe(
      'Picking up where you stopped last time: desk work. 2 things you weren’t sure about; we’ll take them one at a time. Also left for this time: The drawer.',
    );
    await harness.coach.turn({});
    expect(harness.asked.map((question) => (question.kind === 'disposition' ? [question.item, question.where] : question.kind))).toEqual([
      ['old mug', CARRIED_WHERE],
    ]);
    expect(harness.state().piles.unsure.map((item) => item.name)).toEqual(['old mug']);
    await harness.coach.turn({});
    expect(harness.asked.at(-1)).toMatchObject({ kind: 'disposition', item: 'tangled cable' });
  });
});
