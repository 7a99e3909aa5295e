import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allowedTransition,
  answersInPiles,
  instructionsIn,
  noRepeatedItem,
  oneInstruction,
  scoreTranscript,
  shortSorting,
  tone,
  validTransitions,
  windDownWhenAsked,
} from './scorers';
import { readTranscript, type Transcript, type TranscriptEvent } from './transcript';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const recorded = (name: string) => readTranscript(path.join(FIXTURES, 'scripted', `${name}.json`));

/** A copy of a transcript with its events changed, as a hand edit of the file would be. */
const edited = (transcript: Transcript, edit: (events: TranscriptEvent[]) => TranscriptEvent[]): Transcript => ({
  ...transcript,
  events: edit(structuredClone(transcript.events)),
});

/** Replaces the text of the n-th coach line (0-based) in the given mode. */
const sayInstead = (mode: string, n: number, text: string) => (events: TranscriptEvent[]) => {
  let seen = -1;
  return events.map((event) => (event.type === 'coach' && event.mode === mode && ++seen === n ? { ...event, text } : event));
};

describe('sorting replies under 20 words', () => {
  it('passes the recorded run and fails a long Sorting line, quoting it with its length', async () => {
    const run = await recorded('which-one');
    expect(shortSorting(run)).toEqual({ status: 'pass', offending: [] });
    const long = 'The coffee mug on the desk next to the lamp could go to the kitchen now, or to the trash if it is chipped.';
    expect(shortSorting(edited(run, sayInstead('sorting', 0, long)))).toEqual({ status: 'fail', offending: [`24 words: ${long}`] });
  });

  it('does not hold other modes to it', async () => {
    const run = await recorded('which-one');
    const long = 'The white mug by the lamp, at the left corner of the desk, behind the stack of papers and just in front of the window.';
    expect(shortSorting(edited(run, sayInstead('clarifying', 0, long))).status).toBe('pass');
  });

  it('has nothing to judge when the coach never sorted', async () => {
    const run = await recorded('which-one');
    expect(shortSorting(edited(run, (events) => events.filter((event) => event.type !== 'coach' || event.mode !== 'sorting'))).status).toBe('n/a');
  });
});

describe('one instruction per message', () => {
  it('counts questions and imperative sentences, not statements', () => {
    expect(instructionsIn('Does it help with work? Not sure is a fine answer.')).toEqual(['Does it help with work?']);
    expect(instructionsIn('Amazon envelope by the chair: trash. Next.')).toEqual([]);
    expect(instructionsIn('Pick up the mug. Then put it in the kitchen. Ready?')).toEqual(['Pick up the mug.', 'put it in the kitchen.', 'Ready?']);
    expect(instructionsIn('Now pick up the receipts and put them in the bin, then tell me.')).toEqual(['Now pick up the receipts', 'put them in the bin', 'tell me.']);
    expect(instructionsIn('Kitchen or trash?')).toEqual(['Kitchen or trash?']);
  });

  it('passes the recorded run and fails a line with two instructions', async () => {
    const run = await recorded('sentimental-stuck');
    expect(oneInstruction(run).status).toBe('pass');
    const two = 'Pick up the letters. Where do they live?';
    expect(oneInstruction(edited(run, sayInstead('decisionSupport', 0, two)))).toEqual({ status: 'fail', offending: [`2 instructions: ${two}`] });
  });
});

describe('no praise, no shaming', () => {
  it('passes the recorded run, and quotes praise and shaming by the word that broke it', async () => {
    const run = await recorded('wants-to-stop');
    expect(tone(run).status).toBe('pass');
    const bad = edited(run, (events) => sayInstead('windingDown', 0, 'You should have stopped sooner.')(sayInstead('sorting', 0, 'Great job! Next one.')(events)));
    expect(tone(bad)).toEqual({
      status: 'fail',
      offending: ['praise (great job): Great job! Next one.', 'shaming (should have): You should have stopped sooner.'],
    });
  });

  it('matches whole words only, and allows plain acknowledgement', async () => {
    const run = await recorded('wants-to-stop');
    const fine = edited(run, sayInstead('sorting', 0, 'Got it. Finalize the pile by the door.'));
    expect(tone(fine).status).toBe('pass');
  });
});

