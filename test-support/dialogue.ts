/**
 * Test support: simulated people answering every card the guided coach shows, and the trace of what they saw. A
 * person is a policy (how often they pick an option, say they are stuck, type in "Other…", let a card time out or
 * stop) and a stream of numbers the policy draws from; the photos carry whatever the detector would have found.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COCO_LABELS, type CocoLabel, type PhotoDetections } from '../src/shared/detection/schema';
import type { Answer, Question } from '../src/shared/questions/schema';
import type { Photo } from '../src/shared/session/schema';
import { classInfo } from '../src/shared/detection/classes';
import { STUCK } from '../src/main/guided/dialogs';
import { parseCorpus } from '../src/main/guided/understanding/corpus';

const CORPUS_FILE = path.resolve(import.meta.dirname, '../src/main/guided/understanding/corpus.jsonl');

/** What people typed in the labelled corpus: the "Other…" answers and chat messages of the simulated people. */
export const CORPUS_TEXTS: readonly string[] = parseCorpus(readFileSync(CORPUS_FILE, 'utf8'), CORPUS_FILE).map((entry) => entry.text);

/** What a person says on a card to stop, in words (read, then confirmed on the "Stop for today?" card). */
export const STOP_WORDS = 'stop for today';
/** What a person types in "Other…" on a card with no "I'm stuck" button. */
export const STUCK_WORDS = 'I’m stuck';

export interface Policy {
  readonly choose: number;
  readonly stuck: number;
  readonly other: number;
  readonly timeout: number;
  readonly stop: number;
  /** The card at which the person decides to stop, and from then on only stops. */
  readonly stopsAt?: number;
}

export type Move = 'choose' | 'stuck' | 'other' | 'timeout' | 'stop';

/** One card the person saw, what they did, and the session around it. */
export interface Seen {
  readonly question: Question;
  readonly move: Move;
  readonly answer: Answer | 'timeout';
  /** Decisions recorded and the phase when the card was shown. */
  readonly decisions: number;
  readonly phase: string;
  /** Chat messages the person had sent before this card. */
  readonly sent: number;
}

/** The card as the person sees it: its question and options, not its id or times. */
export function cardOf(question: Question): string {
  const { id: _id, askedAt: _askedAt, expiresAt: _expiresAt, ...card } = question;
  return JSON.stringify(card);
}

/** Does this card offer a break or a wrap-up ("Stop here for today?", "Stop for today?")? */
export function offersBreak(question: Question): boolean {
  return question.kind === 'confirm';
}

/**
 * The person's answer to a card, by their policy and the next number they draw. A person who stops does it on the
 * card's own "Stop for today" half the time, and in words (then yes to stopping) the other half.
 */
export function personAnswer(policy: Policy, cardIndex: number, question: Question, draw: () => number): { move: Move; answer: Answer | 'timeout' } {
  const stopping = policy.stopsAt !== undefined && cardIndex >= policy.stopsAt;
  const move = stopping ? 'stop' : pickMove(policy, draw());
  const n = draw();
  const typed = CORPUS_TEXTS[n % CORPUS_TEXTS.length]!;
  if (move === 'timeout') return { move, answer: 'timeout' };
  if (move === 'stop' && n % 2 === 0) return { move, answer: { kind: 'stop' } };
  switch (question.kind) {
    case 'disposition': {
      if (move === 'stop') return { move, answer: { kind: 'disposition', pick: { type: 'other', text: STOP_WORDS } } };
      if (move === 'stuck') return { move, answer: { kind: 'disposition', pick: { type: 'other', text: STUCK_WORDS } } };
      if (move === 'other') return { move, answer: { kind: 'disposition', pick: { type: 'other', text: typed.slice(0, 300) } } };
      // On a card about several things, "One at a time" is one of the buttons.
      const picks = [...question.choices.map((_, index) => ({ type: 'choice' as const, index })), { type: 'unsure' as const }, ...(question.each ? [{ type: 'each' as const }] : [])];
      return { move, answer: { kind: 'disposition', pick: picks[n % picks.length]! } };
    }
    case 'choice': {
      const labels = question.choices.map((choice) => choice.label);
      // A card that takes no words of one's own is stopped with its own Stop for today, or its own way out.
      if (move === 'stop') return { move, answer: question.allowOther ? { kind: 'choice', selected: [], other: STOP_WORDS } : { kind: 'stop' } };
      if (move === 'stuck' && labels.includes(STUCK)) return { move, answer: { kind: 'choice', selected: [STUCK] } };
      if (move === 'other' && question.allowOther) return { move, answer: { kind: 'choice', selected: [], other: typed.slice(0, 300) } };
      const offered = question.choices.filter((choice) => choice.label !== STUCK);
      // A card whose only option is "I'm stuck": a person who would pick an option is stuck.
      if (offered.length === 0) return { move: 'stuck', answer: { kind: 'choice', selected: [STUCK] } };
      const choice = offered[n % offered.length]!;
      const followUp = choice.followUp?.choices[n % choice.followUp.choices.length];
      return { move: 'choose', answer: { kind: 'choice', selected: [choice.label], ...(followUp ? { followUp: [followUp] } : {}) } };
    }
    case 'confirm':
      // A person who stops says yes to stopping; anyone else answers as they like.
      return { move: move === 'stop' ? 'stop' : 'choose', answer: { kind: 'confirm', yes: move === 'stop' || (move === 'choose' && n % 2 === 0) } };
    case 'text':
      if (move === 'stop') return { move, answer: { kind: 'text', text: STOP_WORDS } };
      // A text card offers no "I'm stuck": whatever the person types is their answer.
      return { move: 'other', answer: { kind: 'text', text: move === 'stuck' ? STUCK_WORDS : typed.slice(0, 300) } };
  }
}

