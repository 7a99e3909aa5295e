import { describe, expect, it } from 'vitest';
import type { PhotoFacts, SessionState } from '../../shared/session/schema';
import { newSessionState } from '../session';
import { decide, LEAVE_IT } from './decide';
import type { Input } from './input';
import type { ActiveState, GuidedState } from './phases';

const active: ActiveState = { function: 'work', anchors: ['desk'], later: [] };

function session(options: { guided?: GuidedState; unsure?: string[]; out?: number; facts?: PhotoFacts[] } = {}): SessionState {
  const base = newSessionState('s', 0);
  const pile = (name: string, index: number) => ({ id: `${name}-${index}`, name, outcome: 'unsure' as const, decidedAt: 0 });
  return {
    ...base,
    ...(options.guided ? { guided: options.guided } : {}),
    piles: {
      belongs: [],
      out: Array.from({ length: options.out ?? 0 }, (_, index) => ({ id: `o${index}`, name: `thing ${index}`, outcome: 'trash' as const, decidedAt: 0 })),
      unsure: (options.unsure ?? []).map(pile),
    },
    photos: (options.facts ?? []).map((facts, index) => ({ id: `p${index}`, fileName: `p${index}.jpg`, width: 1, height: 1, facts })),
  };
}

const facts = (overrides: Partial<PhotoFacts>): PhotoFacts => ({ roomType: 'home office', chaosLevel: 'moderate', visibleItems: [], ...overrides });
const sorting: GuidedState = { phase: 'sorting', active };
const refining: GuidedState = {
  phase: 'refining',
  active,
  categories: [{ name: 'cables', items: ['usb cable', 'hdmi cord'] }, { name: 'other', items: ['lamp shade'] }],
};
const support: GuidedState = { phase: 'decisionSupport', active, stuckItem: 'sketchbook', returnTo: { phase: 'sorting' } };
const fourUnsure = ['sketchbook', 'usb cable', 'magazines', 'charger'];
const PHASES = ['surveying', 'sorting', 'splitting', 'refining', 'decisionSupport'] as const;

function stateIn(phase: GuidedState['phase']): GuidedState {
  switch (phase) {
    case 'surveying':
      return { phase: 'surveying', gatheredAnchors: [] };
    case 'sorting':
      return sorting;
    case 'splitting':
      return { phase: 'splitting', active, categories: [{ name: 'cables', items: ['usb cable'] }] };
    case 'refining':
      return refining;
    case 'decisionSupport':
      return support;
  }
}

interface Row {
  readonly row: string;
  readonly state: SessionState;
  readonly input: Input;
  readonly action: string;
  readonly phase: GuidedState['phase'];
  readonly check?: (result: ReturnType<typeof decide>) => void;
}

