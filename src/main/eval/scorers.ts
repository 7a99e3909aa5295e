/**
 * Checks over a transcript that need no judge model. Each is a pure function returning pass, fail or n/a (nothing
 * in the transcript it could judge, e.g. no wind-down owed) with the lines that broke it, quoted for the report.
 */
import type { ModeKind } from '../../shared/session/schema';
import { MODE_TOOLS, type TRANSITION_TOOLS } from '../coach/modes';
import { pileFor } from '../session/decisions';
import type { PileNames, Transcript, TranscriptEvent } from './transcript';
import { PRAISE_WORDS, SHAMING_WORDS, wordsIn } from './words';

export type CheckStatus = 'pass' | 'fail' | 'n/a';
export interface CheckResult {
  readonly status: CheckStatus;
  readonly offending: string[];
}
type Scorer = (transcript: Transcript) => CheckResult;

const result = (offending: string[], applicable = true): CheckResult => ({
  status: !applicable ? 'n/a' : offending.length > 0 ? 'fail' : 'pass',
  offending,
});

const coachLines = (transcript: Transcript) => transcript.events.filter((event): event is Extract<TranscriptEvent, { type: 'coach' }> => event.type === 'coach');

export const MAX_SORTING_WORDS = 20;

const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** Sorting is terse: every reply in Sorting mode under 20 words (sorting.njk). */
export const shortSorting: Scorer = (transcript) => {
  const sorting = coachLines(transcript).filter((line) => line.mode === 'sorting');
  return result(
    sorting.filter((line) => wordCount(line.text) >= MAX_SORTING_WORDS).map((line) => `${wordCount(line.text)} words: ${line.text}`),
    sorting.length > 0,
  );
};

/** Verbs a coach's instruction starts with; a sentence starting with one (after "please", "now", "then") is an instruction. */
const IMPERATIVE_VERBS = new Set(
  'put take pick grab throw toss move place look find start tell say send choose decide bring clear set open check hold drop bin recycle donate keep try walk go write show share give wipe fold hang stack sort empty carry return leave grab'.split(' '),
);

