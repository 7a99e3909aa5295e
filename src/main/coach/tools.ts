import { z } from 'zod';
import { endedSession } from '../session/ending';
import { ChoiceOptionSchema, DispositionChoiceSchema, type Resolution } from '../../shared/questions/schema';
import { decidedText, groupOf, PILE_GROUP_WORDS, pileCounts } from '../../shared/session/pile-groups';
import type { SessionState } from '../../shared/session/schema';
import { theName } from '../../shared/text/names';
import { defineTool, type AgentTool, type ToolContext } from '../agent/tools';
import type { Clock, QuestionUi, Random, StateStore } from '../effects';
import { STOP_CARD, stopConfirmed, type QuestionSpec } from '../questions';
import { proposalMatching } from '../detection/proposals';
import { thingsAt } from '../detection/pointed';
import type { Point } from '../../shared/pointing/schema';
import { pointedWords, pointShown } from './pointing';
import { recordDecisions, type Outcome } from '../session/decisions';
import { groupMatching } from '../detection/offers';
import { saysSpent, seenOnly } from '../../shared/recommendations/table';
import { askFirstStep, firstStepResult, type FirstStepDeps } from './first-step';

export interface CoachToolDeps {
  readonly state: StateStore<SessionState>;
  readonly questions: QuestionUi<QuestionSpec, Resolution>;
  readonly time: Clock;
  readonly random: Random;
  /** The person's "Stop for today" this turn (on a card, or the control that started the turn). */
  readonly stop: {
    readonly chosen: () => boolean;
    /** A card was answered with it. */
    readonly choose: () => void;
  };
}

/** What the model hears when the person chose "Stop for today": on the card, or before the card could be shown. */
export function stopChosenResult(item?: string): string {
  return `The person chose to stop for today${item ? `: nothing was recorded for the ${item}` : ''}. The session is winding down now: call end_session with a short summary of what was done and the list for next time; it ends without asking them again.`;
}

/**
 * Shows a card, unless the person has already chosen to stop this turn. Their "Stop for today" on it winds the coach
 * down at once: WindingDown next (its wrap-up tools only), where end_session ends without asking again. A transition
 * the model scheduled in the same batch goes first; the turn ends the session all the same.
 */
async function askUnlessStopped(deps: CoachToolDeps, spec: QuestionSpec, { agent, signal }: ToolContext): Promise<Resolution | 'stop'> {
  if (deps.stop.chosen()) return 'stop';
  const resolution = await deps.questions.ask(spec, signal);
  if (resolution.closedBy !== 'person' || resolution.answer.kind !== 'stop') return resolution;
  deps.stop.choose();
  if (agent.mode.name !== 'windingDown' && !agent.modes.pending) agent.modes.scheduleSwitch('windingDown', { nextTime: [] });
  return 'stop';
}

/** What the cards about a thing know of the person's pointing this turn. */
export interface PointingDeps {
  /** What the person pointed at this turn and no card has been about yet. */
  readonly pointed: () => Point | undefined;
  /** A point a card was answered with (the next card is about it), or undefined once a card was about it. */
  readonly notePoint: (point: Point | undefined) => void;
}

/** The cards about a thing take a point at another when there are photos to point at. */
const pointingOffer = (state: SessionState) => (state.photos.length > 0 ? { pointing: 'offer' as const } : {});

function pilesLine(state: SessionState): string {
  return `Piles: ${decidedText(pileCounts(state))}`;
}

/**
 * propose_disposition: the modal card. The answer updates the piles and the count before the model hears it. A card
 * about what the person just pointed at outlines where they pointed; a card answered by pointing at something else
 * records nothing and shows the model the crop of what was pointed at.
 */
