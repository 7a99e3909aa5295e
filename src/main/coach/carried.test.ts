/** The conversational coach's prompt after the person chose to start from last time (Next time). */
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../shared/session/schema';
import { newSessionState } from '../session';
import { applyInput } from '../session-log/fold';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR } from '../../../test-support/fixtures';
import { templateContext } from './context';
import { MODE_TEMPLATES } from './modes';
import { roomVisitText } from './coach';

const carry = { from: 'earlier-1', space: 'desk work', anchors: ['desk'], unsure: ['old mug', 'tangled cable'], nextTime: ['The drawer'] };

function prompt(state: SessionState): string {
  return createTemplateRenderer(TEMPLATES_DIR).render(
    MODE_TEMPLATES[state.mode.kind],
    templateContext(state, { now: state.sessionStart, history: [], recentTurns: 6, droppedTurns: 0 }),
  );
}

describe('the conversational coach, starting from last time', () => {
  it('sees what was left, and the space, in its prompt', () => {
    const text = prompt(applyInput(newSessionState('s', 0), { type: 'carried-over', carry }));
    expect(text).toContain('Left from last time (the person chose to start with these): still to decide: old mug, tangled cable. For this time: The drawer.');
    expect(text).toContain('The space is for: desk work.');
  });

  it('drops an item from it once it is decided, and says nothing of last time in a session that did not take it up', () => {
    const state = applyInput(newSessionState('s', 0), { type: 'carried-over', carry });
    const text = prompt({ ...state, mode: { kind: 'sorting' }, decisions: [{ item: 'old mug', outcome: 'keep', at: 1 }] });
    expect(text).toContain('still to decide: tangled cable.');
    expect(prompt(newSessionState('s', 0))).not.toContain('last time');
  });
});

describe('the conversational coach, back in a room it knows (docs/rooms.md)', () => {
  it('has the room’s function, anchors and leftovers in its prompt, and is told not to ask them again', () => {
    const state = applyInput({ ...newSessionState('s', 0), room: { id: 'r1' } }, { type: 'carried-over', carry: { ...carry, space: 'Work (Design)' } });
    const text = prompt(state);
    expect(text).toContain('The space is for: Work (Design).');
    expect(text).toContain('Must stay no matter what: desk.');
    expect(text).toContain('still to decide: old mug, tangled cable.');
    expect(text).toContain('This is the person\'s office, a room they have tidied before: what it is for and what stays (above) are known from their last session there; do not ask them again.');
    expect(text).toContain('This room is known (see below): do not ask what it is for or what stays.');
    // The person's own turn says where they are.
    expect(roomVisitText(state)).toBe('(came back to their office to pick up where they left off)');
  });

  it('says nothing of a room in a session that has none, or in a new room it knows nothing of yet', () => {
    expect(prompt(newSessionState('s', 0))).not.toContain('room they have tidied');
    expect(prompt({ ...newSessionState('s', 0), room: { id: 'r1' } })).not.toContain('This room is known');
  });
});