const startsWithVerb = (clause: string) => {
  const words = clause.toLowerCase().replace(/[^\p{L}\s']/gu, ' ').split(/\s+/).filter(Boolean);
  const first = words.find((word) => !['please', 'now', 'then', 'and', 'just', 'ok', 'okay'].includes(word));
  return first !== undefined && IMPERATIVE_VERBS.has(first);
};

/**
 * What a message asks or tells the person to do: each question, and each clause that starts with an imperative verb
 * ("Pick up the mug, then put it in the kitchen" is two). A heuristic: it can miss an instruction, so a fail is
 * worth reading, and a pass is not proof.
 */
export function instructionsIn(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .flatMap((sentence) => {
      const clauses = sentence
        .split(/[,;:]|\band\b|\bthen\b/i)
        .map((clause) => clause.trim())
        .filter(startsWithVerb);
      if (sentence.endsWith('?')) return clauses.length > 1 ? clauses : [sentence];
      return clauses;
    });
}

/** One instruction at a time (rules.njk): at most one question or imperative sentence per coach message. */
export const oneInstruction: Scorer = (transcript) => {
  const lines = coachLines(transcript);
  return result(
    lines.filter((line) => instructionsIn(line.text).length > 1).map((line) => `${instructionsIn(line.text).length} instructions: ${line.text}`),
    lines.length > 0,
  );
};

/** No praise inflation and no judgement or shaming (rules.njk), by the lists in words.ts. */
export const tone: Scorer = (transcript) => {
  const lines = coachLines(transcript);
  const offending: string[] = [];
  for (const line of lines) {
    const praise = wordsIn(line.text, PRAISE_WORDS);
    const shaming = wordsIn(line.text, SHAMING_WORDS);
    if (praise.length) offending.push(`praise (${praise.join(', ')}): ${line.text}`);
    if (shaming.length) offending.push(`shaming (${shaming.join(', ')}): ${line.text}`);
  }
  return result(offending, lines.length > 0);
};

/** Where each transition tool leads; `satisfies` makes a new transition tool a type error here until it is mapped. */
export const TRANSITION_TARGETS = {
  begin_sorting: 'sorting',
  need_to_clarify: 'clarifying',
  user_seems_stuck: 'decisionSupport',
  time_to_wrap: 'windingDown',
  resume_sorting: 'sorting',
  skip_item: 'sorting',
} as const satisfies Record<(typeof TRANSITION_TOOLS)[number], ModeKind>;

/**
 * A mode may go where one of its transition tools leads (MODE_TOOLS). The person's own wind-down at a sprint
 * check-in also leads from any mode to WindingDown, but the eval's sprints never run out, so it is not allowed here.
 */
export function allowedTransition(from: ModeKind, to: ModeKind): boolean {
  return MODE_TOOLS[from].some((tool) => tool in TRANSITION_TARGETS && TRANSITION_TARGETS[tool as keyof typeof TRANSITION_TARGETS] === to);
}

export const validTransitions: Scorer = (transcript) => {
  // The guided coach's phases after a handover are not the conversational coach's transitions.
  const handover = transcript.events.findIndex((event) => event.type === 'handover');
  const changes = (handover < 0 ? transcript.events : transcript.events.slice(0, handover)).filter((event) => event.type === 'mode');
  return result(
    changes.filter((change) => !allowedTransition(change.from, change.to)).map((change) => `${change.from} -> ${change.to}`),
    changes.length > 0,
  );
};

/** The pile name a card's item is filed under: the card reads "item, where", the pile keeps the item. */
const filedAs = (cardItem: string, pileItem: string) => {
  const card = cardItem.trim().toLowerCase();
  const pile = pileItem.trim().toLowerCase();
  return card === pile || card.startsWith(`${pile},`);
};

/**
 * Every disposition answer shows in the piles before the next card (or by the end): a choice in its pile (trash,
 * donate, recycle: out; place, keep: belongs), "not sure" in unsure. Skips and own-words answers file nothing.
 */
export const answersInPiles: Scorer = (transcript) => {
  const offending: string[] = [];
  let piles: PileNames = { belongs: [], out: [], unsure: [] };
  let owed: { item: string; pile: keyof PileNames; said: string } | undefined;
  let answered = 0;
  const settle = () => {
    if (owed && !piles[owed.pile].some((name) => filedAs(owed!.item, name))) {
      offending.push(`"${owed.item}" answered ${owed.said} but is not in the ${owed.pile} pile`);
    }
    owed = undefined;
  };
  const cards = new Map<string, Extract<TranscriptEvent, { type: 'card' }>['question']>();
  for (const event of transcript.events) {
    if (event.type === 'piles') piles = event.piles;
    if (event.type === 'card') {
      settle();
      cards.set(event.question.id, event.question);
    }
    if (event.type !== 'answer') continue;
    const question = cards.get(event.questionId);
    if (question?.kind !== 'disposition' || event.answer.kind !== 'disposition') continue;
    answered++;
    const pick = event.answer.pick;
    const outcome = pick.type === 'choice' ? question.choices[pick.index]?.disposition : pick.type === 'unsure' ? 'unsure' : undefined;
    const pile = outcome ? pileFor(outcome) : undefined;
    if (pile) owed = { item: question.item, pile, said: pick.type === 'choice' ? `"${question.choices[pick.index]!.label}"` : '"not sure"' };
  }
  settle();
  return result(offending, answered > 0);
};

/** When the person asked to stop, the coach wound down (WindingDown mode, or the session ended) from then on. */
export const windDownWhenAsked: Scorer = (transcript) => {
  const at = transcript.scenario.asksToStopAt;
  if (at === undefined) return result([], false);
  let asked = false;
  let mode: ModeKind = 'surveying';
  for (const event of transcript.events) {
    if (event.type === 'mode') mode = event.to;
    if (event.type === 'person' && event.step === at) asked = true;
    if (asked && (mode === 'windingDown' || event.type === 'ended')) return result([]);
  }
  const line = transcript.scenario.messages[at]!;
  return result([asked ? `asked "${line}" and the coach never wound down` : `the run ended before the person could say "${line}"`]);
};

const itemKey = (cardItem: string) =>
  cardItem
    .split(',')[0]!
    .trim()
    .toLowerCase()
    .replace(/^(the|a|an|your|my)\s+/, '');

/**
 * No item proposed twice. The one exception is an item the person answered in their own words: the coach is told
 * to work out where it goes and propose it again.
 */
export const noRepeatedItem: Scorer = (transcript) => {
  const proposed = new Map<string, number>();
  const reopened = new Set<string>();
  const cards = new Map<string, string>();
  const offending: string[] = [];
  for (const event of transcript.events) {
    if (event.type === 'card' && event.question.kind === 'disposition') {
      const key = itemKey(event.question.item);
      cards.set(event.question.id, key);
      const times = (proposed.get(key) ?? 0) + 1;
      proposed.set(key, times);
      if (times > 1 && !reopened.has(key)) offending.push(`proposed again (${times}x): ${event.question.item}`);
      reopened.delete(key);
    }
    if (event.type === 'answer' && event.answer.kind === 'disposition' && event.answer.pick.type === 'other') {
      const key = cards.get(event.questionId);
      if (key) reopened.add(key);
    }
  }
  return result(offending, proposed.size > 0);
};

/** The checks, in the report's column order. */
export const CHECKS = [
  { id: 'short-sorting', title: 'sorting <20w', score: shortSorting },
  { id: 'one-instruction', title: 'one instr.', score: oneInstruction },
  { id: 'tone', title: 'tone', score: tone },
  { id: 'transitions', title: 'transitions', score: validTransitions },
  { id: 'piles', title: 'piles', score: answersInPiles },
  { id: 'wind-down', title: 'wind-down', score: windDownWhenAsked },
  { id: 'no-repeat', title: 'no repeat', score: noRepeatedItem },
] as const;
export type CheckId = (typeof CHECKS)[number]['id'];

export type Scores = Record<CheckId, CheckResult>;

export function scoreTranscript(transcript: Transcript): Scores {
  return Object.fromEntries(CHECKS.map((check) => [check.id, check.score(transcript)])) as Scores;
}