/** Seed 001's trigger table, one row (or more) per trigger. */
const rows: Row[] = [
  { row: 'Surveying: no function yet asks for it', state: session(), input: { kind: 'begin' }, action: 'askFunction', phase: 'surveying' },
  {
    row: 'Surveying: a function without anchors asks for the anchors, and remembers the function',
    state: session(),
    input: { kind: 'function', function: 'work', overwhelmed: false },
    action: 'askAnchors',
    phase: 'surveying',
    check: ({ next }) => expect(next).toEqual({ phase: 'surveying', gatheredFunction: 'work', gatheredAnchors: [] }),
  },
  {
    row: 'Surveying -> Sorting: buried chaos, even before a function',
    state: session({ facts: [facts({ chaosLevel: 'buried', firstTarget: 'the pizza box' })] }),
    input: { kind: 'begin' },
    action: 'firstInstruction',
    phase: 'sorting',
    check: ({ action, next }) => {
      expect(action).toMatchObject({ reason: 'buried', target: 'the pizza box', function: 'home office' });
      expect(next).toMatchObject({ active: { function: 'home office' } });
    },
  },
  {
    row: 'Surveying -> Sorting: a blocked function + the function',
    state: session({ facts: [facts({ blockedFunction: 'the desk surface' })] }),
    input: { kind: 'function', function: 'work', overwhelmed: false },
    action: 'firstInstruction',
    phase: 'sorting',
    check: ({ action }) => expect(action).toMatchObject({ reason: 'blocked', blocked: 'the desk surface' }),
  },
  {
    row: 'Surveying: a blocked function without the function still asks for it',
    state: session({ facts: [facts({ blockedFunction: 'the desk surface' })] }),
    input: { kind: 'begin' },
    action: 'askFunction',
    phase: 'surveying',
  },
  {
    row: 'Surveying -> Sorting: overwhelmed + the function skips the anchors',
    state: session(),
    input: { kind: 'function', function: 'work', overwhelmed: true },
    action: 'firstInstruction',
    phase: 'sorting',
    check: ({ action }) => expect(action).toMatchObject({ reason: 'overwhelmed' }),
  },
  {
    row: 'Surveying: overwhelmed without a function asks for it',
    state: session(),
    input: { kind: 'overwhelmed' },
    action: 'askFunction',
    phase: 'surveying',
  },
  {
    row: 'Surveying -> Sorting: function + anchors',
    state: session({ guided: { phase: 'surveying', gatheredFunction: 'work', gatheredAnchors: [] } }),
    input: { kind: 'anchors', anchors: ['desk', 'lamp'] },
    action: 'firstInstruction',
    phase: 'sorting',
    check: ({ next }) => expect(next).toEqual({ phase: 'sorting', active: { function: 'work', anchors: ['desk', 'lamp'], later: [] } }),
  },
  {
    row: 'Surveying -> Sorting: "nothing has to stay" is an answer',
    state: session({ guided: { phase: 'surveying', gatheredFunction: 'work', gatheredAnchors: [] } }),
    input: { kind: 'anchors', anchors: [] },
    action: 'firstInstruction',
    phase: 'sorting',
  },
  {
    row: 'Sorting: a named item gets its card',
    state: session({ guided: sorting }),
    input: { kind: 'item', item: 'empty envelope' },
    action: 'askItemDecision',
    phase: 'sorting',
    check: ({ action, next }) => {
      expect(action).toMatchObject({ item: 'empty envelope', choices: [{ disposition: 'trash' }, { disposition: 'recycle' }, { disposition: 'keep' }] });
      expect(next).toMatchObject({ currentItem: 'empty envelope' });
    },
  },
  { row: 'Sorting: next asks what is next', state: session({ guided: sorting }), input: { kind: 'next' }, action: 'askWhatIsIt', phase: 'sorting' },
  {
    row: 'Sorting: InstructTrash, recorded',
    state: session({ guided: sorting }),
    input: { kind: 'disposition', item: 'envelope', outcome: 'recycle' },
    action: 'instructTrash',
    phase: 'sorting',
    check: ({ records }) => expect(records).toEqual([{ item: 'envelope', outcome: 'recycle' }]),
  },
  {
    row: 'Sorting: InstructBag every fifth thing out',
    state: session({ guided: sorting, out: 4 }),
    input: { kind: 'disposition', item: 'envelope', outcome: 'trash' },
    action: 'instructBag',
    phase: 'sorting',
  },
  {
    row: 'Sorting: InstructPlace',
    state: session({ guided: sorting }),
    input: { kind: 'disposition', item: 'mug', outcome: 'place', location: 'kitchen' },
    action: 'instructPlace',
    phase: 'sorting',
  },
  {
    row: 'Sorting: place without a location asks where it lives, recording nothing yet',
    state: session({ guided: sorting }),
    input: { kind: 'disposition', item: 'mug', outcome: 'place' },
    action: 'askWhereLive',
    phase: 'sorting',
    check: ({ records }) => expect(records).toBeUndefined(),
  },
  {
    row: 'Sorting: InstructNext after keep',
    state: session({ guided: sorting }),
    input: { kind: 'disposition', item: 'lamp', outcome: 'keep' },
    action: 'instructNext',
    phase: 'sorting',
  },
  {
    row: 'Sorting: InstructUnsure below the threshold',
    state: session({ guided: sorting, unsure: fourUnsure.slice(0, 3) }),
    input: { kind: 'disposition', item: 'photo frame', outcome: 'unsure' },
    action: 'instructUnsure',
    phase: 'sorting',
    check: ({ action }) => expect(action).toMatchObject({ unsure: 4 }),
  },
  {
    row: 'Sorting -> Splitting: ChoiceUnsure + unsure count reaching 5',
    state: session({ guided: sorting, unsure: fourUnsure }),
    input: { kind: 'disposition', item: 'hdmi cord', outcome: 'unsure' },
    action: 'instructSplit',
    phase: 'splitting',
    check: ({ next }) =>
      expect(next).toMatchObject({
        categories: [
          { name: 'cables', items: ['usb cable', 'hdmi cord'] },
          { name: 'other', items: ['sketchbook', 'magazines', 'charger'] },
        ],
      }),
  },
  {
    row: 'Sorting: the same item answered unsure again does not count twice',
    state: session({ guided: sorting, unsure: fourUnsure }),
    input: { kind: 'disposition', item: 'Sketchbook', outcome: 'unsure' },
    action: 'instructUnsure',
    phase: 'sorting',
  },
  {
    row: 'Sorting: items left for later do not count towards a split',
    state: session({ guided: { phase: 'sorting', active: { ...active, later: ['sketchbook'] } }, unsure: fourUnsure }),
    input: { kind: 'disposition', item: 'hdmi cord', outcome: 'unsure' },
    action: 'instructUnsure',
    phase: 'sorting',
  },
  {
    row: 'Sorting -> DecisionSupport: help on an item',
    state: session({ guided: sorting }),
    input: { kind: 'help', item: 'sketchbook' },
    action: 'decisionAid',
    phase: 'decisionSupport',
    check: ({ action, next }) => {
      expect(next).toEqual({ phase: 'decisionSupport', active: { ...active, stuck: 1 }, stuckItem: 'sketchbook', returnTo: { phase: 'sorting' } });
      // The aid's card is not the item's card again: it offers to leave the thing for now.
      expect(action).toMatchObject({ choices: expect.arrayContaining([LEAVE_IT]) });
    },
  },
  {
    row: 'Sorting -> DecisionSupport: stuck on the item in hand',
    state: session({ guided: { ...sorting, currentItem: 'old jacket' } }),
    input: { kind: 'help' },
    action: 'decisionAid',
    phase: 'decisionSupport',
  },
  {
    row: 'Sorting: stuck with nothing in hand and nothing to propose gets a smaller step',
    state: session({ guided: sorting }),
    input: { kind: 'help' },
    action: 'askWhatIsIt',
    phase: 'sorting',
    check: ({ action, next }) => {
      expect(action).toMatchObject({ kind: 'askWhatIsIt', smaller: true });
      expect(next).toMatchObject({ active: { stuck: 1 } });
    },
  },
  {
    row: 'Sorting: the third "I’m stuck" in a row offers a break, and the run starts over',
    state: session({ guided: { ...sorting, active: { ...active, stuck: 2 } } }),
    input: { kind: 'help', item: 'sketchbook' },
    action: 'energyCheck',
    phase: 'sorting',
    check: ({ next }) => expect(next).toEqual(sorting),
  },
  {
    row: 'DecisionSupport: stuck again on the same thing leaves it for now, and moves on',
    state: session({ guided: { phase: 'decisionSupport', active: { ...active, stuck: 1 }, stuckItem: 'sketchbook', returnTo: { phase: 'sorting' } } }),
    input: { kind: 'help' },
    action: 'instructNext',
    phase: 'sorting',
    check: ({ records, next }) => {
      expect(records).toEqual([{ item: 'sketchbook', outcome: 'skip' }]);
      expect(next).toMatchObject({ active: { stuck: 2 } });
    },
  },
  {
    row: 'Sorting: any answer other than "I’m stuck" ends the run of them',
    state: session({ guided: { ...sorting, active: { ...active, stuck: 2 }, currentItem: 'mug' } }),
    input: { kind: 'disposition', item: 'mug', outcome: 'keep' },
    action: 'instructNext',
    phase: 'sorting',
    check: ({ next }) => expect(next).toEqual(sorting),
  },
  {
    row: 'Sorting: overwhelmed by a thing pivots away and leaves it for later',
    state: session({ guided: sorting }),
    input: { kind: 'overwhelmed', trigger: 'the boxes' },
    action: 'pivotAway',
    phase: 'sorting',
    check: ({ action, next }) => {
      expect(action).toEqual({ kind: 'pivotAway', trigger: 'the boxes', location: 'desk' });
      expect(next).toMatchObject({ active: { later: ['the boxes'], pivot: 'desk' } });
    },
  },
  {
    row: 'Sorting: after a pivot, the coach going on asks for one thing at the place turned to, not the card just answered',
    state: session({ guided: { ...sorting, active: { ...active, pivot: 'desk' } } }),
    input: { kind: 'begin' },
    action: 'askWhatIsIt',
    phase: 'sorting',
    check: ({ action, next }) => {
      expect(action).toMatchObject({ spot: 'the desk' });
      expect(next).toEqual(sorting);
    },
  },
  {
    row: 'Sorting: anything else said after a pivot answers it; no card at the place is owed',
    state: session({ guided: { ...sorting, active: { ...active, pivot: 'desk' } } }),
    input: { kind: 'item', item: 'stapler' },
    action: 'askItemDecision',
    phase: 'sorting',
    check: ({ next }) => expect(next).toEqual({ ...sorting, currentItem: 'stapler' }),
  },
  {
    row: 'Refining: overwhelmed by a thing pivots away to sorting; the split’s piles wait for another day',
    state: session({ guided: { ...refining, currentItem: 'usb cable' } as GuidedState }),
    input: { kind: 'overwhelmed', trigger: 'the cables' },
    action: 'pivotAway',
    phase: 'sorting',
    check: ({ next }) => expect(next).toEqual({ phase: 'sorting', active: { ...active, stuck: 1, pivot: 'desk', later: ['the cables', 'usb cable', 'hdmi cord', 'lamp shade'] } }),
  },
  {
    row: 'Sorting: overwhelmed by a thing a third time in a run of stuck offers a break',
    state: session({ guided: { ...sorting, active: { ...active, stuck: 2 } } }),
    input: { kind: 'overwhelmed', trigger: 'the boxes' },
    action: 'energyCheck',
    phase: 'sorting',
  },
  { row: 'Sorting: overwhelmed in general checks energy', state: session({ guided: sorting }), input: { kind: 'overwhelmed' }, action: 'energyCheck', phase: 'sorting' },
  { row: 'Sorting: an unanswered dialog pauses', state: session({ guided: sorting }), input: { kind: 'silent' }, action: 'ackProgress', phase: 'sorting' },
  {
    row: 'Sorting: unclear text is asked about',
    state: session({ guided: { ...sorting, currentItem: 'mug' } }),
    input: { kind: 'unclear', text: 'hmm the thing' },
    action: 'askClarify',
    phase: 'sorting',
    check: ({ action }) => expect(action).toMatchObject({ about: 'disposition', item: 'mug' }),
  },
  {
    row: 'Splitting -> Refining: split confirmed',
    state: session({ guided: { phase: 'splitting', active, categories: [{ name: 'cables', items: ['usb cable'] }, { name: 'other', items: ['lamp shade'] }] } }),
    input: { kind: 'split', edit: { kind: 'accept' } },
    action: 'askItemDecision',
    phase: 'refining',
    check: ({ action, next }) => {
      expect(action).toMatchObject({ item: 'usb cable' });
      expect(next).toMatchObject({ currentItem: 'usb cable', categories: [{ name: 'cables' }, { name: 'other' }] });
    },
  },
  {
    row: 'Splitting -> Refining: renamed in the dialog',
    state: session({ guided: { phase: 'splitting', active, categories: [{ name: 'cables', items: ['usb cable'] }, { name: 'other', items: ['lamp shade'] }] } }),
    input: { kind: 'split', edit: { kind: 'rename', names: ['cords', 'the rest'] } },
    action: 'askItemDecision',
    phase: 'refining',
    check: ({ next }) => expect(next).toMatchObject({ categories: [{ name: 'cords' }, { name: 'the rest' }] }),
  },
  {
    row: 'Splitting -> Sorting: declined, the items wait for next time',
    state: session({ guided: { phase: 'splitting', active, categories: [{ name: 'cables', items: ['usb cable'] }] } }),
    input: { kind: 'split', edit: { kind: 'decline' } },
    action: 'ackProgress',
    phase: 'sorting',
    check: ({ next }) => expect(next).toMatchObject({ active: { later: ['usb cable'] } }),
  },
  {
    row: 'Refining -> Refining: processing a category',
    state: session({ guided: refining }),
    input: { kind: 'disposition', item: 'usb cable', outcome: 'trash' },
    action: 'instructTrash',
    phase: 'refining',
    check: ({ next }) => expect(next).toMatchObject({ categories: [{ name: 'cables', items: ['hdmi cord'] }, { name: 'other' }] }),
  },
  {
    row: 'Refining -> Refining: a finished category moves to the next',
    state: session({ guided: { ...refining, categories: [{ name: 'cables', items: ['hdmi cord'] }, { name: 'other', items: ['lamp shade'] }] } }),
    input: { kind: 'disposition', item: 'hdmi cord', outcome: 'keep' },
    action: 'ackProgress',
    phase: 'refining',
    check: ({ action, next }) => {
      expect(action).toMatchObject({ reason: 'categoryDone', finished: 'cables', upNext: 'other' });
      expect(next).toMatchObject({ categories: [{ name: 'other', items: ['lamp shade'] }] });
    },
  },
  {
    row: 'Refining -> Sorting: every category done checks energy; still unsure is left for later',
    state: session({ guided: { ...refining, categories: [{ name: 'other', items: ['lamp shade'] }] }, unsure: ['lamp shade'] }),
    input: { kind: 'disposition', item: 'lamp shade', outcome: 'unsure' },
    action: 'energyCheck',
    phase: 'sorting',
    check: ({ next }) => expect(next).toMatchObject({ active: { later: ['lamp shade'] } }),
  },
  {
    row: 'Refining: next shows the next item of the category',
    state: session({ guided: refining }),
    input: { kind: 'next' },
    action: 'askItemDecision',
    phase: 'refining',
    check: ({ action }) => expect(action).toMatchObject({ item: 'usb cable' }),
  },
  {
    row: 'Refining -> DecisionSupport: help, remembering the refining to return to',
    state: session({ guided: { ...refining, currentItem: 'usb cable' } }),
    input: { kind: 'help' },
    action: 'decisionAid',
    phase: 'decisionSupport',
    check: ({ next }) => expect(next).toMatchObject({ stuckItem: 'usb cable', returnTo: { phase: 'refining', categories: refining.phase === 'refining' ? refining.categories : [] } }),
  },
  {
    row: 'DecisionSupport -> Sorting: decision made (typical)',
    state: session({ guided: support }),
    input: { kind: 'disposition', item: 'sketchbook', outcome: 'keep' },
    action: 'instructNext',
    phase: 'sorting',
  },
  {
    row: 'DecisionSupport -> Refining: decision made, when it came from Refining',
    state: session({ guided: { phase: 'decisionSupport', active, stuckItem: 'usb cable', returnTo: { phase: 'refining', categories: [{ name: 'cables', items: ['usb cable', 'hdmi cord'] }] } } }),
    input: { kind: 'disposition', item: 'usb cable', outcome: 'donate' },
    action: 'instructTrash',
    phase: 'refining',
    check: ({ next }) => expect(next).toMatchObject({ categories: [{ name: 'cables', items: ['hdmi cord'] }] }),
  },
  {
    row: 'DecisionSupport -> Splitting: an unsure decision can still reach the threshold',
    state: session({ guided: support, unsure: [...fourUnsure.slice(1), 'photo frame'] }),
    input: { kind: 'disposition', item: 'sketchbook', outcome: 'unsure' },
    action: 'instructSplit',
    phase: 'splitting',
  },
  {
    row: 'DecisionSupport: moving on skips the item for now',
    state: session({ guided: support }),
    input: { kind: 'next' },
    action: 'instructNext',
    phase: 'sorting',
    check: ({ records }) => expect(records).toEqual([{ item: 'sketchbook', outcome: 'skip' }]),
  },
  ...PHASES.flatMap((phase): Row[] => [
    {
      row: `Any (${phase}): a stop heard in words is asked about first, and nothing changes yet`,
      state: session({ guided: stateIn(phase), unsure: ['usb cable'] }),
      input: { kind: 'stop' },
      action: 'confirmStop',
      phase,
      check: ({ next, records }) => {
        expect(next).toEqual(stateIn(phase));
        expect(records).toBeUndefined();
      },
    },
    {
      row: `Any (${phase}) -> Summary: the person chose to wind down`,
      state: session({ guided: stateIn(phase), unsure: ['usb cable'] }),
      input: { kind: 'windDown' },
      action: 'summary',
      phase,
    },
  ]),
  {
    row: 'Sorting: carrying on after "no" to stopping shows the card of the item in hand again, after one neutral line',
    state: session({ guided: { ...sorting, currentItem: 'mug' } }),
    input: { kind: 'carryOn' },
    action: 'askItemDecision',
    phase: 'sorting',
    check: ({ action, next, preface, records }) => {
      expect(action).toMatchObject({ item: 'mug' });
      expect(next).toEqual({ ...sorting, currentItem: 'mug' });
      expect(preface).toEqual({ kind: 'ackProgress', reason: 'carryOn' });
      expect(records).toBeUndefined();
    },
  },
  {
    row: 'Sorting: carrying on with nothing in hand goes to the next step',
    state: session({ guided: sorting }),
    input: { kind: 'carryOn' },
    action: 'askWhatIsIt',
    phase: 'sorting',
  },
  {
    row: 'DecisionSupport: carrying on keeps the stuck item and its aid (it is not skipped)',
    state: session({ guided: support }),
    input: { kind: 'carryOn' },
    action: 'decisionAid',
    phase: 'decisionSupport',
    check: ({ action, records }) => {
      expect(action).toMatchObject({ item: 'sketchbook' });
      expect(records).toBeUndefined();
    },
  },
  {
    row: 'Refining: carrying on asks about the same item',
    state: session({ guided: { ...refining, currentItem: 'hdmi cord' } }),
    input: { kind: 'carryOn' },
    action: 'askItemDecision',
    phase: 'refining',
    check: ({ action }) => expect(action).toMatchObject({ item: 'hdmi cord' }),
  },
  {
    row: 'Splitting: carrying on shows the split again',
    state: session({ guided: stateIn('splitting') }),
    input: { kind: 'carryOn' },
    action: 'instructSplit',
    phase: 'splitting',
  },
  {
    row: 'Surveying: carrying on asks what was being asked, keeping what was gathered',
    state: session({ guided: { phase: 'surveying', gatheredFunction: 'work', gatheredAnchors: [] } }),
    input: { kind: 'carryOn' },
    action: 'askAnchors',
    phase: 'surveying',
  },
];