function pickMove(policy: Policy, n: number): Move {
  const weights: [Move, number][] = [
    ['choose', policy.choose],
    ['stuck', policy.stuck],
    ['other', policy.other],
    ['timeout', policy.timeout],
    ['stop', policy.stop],
  ];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let left = total === 0 ? 0 : n % total;
  for (const [move, weight] of weights) {
    if (left < weight) return move;
    left -= weight;
  }
  return 'choose';
}

export const arbitraryPolicy: fc.Arbitrary<Policy> = fc
  .record({
    choose: fc.integer({ min: 0, max: 6 }),
    stuck: fc.integer({ min: 0, max: 6 }),
    other: fc.integer({ min: 0, max: 6 }),
    timeout: fc.integer({ min: 0, max: 2 }),
    stop: fc.integer({ min: 0, max: 1 }),
    stopsAt: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  })
  .map(({ stopsAt, ...policy }) => (stopsAt === undefined ? policy : { ...policy, stopsAt }));

/** Labels the detector often finds in a messy room, people and pets among them, so names repeat. */
const COMMON: readonly CocoLabel[] = ['cup', 'bottle', 'book', 'cell phone', 'laptop', 'chair', 'backpack', 'person', 'cat', 'dog', 'remote', 'scissors', 'teddy bear', 'potted plant'];
const arbitraryLabel = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...COMMON) }, { weight: 1, arbitrary: fc.constantFrom(...COCO_LABELS) });
const box = fc.record({ x: fc.integer({ min: 0, max: 900 }), y: fc.integer({ min: 0, max: 500 }), width: fc.integer({ min: 10, max: 100 }), height: fc.integer({ min: 10, max: 100 }) });
/** A lived-in room's many of one kind: books side by side on a shelf, bottles along a counter, cups by the sink. */
const arbitraryRow = fc
  .record({ label: fc.constantFrom<CocoLabel>('book', 'bottle', 'cup'), count: fc.integer({ min: 2, max: 14 }), x: fc.integer({ min: 0, max: 300 }), y: fc.integer({ min: 0, max: 400 }), gap: fc.integer({ min: 0, max: 30 }), tilt: fc.integer({ min: 0, max: 40 }) })
  .map(({ label, count, x, y, gap, tilt }) =>
    Array.from({ length: count }, (_, index) => ({ label, box: { x: x + index * (36 + gap), y: y + ((index * tilt) % 60), width: 34, height: 90 }, score: 40 + ((index * 7) % 50) })),
  );
const arbitraryDetections: fc.Arbitrary<PhotoDetections | undefined> = fc.option(
  fc.record({
    items: fc
      .tuple(fc.array(fc.record({ label: arbitraryLabel, box, score: fc.integer({ min: 25, max: 100 }) }), { maxLength: 7 }), fc.option(arbitraryRow, { nil: undefined }))
      .map(([loose, row]) => [...loose, ...(row ?? [])]),
    busy: fc.array(fc.record({ box, busyness: fc.integer({ min: 11, max: 30 }) }), { maxLength: 3 }),
  }).map(({ items, busy }) => ({
    items: items.map(({ label, box: itemBox, score }, index) => ({ id: String(index + 1), label, name: classInfo(label).name || label, score: score / 100, box: itemBox })),
    busy: busy.map((region) => ({ box: region.box, busyness: region.busyness / 10 })),
  })),
  { freq: 6, nil: undefined },
);

/** None to three photos, each with what the detector found in it (or nothing yet). */
export const arbitraryPhotos: fc.Arbitrary<Photo[]> = fc.array(arbitraryDetections, { maxLength: 3 }).map((all) =>
  all.map((detections, index) => ({ id: `p${index + 1}`, fileName: `p${index + 1}.jpg`, width: 1000, height: 600, ...(detections ? { detections } : {}) })),
);

/** Every name the detector gave in these photos, and the names of the ones the coach must never propose. */
export function detectedNames(photos: readonly Photo[]): string[] {
  return photos.flatMap((photo) => photo.detections?.items.map((item) => item.name) ?? []);
}

/** Bounds of one run: the cards a person answers, and the messages they send when the coach hands the turn back. */
export const MAX_CARDS = 20;
export const MAX_TURNS = 20;

/** What the person sends when the coach hands the turn back: lines people really typed, or "next". */
export const chatLines = fc.array(fc.oneof(fc.constantFrom(...CORPUS_TEXTS), fc.constant('next')), { minLength: 1, maxLength: 8 });
/** The draws a person's policy makes, card by card. */
export const numbers = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 60 });