export function proposeDisposition(deps: CoachToolDeps & PointingDeps): AgentTool {
  return defineTool({
    name: 'propose_disposition',
    description:
      'Show the person a card for ONE specific item with 2-4 choices, your recommendation first; or for several things of one kind in one place that the photos list as one card ("12 books (on the table; one card for all of them)"): name them with their count, and the answer counts for each. Returns their answer; the piles are already updated when you read it.',
    input: z.object({
      item: z.string().trim().min(1).max(160).describe('Specific: what it looks like ("blue mug", "empty amazon envelope").'),
      location: z.string().trim().min(1).max(120).optional().describe('Where it is ("on the windowsill").'),
      choices: z.array(DispositionChoiceSchema).min(2).max(4),
    }),
    async execute({ item, location, choices }, context) {
      const state = deps.state.get();
      const words = `${item} ${location ?? ''}`;
      // What the person pointed at this turn: the card is about it, named or not.
      const point = deps.pointed();
      const pointed = point && thingsAt(state, point);
      deps.notePoint(undefined);
      // A thing the detector found, when the words name one or the person pointed at one: the card outlines it, and it
      // is not proposed again. A card about a point the detector has no name for outlines where they pointed.
      // Several of one kind in one place, named in the plural ("the 12 books on the table"): every one of them.
      const several = pointed ? undefined : groupMatching(state, words);
      const named = several ? undefined : proposalMatching(state, words);
      const seen = pointed?.one && (!named || namesIt(words, pointed.one.name)) ? pointed.one : named;
      const focus = several ? [...several.focus] : (seen?.focus ?? pointed?.focus);
      // A detected thing is never put to the bin first on the eyes' word: only when the card's words say it is
      // rubbish or empty ("empty bottle") may the model's Trash lead; otherwise it goes last.
      const offered = (several || seen) && !saysSpent(item) ? seenOnly(choices, false) : choices;
      const resolution = await askUnlessStopped(
        deps,
        {
          kind: 'disposition',
          item: location ? `${item}, ${location}` : item,
          choices: offered,
          ...(focus ? { focus: Array.isArray(focus) ? focus : [focus] } : {}),
          ...(several ? { count: several.refs.length } : {}),
          ...pointingOffer(state),
        },
        context,
      );
      if (resolution === 'stop') return stopChosenResult(item);
      const answer = resolution.answer;
      if (answer.kind === 'point' && resolution.closedBy === 'person') {
        deps.notePoint(answer.point);
        context.show(pointShown(answer.point));
        return `The person pointed at something else instead of answering about ${theName(item)}: nothing was recorded for it. ${pointedWords(deps.state.get(), answer.point)} What they pointed at is shown next: work with that.`;
      }
      if (answer.kind !== 'disposition') return 'No usable answer came back; move on to the next item.';
      if (resolution.closedBy !== 'person') {
        return `No answer (${resolution.closedBy === 'timeout' ? 'the card timed out' : 'the card was closed'}): treated as skip, nothing recorded. Move on gently.`;
      }
      const pick = answer.pick;
      if (pick.type === 'other') {
        return `The person answered in their own words: "${pick.text}". Nothing was recorded yet: work out with them where it goes, then propose again.`;
      }
      let outcome: Outcome;
      let placeAt: string | undefined;
      if (pick.type === 'choice') {
        const choice = offered[pick.index]!;
        outcome = choice.disposition;
        placeAt = choice.location;
      } else {
        outcome = pick.type === 'unsure' ? 'unsure' : 'skip';
      }
      const answered = { outcome, ...(placeAt ? { location: placeAt } : {}) };
      // A group's things are each recorded as itself (under the detector's name, so the piles read "book ×12").
      const records = several
        ? several.refs.map((detection) => ({ ...answered, item: several.name, detection, id: deps.random.id() }))
        : [{ ...answered, item, id: deps.random.id(), ...(seen ? { detection: seen.ref } : {}) }];
      const next = recordDecisions(deps.state.get(), records, deps.time.now());
      const afterMode = next.mode.kind === 'sorting' ? { ...next, mode: { kind: 'sorting' as const } } : next;
      deps.state.set(afterMode);
      const group = groupOf({ outcome, location: placeAt }, afterMode);
      const where = group ? `${PILE_GROUP_WORDS[group].title.toLowerCase()}${placeAt ? ` (to ${placeAt})` : ''}` : 'no pile (skipped for now)';
      const things = several ? ` (all ${several.refs.length} of them)` : '';
      return `Answer: ${outcome === 'unsure' ? 'not sure yet' : outcome}${things} -> ${where}. ${pilesLine(afterMode)}`;
    },
  });
}

/**
 * ask_which_one: a card that asks the person to point at the thing they mean on their photos (a click, a box, or the
 * keyboard), or to say it in words. The model reads what the detector sees there and is shown the crop.
 */
export function askWhichOne(deps: CoachToolDeps & PointingDeps): AgentTool {
  return defineTool({
    name: 'ask_which_one',
    description:
      'Show a card asking the person to point at the thing they mean on their photos, or to say it in words, when you cannot tell which one it is. Returns what they pointed at (and what the on-device detector sees there); its crop is shown to you next.',
    input: z.object({ prompt: z.string().trim().min(1).max(200).describe('The question, e.g. "Which mug do you mean? Point at it."') }),
    async execute({ prompt }, context) {
      const resolution = await askUnlessStopped(deps, { kind: 'text', prompt, placeholder: 'Or say which one in words', pointing: 'ask' }, context);
      if (resolution === 'stop') return stopChosenResult();
      if (resolution.closedBy !== 'person') {
        return `No answer (${resolution.closedBy === 'timeout' ? 'the card timed out' : 'the card was closed'}). Describe what you mean another way, or move on.`;
      }
      const answer = resolution.answer;
      if (answer.kind === 'point') {
        deps.notePoint(answer.point);
        context.show(pointShown(answer.point));
        return `${pointedWords(deps.state.get(), answer.point)} What they pointed at is shown next.`;
      }
      if (answer.kind === 'text' && answer.text.trim()) return `They said which one in words: "${answer.text.trim()}".`;
      return 'They gave no answer. Describe what you mean another way, or move on.';
    },
  });
}

