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
      'Picking up where you stopped last time: desk work. 2 things you weren’t sure about; we’ll take them one at a time. Also left for this time: the drawer.',
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

describe('the guided coach, back in a room it knows (docs/rooms.md)', () => {
  const visit = (state: SessionState) => carried({ ...state, room: { id: 'r1' } });

  it('confirms the room with one card first: Yes goes on from last time; Something changed asks again, filled in', () => {
    const state = visit(newSessionState('s', 0));
    const first = decide(state, { kind: 'begin' });
    expect(first).toEqual({ action: { kind: 'confirmRoom', room: 'office', anchors: ['desk'] }, next: { phase: 'surveying', gatheredAnchors: [] } });
    expect(decide(state, { kind: 'sameRoom' }).action).toMatchObject({ kind: 'firstInstruction', reason: 'carried', carried: 2 });
    const changed = decide(state, { kind: 'roomChanged' });
    expect(changed).toEqual({ action: { kind: 'askFunction', known: 'desk work' }, next: { phase: 'surveying', gatheredAnchors: [], revisit: true } });
    const anchors = decide({ ...state, guided: changed.next }, { kind: 'function', function: 'sleep', overwhelmed: false });
    expect(anchors.action).toEqual({ kind: 'askAnchors', function: 'sleep', candidates: ['desk'], known: ['desk'] });
    // A room's answer outside its card changes nothing: the survey goes on.
    expect(decide({ ...state, guided: anchors.next }, { kind: 'sameRoom' }).action.kind).toBe('askAnchors');
  });

  it('with nothing left from last time, starts with the easiest thing the photos show', () => {
    const cup = { id: '1', label: 'cup' as const, name: 'cup', score: 0.9, box: { x: 10, y: 10, width: 50, height: 50 } };
    const state = applyInput(
      { ...newSessionState('s', 0), room: { id: 'r1' }, photos: [{ id: 'p', fileName: 'desk.jpg', width: 400, height: 300, detections: { items: [cup], busy: [] } }] },
      { type: 'carried-over', carry: { ...carry, unsure: [], nextTime: [] } },
    );
    expect(decide(state, { kind: 'sameRoom' }).action).toMatchObject({ kind: 'firstInstruction', reason: 'carried', carried: 0, target: expect.stringContaining('the cup') });
  });
});
