/**
 * Answers to a question the person asked back instead of answering a card: what the card's choices mean, what
 * people usually do with such a thing (the recommendation table), where such things usually live (the table's
 * places for its kind), or what the coach is doing and how far it has got. The card is then asked again with the
 * answer on it; nothing is recorded.
 */
import { RECOMMENDATIONS, itemKindOf, recommendationFor } from '../../../shared/recommendations/table';
import type { SessionState } from '../../../shared/session/schema';
import { decidedText, pileCounts } from '../../../shared/session/pile-groups';
import { placeName, theName } from '../../../shared/text/names';
import type { Expecting, Input } from '../input';

const CHOICES: Readonly<Record<Expecting['kind'], string>> = {
  disposition:
    'Keep it here: it stays in this space. To a place: it goes where it lives, in another room or spot. Donate: it leaves the home for someone who will use it. Recycle: the recycling, or a drop-off point. Trash: rubbish. Not sure: it waits in a pile to decide later; nothing is lost.',
  location: 'Where it lives is wherever you would look for it first: a room, a shelf, a drawer or a box, or someone’s home if it is theirs.',
  split: 'Split them like that: we go through one pile at a time. One pile: all of them together. Not now: they wait for next time, nothing lost.',
  function: 'What you mostly want to do here, like sleep, work or a hobby. It decides what stays and what lives somewhere else.',
  anchors: 'The things that belong here whatever happens, like the bed or the desk. I will never suggest moving them.',
  item: 'Name one thing you can see, however small, or say “you pick” and I will choose one.',
  next: 'Say “next” for the next thing, or name one yourself.',
};

const joinOr = (words: readonly string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

function aboutTheThing(item: string | undefined, state: SessionState): string {
  if (!item) return CHOICES.item;
  const recommendation = recommendationFor(item, state.spaceFunction);
  if (recommendation.kind === 'ask')
    return `It depends on ${theName(item)}: if you have used it in the past year, or it means something to you, it has earned a place. If not, someone else may use it. Not sure is a fine answer too.`;
  const [first, ...rest] = recommendation.choices.map((choice) => `“${choice.label}”`);
  return `For things like ${theName(item)}, people most often pick ${first}${rest.length ? `, then ${joinOr(rest)}` : ''}. It is your call, and Not sure is a fine answer too.`;
}

function whereItLives(item: string | undefined): string {
  const kind = item && itemKindOf(item);
  if (!item || !kind) return CHOICES.location;
  const row = RECOMMENDATIONS[kind];
  const places = [...new Set([...row.anywhere, ...Object.values(row.in).flat()].flatMap((choice) => (choice.disposition === 'place' && choice.location ? [placeName(choice.location)] : [])))];
  if (places.length === 0) return `Things like ${theName(item)} usually live where they are used. Where would you look for it first?`;
  return `Things like ${theName(item)} usually live in ${joinOr(places)}, or wherever you would look for them first.`;
}

function aboutTheCoach(state: SessionState): string {
  return `I ask about one thing at a time, so you decide and nothing is decided for you. ${decidedText(pileCounts(state))} “Stop for today” is always on the card.`;
}

export function answerTo(question: Extract<Input, { kind: 'question' }>, expecting: Expecting, state: SessionState): string {
  const item = 'item' in expecting ? expecting.item : undefined;
  switch (question.about) {
    case 'choices':
      return CHOICES[expecting.kind];
    case 'thing':
      return aboutTheThing(item, state);
    case 'where':
      return whereItLives(item);
    case 'coach':
      return aboutTheCoach(state);
  }
}