/** ask_space_function: multiple choice (answers may reveal a follow-up) that captures the function, then anchors. */
export function askSpaceFunction(deps: CoachToolDeps): AgentTool {
  return defineTool({
    name: 'ask_space_function',
    description:
      'Ask what the space is for (purpose "function", one choice) or what must stay (purpose "anchors", several). Choices may carry a follow-up question. Returns the answer; the session is already updated.',
    input: z.object({
      purpose: z.enum(['function', 'anchors']),
      prompt: z.string().trim().min(1).max(200),
      choices: z.array(ChoiceOptionSchema).min(2).max(8),
    }),
    async execute({ purpose, prompt, choices }, context) {
      const resolution = await askUnlessStopped(deps, { kind: 'choice', purpose, prompt, choices, multiple: purpose === 'anchors', allowOther: true }, context);
      if (resolution === 'stop') return stopChosenResult();
      const answer = resolution.answer;
      if (answer.kind !== 'choice') return 'No usable answer came back.';
      const picked = [...answer.selected, ...(answer.other ? [answer.other] : [])];
      if (picked.length === 0) {
        return resolution.closedBy === 'person' ? 'The person chose nothing.' : 'No answer: the question timed out or was closed.';
      }
      const state = deps.state.get();
      if (purpose === 'function') {
        const detail = answer.followUp?.length ? ` (${answer.followUp.join(', ')})` : '';
        const spaceFunction = `${picked.join(', ')}${detail}`;
        deps.state.set({ ...state, spaceFunction });
        return `The space is for: ${spaceFunction}.`;
      }
      const anchors = [...new Set([...state.anchors, ...picked, ...(answer.followUp ?? [])])];
      deps.state.set({ ...state, anchors });
      return `These stay no matter what: ${anchors.join(', ')}.`;
    },
  });
}

/**
 * confirm_done: a yes/no card ("Is this space done for today?"). Unanswered counts as no: nothing ends by itself.
 * `onPersonSaidYes` hears a yes the person gave, so an end_session right after it does not ask the same again.
 */
export function confirmDone(deps: CoachToolDeps & { readonly onPersonSaidYes: () => void }): AgentTool {
  return defineTool({
    name: 'confirm_done',
    description: 'Ask a yes/no question, e.g. whether the person is done for today. Returns "yes" or "no".',
    input: z.object({ prompt: z.string().trim().min(1).max(200) }),
    async execute({ prompt }, context) {
      const resolution = await askUnlessStopped(deps, { kind: 'confirm', prompt, defaultAnswer: false }, context);
      if (resolution === 'stop') return stopChosenResult();
      const yes = resolution.answer.kind === 'confirm' && resolution.answer.yes;
      if (resolution.closedBy === 'person' && yes) deps.onPersonSaidYes();
      return resolution.closedBy === 'person' ? (yes ? 'yes' : 'no') : 'no answer (treated as no)';
    },
  });
}

/** What the model hears when the person says no to stopping (or lets the card go): it keeps coaching. */
export const KEEP_GOING_RESULT =
  'The person wants to keep going: nothing has ended. Back to sorting: say one short neutral line (no guilt, no pressure) and carry on where you were.';

/**
 * end_session: ends the session, keeping the summary and the next-time list. The model decided to end from the
 * person's words (or its own judgement), so the person confirms on the "Stop for today?" card first, in the same
 * tool call; "no" (or no answer) keeps the session going and back in sorting. It ends at once only when the person
 * has already said so: they chose "Stop for today" (on a card or a control, `stop`), or said yes to the model's own
 * "Is that it for today?" card while winding down this turn (`saidDone`); they are never asked the same twice in a row.
 * When things leave the home, the last card before it ends is the first step of the trip out (first-step.ts).
 */
export function endSession(deps: CoachToolDeps & FirstStepDeps & { readonly saidDone: () => boolean }): AgentTool {
  return defineTool({
    name: 'end_session',
    description:
      'End the session. Give the summary of what was done and the list for next time. Unless the person already chose to stop, they are asked "Stop for today?" first, and the result says whether the session ended.',
    input: z.object({
      summary: z.string().trim().min(1).max(1200).optional(),
      next_time: z.array(z.string().trim().min(1).max(300)).max(10).optional(),
    }),
    async execute({ summary, next_time }, { agent, signal }) {
      if (!deps.stop.chosen() && !deps.saidDone() && !stopConfirmed(await deps.questions.ask(STOP_CARD, signal))) {
        agent.modes.scheduleSwitch('sorting', {});
        return KEEP_GOING_RESULT;
      }
      // The last card, when things leave the home: one small step now, before the session ends.
      const step = await askFirstStep(deps, deps.state.get(), signal);
      if (signal?.aborted) return 'Stopped before the session ended.';
      deps.state.set(endedSession(deps.state.get(), deps.time.now(), { ...(summary ? { summary } : {}), ...(next_time ? { nextTime: next_time } : {}) }));
      return `The session has ended.${firstStepResult(step)} Say goodbye in one or two warm, factual sentences.`;
    },
  });
}

/** Whether the card's words name the thing ("the blue cup on the desk" names the cup). */
function namesIt(words: string, name: string): boolean {
  const padded = ` ${words.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ')} `;
  return padded.includes(` ${name.toLowerCase()} `) || padded.includes(` ${name.toLowerCase()}s `);
}