describe('valid transitions only', () => {
  it('allows what the modes’ transition tools lead to, and nothing else', () => {
    expect(allowedTransition('surveying', 'sorting')).toBe(true);
    expect(allowedTransition('sorting', 'clarifying')).toBe(true);
    expect(allowedTransition('sorting', 'windingDown')).toBe(true);
    expect(allowedTransition('decisionSupport', 'sorting')).toBe(true);
    expect(allowedTransition('surveying', 'windingDown')).toBe(false);
    expect(allowedTransition('clarifying', 'decisionSupport')).toBe(false);
    expect(allowedTransition('windingDown', 'sorting')).toBe(false);
  });

  it('passes the recorded run and names a jump no tool makes', async () => {
    const run = await recorded('sentimental-stuck');
    expect(validTransitions(run).status).toBe('pass');
    const jump = edited(run, (events) => [...events, { type: 'mode', from: 'decisionSupport', to: 'windingDown' }]);
    expect(validTransitions(jump)).toEqual({ status: 'fail', offending: ['decisionSupport -> windingDown'] });
  });

  it('judges only the conversational coach: the guided coach’s phases after a handover are not its transitions', async () => {
    const run = await recorded('sentimental-stuck');
    const jump = { type: 'mode', from: 'decisionSupport', to: 'windingDown' } as const;
    const before = edited(run, (events) => [...events, jump, { type: 'handover', reason: 'tool-calls-failing' }]);
    const after = edited(run, (events) => [...events, { type: 'handover', reason: 'tool-calls-failing' }, jump]);
    expect(validTransitions(before).status).toBe('fail');
    expect(validTransitions(after).status).toBe('pass');
  });
});

describe('every card answer reflected in the piles', () => {
  it('passes recorded runs with choices and with "not sure"', async () => {
    expect(answersInPiles(await recorded('second-choice')).status).toBe('pass');
    expect(answersInPiles(await recorded('sentimental-stuck')).status).toBe('pass');
  });

  it('owes nothing for skips and answers in the person’s own words', async () => {
    expect(answersInPiles(await recorded('skips-cards')).status).toBe('pass');
    expect(answersInPiles(await recorded('refuses-everything')).status).toBe('pass');
  });

  it('fails an answer whose item never reached its pile', async () => {
    const run = await recorded('which-one');
    const lost = edited(run, (events) => events.filter((event) => !(event.type === 'piles' && event.piles.out.includes('empty envelope') && !event.piles.out.includes('old magazines'))));
    expect(answersInPiles(lost)).toEqual({
      status: 'fail',
      offending: ['"empty envelope, by the chair" answered "Recycle" but is not in the out pile'],
    });
  });

  it('fails a "not sure" that landed in the wrong pile', async () => {
    const run = await recorded('sentimental-stuck');
    const wrong = edited(run, (events) =>
      events.map((event) => (event.type === 'piles' && event.piles.unsure.length === 1 ? { ...event, piles: { belongs: [], out: ['coffee mug'], unsure: [] } } : event)),
    );
    expect(answersInPiles(wrong)).toEqual({ status: 'fail', offending: ['"coffee mug, on the desk" answered "not sure" but is not in the unsure pile'] });
  });
});

describe('wind-down when asked', () => {
  it('passes when the coach wound down after "I want to stop"', async () => {
    expect(windDownWhenAsked(await recorded('wants-to-stop')).status).toBe('pass');
  });

  it('fails when the coach carried on, quoting what the person said', async () => {
    const run = await recorded('wants-to-stop');
    const ignored = edited(run, (events) => events.filter((event) => event.type !== 'ended' && !(event.type === 'mode' && event.to === 'windingDown')).map((event) => (event.type === 'coach' ? { ...event, mode: 'sorting' as const } : event)));
    expect(windDownWhenAsked(ignored)).toEqual({
      status: 'fail',
      offending: ['asked "I\'m tired, I want to stop now" and the coach never wound down'],
    });
  });

  it('does not count a wind-down before the person asked, and has nothing to judge when they never ask', async () => {
    const run = await recorded('wants-to-stop');
    const early = edited(run, (events) => events.filter((event) => !(event.type === 'person' && event.step === 4)));
    expect(windDownWhenAsked(early).offending).toEqual(['the run ended before the person could say "I\'m tired, I want to stop now"']);
    expect(windDownWhenAsked(await recorded('terse-answers')).status).toBe('n/a');
  });
});

describe('no item proposed twice', () => {
  it('passes a recorded run where every card is a new item', async () => {
    expect(noRepeatedItem(await recorded('photos-many-items'))).toEqual({ status: 'pass', offending: [] });
  });

  it('fails the recorded run where the scripted coach proposed the mug again', async () => {
    expect(noRepeatedItem(await recorded('which-one'))).toEqual({ status: 'fail', offending: ['proposed again (2x): coffee mug, on the desk'] });
  });

  it('lets the coach propose again an item the person answered in their own words', async () => {
    expect(noRepeatedItem(await recorded('refuses-everything')).status).toBe('pass');
  });
});

describe('the hand-edited transcript', () => {
  it('fails every check the scenario can break, and the recorded original passes them', async () => {
    const bad = scoreTranscript(await readTranscript(path.join(FIXTURES, 'edited', 'wants-to-stop.json')));
    const good = scoreTranscript(await recorded('wants-to-stop'));
    for (const check of ['short-sorting', 'one-instruction', 'tone', 'transitions', 'piles', 'wind-down'] as const) {
      expect(bad[check].status, check).toBe('fail');
      expect(good[check].status, check).toBe('pass');
    }
  });
});