describe('decide: seed 001 trigger table', () => {
  it.each(rows)('$row', ({ state, input, action, phase, check }) => {
    const result = decide(state, input);
    expect(result.action.kind).toBe(action);
    expect(result.next.phase).toBe(phase);
    check?.(result);
  });

  it('never brings back the card just answered when a thing in hand overwhelms the person', () => {
    // The loop this guards: the pivot kept the thing in hand, so going on proposed it again, for ever.
    const inHand = session({ guided: { ...sorting, currentItem: 'box' } });
    const pivot = decide(inHand, { kind: 'overwhelmed', trigger: 'the box' });
    expect(pivot.action.kind).toBe('pivotAway');
    const after = decide({ ...inHand, guided: pivot.next }, { kind: 'begin' });
    expect(after.action).toMatchObject({ kind: 'askWhatIsIt', spot: 'the desk' });
    expect(after.next).not.toHaveProperty('currentItem');
  });

  it('is pure: the same state and input give the same decision, and the state is not touched', () => {
    const state = session({ guided: sorting, unsure: fourUnsure });
    const before = structuredClone(state);
    const input: Input = { kind: 'disposition', item: 'hdmi cord', outcome: 'unsure' };
    expect(decide(state, input)).toEqual(decide(state, input));
    expect(state).toEqual(before);
  });

  it('ends with things leaving the home on one small physical step, the biggest trip first, before the summary', () => {
    const state = session({ guided: { phase: 'sorting', active }, out: 2 });
    // Two things for the bin: the first step is to bag them by the door.
    expect(decide(state, { kind: 'windDown' }).action).toEqual({ kind: 'askFirstStep', count: 2, bound: 'the bin' });
    // One for the charity shop beside one for the bin: a tie goes to the donation, the bag people forget.
    const gift = { id: 'g1', name: 'old jumper', outcome: 'donate' as const, decidedAt: 5 };
    const bin = { id: 'b1', name: 'crisp packet', outcome: 'trash' as const, decidedAt: 6 };
    const one = { ...state, piles: { ...state.piles, out: [bin, gift] } };
    expect(decide(one, { kind: 'windDown' }).action).toEqual({ kind: 'askFirstStep', count: 1, item: 'old jumper', bound: 'the charity shop' });
    // Answered (or let go): the summary, which knows whether the step was done.
    expect(decide(one, { kind: 'windDown', firstStep: 'done' }).action).toMatchObject({ kind: 'summary', stepDone: true });
    expect(decide(one, { kind: 'windDown', firstStep: 'later' }).action).not.toHaveProperty('stepDone');
    // Nothing leaving: straight to the summary.
    expect(decide(session({ guided: { phase: 'sorting', active } }), { kind: 'windDown' }).action.kind).toBe('summary');
  });

  it('sums up what was done and what is left for next time', () => {
    const state = session({ guided: { phase: 'sorting', active: { ...active, later: ['the boxes', 'usb cable'] } }, unsure: ['usb cable'], out: 2 });
    expect(decide({ ...state, itemsProcessed: 3 }, { kind: 'windDown', firstStep: 'later' }).action).toEqual({
      kind: 'summary',
      summary: '3 things decided: 0 stay here, 0 go elsewhere in the home, 2 leave the home, 1 undecided.',
      nextTime: ['Decide on: usb cable', 'The boxes'],
      processed: 3,
      counts: '0 stay here, 0 go elsewhere in the home, 2 leave the home, 1 undecided',
      leaving: 2,
    });
  });
});
