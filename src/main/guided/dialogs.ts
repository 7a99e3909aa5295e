/**
 * The dialogs behind the guided coach's questions (the same modal dialogs the conversational coach uses), and
 * how each answer becomes input for `decide`. An unanswered dialog (timed out or cancelled) is `silent`, except the
 * "Stop for today?" card's, which means carry on. "Stop for today", which every card takes, is a control: it winds
 * down at once; a stop typed in a card's own words is only heard, and asked about first.
 */
import { FIRST_STEP } from '../../shared/exit-plan/first-step';
import { MAX_FOCUS, type ChoiceOptionSchema, type Resolution } from '../../shared/questions/schema';
import type { z } from 'zod';
import { STOP_CARD, stopConfirmed, type QuestionSpec } from '../questions';
import type { DialogAction } from './actions';
import type { Expecting, Input } from './input';
import type { GuidedState } from './phases';
import { counted } from '../../shared/text/names';
import { readingLabel } from './readings';
import { understand } from './understand';

type ChoiceOption = z.infer<typeof ChoiceOptionSchema>;

export const STUCK = 'I’m stuck';
export const NEXT_THING = 'Next thing';

export const FUNCTION_CHOICES: readonly ChoiceOption[] = [
  {
    label: 'Work',
    followUp: { prompt: 'What kind of work?', choices: ['Design', 'Writing', 'Coding', 'Admin', 'Study'], multiple: false },
  },
  { label: 'Sleep' },
  {
    label: 'Craft or hobby',
    followUp: { prompt: 'Which one?', choices: ['Sewing', 'Painting', 'Drawing', 'Music', 'Models'], multiple: false },
  },
  { label: 'Living and relaxing' },
  { label: 'Storage' },
  { label: 'Kids’ play' },
];

/** The two answers to "Still your office, …?". */
export const ROOM_CHOICES = { same: 'Yes', changed: 'Something changed' } as const;

export const SPLIT_CHOICES = { accept: 'Split like this', merge: 'One pile', decline: 'Not now' } as const;

/** The anchors card's way to say that nothing it offers has to stay. */
export const NOTHING_STAYS = 'None of these';

/** The "which one?" card's way to say the thing meant is none the photos show. */
export const NOT_THESE = 'None of these';

const CLARIFY_DISPOSITION: Readonly<Record<string, (item: string) => Input>> = {
  Trash: (item) => ({ kind: 'disposition', item, outcome: 'trash' }),
  'Keep it here': (item) => ({ kind: 'disposition', item, outcome: 'keep' }),
  'Somewhere else': (item) => ({ kind: 'disposition', item, outcome: 'place' }),
  'Not sure yet': (item) => ({ kind: 'disposition', item, outcome: 'unsure' }),
  [STUCK]: (item) => ({ kind: 'help', item }),
};
const CLARIFY_ITEM: Readonly<Record<string, Input>> = {
  [NEXT_THING]: { kind: 'next' },
  [STUCK]: { kind: 'help' },
};

/**
 * The dialog for a question action; `prompt` is the action's template, rendered. What it is about is outlined, and
 * when the session has photos, the cards about a thing take a point at one instead ("this one").
 */
export function dialogFor(action: DialogAction, prompt: string, session: { readonly photos: boolean; readonly note?: string } = { photos: false }): QuestionSpec {
  // A card outlines at most MAX_FOCUS things, whatever asked for more: one too many would fail the whole turn.
  const focus = 'focus' in action && action.focus?.length ? { focus: action.focus.slice(0, MAX_FOCUS) } : {};
  const pointing = session.photos ? pointingFor(action) : undefined;
  const note = session.note ? { note: session.note } : {};
  return { ...questionFor(action, prompt), ...focus, ...(pointing ? { pointing } : {}), ...note } as QuestionSpec;
}

/** Which cards take a point: those about which thing (to decide on, what it is); a "which one?" card asks for one. */
function pointingFor(action: DialogAction): 'offer' | 'ask' | undefined {
  switch (action.kind) {
    case 'askWhichOne':
      return 'ask';
    case 'askItemDecision':
    case 'decisionAid':
    case 'askWhatIsIt':
      return 'offer';
    case 'askClarify':
      return action.about === 'item' ? 'offer' : undefined;
    default:
      return undefined;
  }
}

