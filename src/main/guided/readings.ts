/**
 * A reading of the person's words, said back to them as a one-tap choice on the "Which did you mean?" card: "Take it
 * to Jake's", "Give it away", "Ask me about it". Short, in the person's terms, never the coach's jargon.
 */
import { placeName } from '../../shared/text/names';
import { sentence } from '../../shared/text/sentence';
import type { Answer } from './input';

const OUTCOMES = {
  trash: 'Bin it',
  donate: 'Give it away',
  recycle: 'Recycle it',
  keep: 'Keep it here',
  skip: 'Leave it for now',
  unsure: 'Not sure yet: decide later',
} as const;

const SPLIT = { accept: 'Split them like that', merge: 'Keep them as one pile', decline: 'Not now: no split' } as const;

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);

export function readingLabel(reading: Answer): string {
  switch (reading.kind) {
    case 'disposition':
      if (reading.outcome === 'place') return reading.location ? `Take it to ${clip(placeName(reading.location), 90)}` : 'Put it where it lives';
      return reading.location ? `${OUTCOMES[reading.outcome]} (${clip(reading.location, 60)})` : OUTCOMES[reading.outcome];
    case 'split':
      return reading.edit.kind === 'rename' ? `Call them ${clip(reading.edit.names.join(', '), 90)}` : SPLIT[reading.edit.kind];
    case 'item':
      return `Next: ${clip(reading.item, 100)}`;
    case 'function':
      return `A space for ${clip(reading.function, 90)}`;
    case 'anchors':
      return reading.anchors.length ? sentence(`${clip(reading.anchors.join(', '), 90)} stay`) : 'Nothing has to stay';
    case 'next':
      return 'Go on to the next thing';
    case 'keepGoing':
      return 'Keep going';
    case 'help':
      return 'Help me decide';
    case 'question':
      return 'Answer my question first';
    case 'overwhelmed':
      return 'It’s too much right now';
    case 'stop':
      return 'Stop for today';
  }
}