function questionFor(action: DialogAction, prompt: string): QuestionSpec {
  switch (action.kind) {
    case 'confirmRoom':
      return { kind: 'choice', purpose: 'general', prompt, choices: Object.values(ROOM_CHOICES).map((label) => ({ label })), multiple: false, allowOther: false };
    case 'askFunction':
      return {
        kind: 'choice',
        purpose: 'function',
        prompt,
        choices: [...FUNCTION_CHOICES],
        multiple: false,
        allowOther: true,
        ...(action.known ? { preset: functionPreset(action.known) } : {}),
      };
    case 'askAnchors':
      if (action.candidates?.length) {
        const choices = [...action.candidates, NOTHING_STAYS].map((label) => ({ label }));
        const known = action.known?.filter((anchor) => action.candidates?.includes(anchor)) ?? [];
        return { kind: 'choice', purpose: 'anchors', prompt, choices, multiple: true, allowOther: true, ...(known.length ? { preset: { selected: known } } : {}) };
      }
      return { kind: 'text', prompt, placeholder: 'desk, lamp, plants', ...(action.known?.length ? { initial: action.known.join(', ') } : {}) };
    case 'askWhatIsIt':
      return {
        kind: 'choice',
        purpose: 'general',
        prompt,
        choices: [...action.suggestions, STUCK].map((label) => ({ label })),
        multiple: false,
        allowOther: true,
      };
    case 'askWhichOne':
      return {
        kind: 'choice',
        purpose: 'general',
        prompt,
        choices: [...action.options.map((option) => option.label), NOT_THESE].map((label) => ({ label })),
        multiple: false,
        allowOther: true,
      };
    case 'askWhereLive':
      return { kind: 'text', prompt, placeholder: 'kitchen, bookshelf, bathroom' };
    case 'askItemDecision': {
      // A card about several things of one kind says how many; several the photos show can be taken one at a time.
      const several = action.count
        ? { item: counted(action.count, action.item), count: action.count, ...(action.detection ? { each: true as const } : {}) }
        : { item: action.item };
      return { kind: 'disposition', ...several, ...(action.where ? { where: action.where } : {}), choices: action.choices, ...(action.inPlace ? { inPlace: true as const } : {}) };
    }
    case 'decisionAid':
      return { kind: 'disposition', item: action.item, ...(action.where ? { where: action.where } : {}), choices: action.choices };
    case 'energyCheck':
      return { kind: 'confirm', purpose: 'energy', prompt, defaultAnswer: false };
    case 'askFirstStep':
      return { kind: 'choice', purpose: 'firstStep', prompt, choices: [{ label: FIRST_STEP.done }, { label: FIRST_STEP.later }], multiple: false, allowOther: false };
    case 'confirmStop':
      return { ...STOP_CARD, prompt };
    case 'confirmReading':
      return { kind: 'choice', purpose: 'general', prompt, choices: action.readings.map((reading) => ({ label: readingLabel(reading) })), multiple: false, allowOther: true };
    case 'askClarify': {
      const labels = action.about === 'disposition' ? Object.keys(CLARIFY_DISPOSITION) : Object.keys(CLARIFY_ITEM);
      return { kind: 'choice', purpose: 'general', prompt, choices: labels.map((label) => ({ label })), multiple: false, allowOther: true };
    }
    case 'instructSplit':
      return {
        kind: 'choice',
        purpose: 'general',
        prompt: 'Split it like this? Or type your own names, in order.',
        choices: Object.values(SPLIT_CHOICES).map((label) => ({ label })),
        multiple: false,
        allowOther: true,
      };
  }
}

/**
 * What the room was for, as the function card's answer would give it again: "Work (Design)" is Work with Design
 * picked; anything else is words of the person's own.
 */
function functionPreset(known: string): { selected: string[]; followUp?: string[]; other?: string } {
  const [, label, detail] = /^(.*?)(?: \((.*)\))?$/.exec(known) ?? [];
  const choice = FUNCTION_CHOICES.find((each) => each.label === label);
  if (!choice) return { selected: [], other: known };
  const followUp = detail?.split(', ').filter((each) => choice.followUp?.choices.includes(each)) ?? [];
  return { selected: [choice.label], ...(followUp.length ? { followUp } : {}) };
}

/** The answer to a dialog as input; `overwhelmed` carries a signal heard earlier in the same turn. */
export function heardFrom(action: DialogAction, resolution: Resolution, context: { overwhelmed: boolean }): Input {
  // The session is ending whatever the last card hears: Done, Later, its stop or no answer (which is Later).
  if (action.kind === 'askFirstStep') {
    const done = resolution.closedBy === 'person' && resolution.answer.kind === 'choice' && resolution.answer.selected[0] === FIRST_STEP.done;
    return { kind: 'windDown', firstStep: done ? 'done' : 'later' };
  }
  if (action.kind === 'confirmStop') return stopConfirmed(resolution) ? { kind: 'windDown' } : { kind: 'carryOn' };
  if (resolution.closedBy !== 'person') return { kind: 'silent' };
  const answer = resolution.answer;
  switch (answer.kind) {
    case 'point':
      // Pointing answers any card that takes it: this one, instead of what the card was about.
      return { kind: 'pointed', point: answer.point };
    case 'disposition': {
      if (action.kind !== 'askItemDecision' && action.kind !== 'decisionAid') return { kind: 'silent' };
      const { item } = action;
      const pick = answer.pick;
      if (pick.type === 'each') return { kind: 'oneAtATime' };
      if (pick.type === 'other') return understand(pick.text, { kind: 'disposition', item });
      if (pick.type === 'unsure') return { kind: 'disposition', item, outcome: 'unsure' };
      if (pick.type === 'skip') return { kind: 'silent' };
      const choice = action.choices[pick.index];
      if (!choice) return { kind: 'silent' };
      return { kind: 'disposition', item, outcome: choice.disposition, ...(choice.location ? { location: choice.location } : {}) };
    }
    case 'choice': {
      const [selected] = answer.selected;
      const other = answer.other;
      if (action.kind === 'confirmReading') {
        const picked = action.readings.find((reading) => readingLabel(reading) === selected);
        if (picked) return picked;
        if (!other) return { kind: 'silent' };
        // Other: the person says it again in other words, read for the card it answered. Still not sure after asking:
        // the person is stuck, and the coach changes its approach rather than asking which again.
        const again = understand(other, action.expecting);
        if (again.kind !== 'tentative' && again.kind !== 'unclear') return again;
        return 'item' in action.expecting ? { kind: 'help', item: action.expecting.item } : { kind: 'help' };
      }
      if (action.kind === 'confirmRoom') {
        if (selected === ROOM_CHOICES.same) return { kind: 'sameRoom' };
        return selected === ROOM_CHOICES.changed ? { kind: 'roomChanged' } : { kind: 'silent' };
      }
      if (action.kind === 'askFunction') {
        const picked = [...answer.selected, ...(other ? [other] : [])];
        if (picked.length === 0) return { kind: 'silent' };
        // Typed words are read as on every card: a stop, a question or going on is that, not what the space is for;
        // "my desk is buried" is what it is for, said overwhelmed, so the coach starts small.
        const typed = other ? understand(other, { kind: 'function' }) : undefined;
        if (typed?.kind === 'stop') return typed;
        if (typed && ['question', 'next', 'keepGoing', 'tentative'].includes(typed.kind) && answer.selected.length === 0) return typed;
        const detail = answer.followUp?.length ? ` (${answer.followUp.join(', ')})` : '';
        const overwhelmed = context.overwhelmed || typed?.kind === 'overwhelmed' || typed?.kind === 'help' || (typed?.kind === 'function' && typed.overwhelmed);
        return { kind: 'function', function: `${picked.join(', ')}${detail}`.slice(0, 200), overwhelmed };
      }
      if (action.kind === 'askAnchors') {
        const picked = answer.selected.filter((label) => label !== NOTHING_STAYS);
        const typed = other ? understand(other, { kind: 'anchors' }) : undefined;
        if (typed && typed.kind !== 'anchors') return typed;
        const anchors = [...picked, ...(typed?.kind === 'anchors' ? typed.anchors : [])];
        // Ticking "none of these" (or nothing, and typing nothing) is an answer too: nothing has to stay.
        return answer.selected.length > 0 || typed ? { kind: 'anchors', anchors } : { kind: 'silent' };
      }
      if (action.kind === 'instructSplit') {
        if (selected === SPLIT_CHOICES.accept) return { kind: 'split', edit: { kind: 'accept' } };
        if (selected === SPLIT_CHOICES.merge) return { kind: 'split', edit: { kind: 'merge' } };
        if (selected === SPLIT_CHOICES.decline) return { kind: 'split', edit: { kind: 'decline' } };
        if (!other) return { kind: 'silent' };
        // Words the coach cannot read are not asked about again on the same card: the person is stuck ("not now").
        const heard = understand(other, { kind: 'split' });
        return heard.kind === 'unclear' ? { kind: 'help' } : heard;
      }
      if (action.kind === 'askClarify') {
        const expecting: Expecting = action.item ? { kind: 'disposition', item: action.item } : { kind: 'item' };
        if (selected !== undefined) {
          const mapped = action.item ? CLARIFY_DISPOSITION[selected]?.(action.item) : CLARIFY_ITEM[selected];
          if (mapped) return mapped;
        }
        if (!other) return { kind: 'silent' };
        // Still not readable after asking: the person is stuck, and the coach changes its approach.
        const heard = understand(other, expecting);
        return heard.kind === 'unclear' ? { kind: 'help', ...(action.item ? { item: action.item } : {}) } : heard;
      }
      if (action.kind === 'askWhatIsIt') {
        // Asked about where the person pointed, or about a busy spot (they are looking there): what they name is
        // the thing there, and its card outlines that place.
        const there = (action.pointed || action.spot) && action.focus?.[0] ? { focus: action.focus[0] } : {};
        if (selected === STUCK) return { kind: 'help' };
        if (selected !== undefined) return { kind: 'item', item: selected, ...there };
        if (!other) return { kind: 'silent' };
        // "Keep going" here asks for the next thing.
        const heard = understand(other, { kind: 'item' });
        if (heard.kind === 'item') return { ...heard, ...there };
        return heard.kind === 'keepGoing' ? { kind: 'next' } : heard;
      }
      if (action.kind === 'askWhichOne') {
        const option = action.options.find((candidate) => candidate.label === selected);
        if (option) return { kind: 'thing', ref: option.ref };
        if (selected === NOT_THESE) return { kind: 'item', item: action.item, unseen: true };
        if (!other) return { kind: 'silent' };
        // "The one on the left": the one option whose place has every side the words say.
        const bySide = optionBySide(action.options, other);
        if (bySide) return { kind: 'thing', ref: bySide.ref };
        const heard = understand(other, { kind: 'item' });
        return heard.kind === 'item' ? { ...heard, unseen: true } : heard;
      }
      return { kind: 'silent' };
    }
    case 'confirm':
      // The energy check asks "Stop here for today?": a yes there is the person's choice, not a guess.
      return answer.yes ? { kind: 'windDown' } : { kind: 'keepGoing' };
    case 'stop':
      // "Stop for today", on whatever card: nothing is recorded for what the card was about.
      return { kind: 'windDown' };
    case 'text': {
      if (!answer.text.trim()) return { kind: 'silent' };
      if (action.kind === 'askAnchors') return understand(answer.text, { kind: 'anchors' });
      if (action.kind === 'askWhereLive') return understand(answer.text, { kind: 'location', item: action.item });
      return { kind: 'silent' };
    }
  }
}

/** What free text in the chat is about, given the phase. */
export function expectingIn(guided: GuidedState): Expecting {
  switch (guided.phase) {
    case 'surveying':
      return guided.gatheredFunction ? { kind: 'anchors' } : { kind: 'function' };
    case 'sorting':
      return guided.currentItem ? { kind: 'disposition', item: guided.currentItem } : { kind: 'item' };
    case 'splitting':
      return { kind: 'split' };
    case 'refining':
      return guided.currentItem ? { kind: 'disposition', item: guided.currentItem } : { kind: 'next' };
    case 'decisionSupport':
      return { kind: 'disposition', item: guided.stuckItem };
  }
}

const SIDES = ['left', 'right', 'top', 'bottom', 'middle'] as const;

/** The one option whose place names every side the text names ("the left one"), if exactly one does. */
function optionBySide<O extends { readonly label: string }>(options: readonly O[], text: string): O | undefined {
  const words = (value: string) => new Set(value.toLowerCase().split(/[^a-z]+/));
  const said = words(text);
  const sides = SIDES.filter((side) => said.has(side));
  if (sides.length === 0) return undefined;
  const fitting = options.filter((option) => sides.every((side) => words(option.label).has(side)));
  return fitting.length === 1 ? fitting[0] : undefined;
}
