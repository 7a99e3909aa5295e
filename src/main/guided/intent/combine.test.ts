import { describe, expect, it } from 'vitest';
import type { Expecting, Input } from '../input';
import type { Guess } from './classifier';
import { combine } from './combine';
import { questionAbout } from '../understand/questions';
import type { Intent } from './intents';

const mug: Expecting = { kind: 'disposition', item: 'mug' };
const heard = (intent: Intent, probability = 0.9995, next: Intent = 'unclear'): Guess[] => [
  { intent, probability },
  { intent: next, probability: 1 - probability },
];
const trash: Input = { kind: 'disposition', item: 'mug', outcome: 'trash' };
const place: Input = { kind: 'disposition', item: 'mug', outcome: 'place', location: 'the shop' };

describe('combining the rules and the classifier', () => {
  it('acts on a reading both hear', () => {
    expect(combine('bin it', mug, trash, heard('disposition:trash'))).toEqual(trash);
  });

  it('asks before a thing leaves the home on the rules alone, the rules’ reading first', () => {
    const got = combine('too good for the bin, my cousin could use it', mug, trash, heard('disposition:donate'));
    expect(got).toEqual({ kind: 'tentative', readings: [trash, { kind: 'disposition', item: 'mug', outcome: 'donate' }], text: 'too good for the bin, my cousin could use it' });
  });

  it('never sends a thing out on a question, even where both readers hear the way out: the card asks which was meant', () => {
    const readings = (text: string) => {
      // What follows a question says the way out outright only where it is a plain "bin it".
      const got = combine(text, mug, trash, heard('disposition:trash'), { plainlyIn: (part) => /^(?:yeah |yes )?bin it$/.test(part) });
      return got.kind === 'tentative' ? got.readings.map((reading) => reading.kind) : got.kind;
    };
    // Something else asked: the question first.
    expect(readings('where do old meds go?? can i just trash them')).toEqual(['question', 'disposition']);
    expect(readings('is it weird to throw out stuff people gave you?')).toEqual(['question', 'disposition']);
    // Asking leave, a statement with a tag, a condition: the way out first, still not recorded until picked.
    expect(readings('can i just bin it?')).toEqual(['disposition', 'question']);
    expect(readings("can't i just bin it? lol")).toEqual(['disposition', 'question']);
    expect(readings('bin them?')).toEqual(['disposition', 'question']);
    expect(readings('its junk, right?')).toEqual(['disposition', 'question']);
    expect(readings('bin I think, if the council takes them?')).toEqual(['disposition', 'question']);
    // Said, after asking: acted on; asked, then not said outright: still asked.
    expect(readings('can i just bin it? yeah bin it')).toBe('disposition');
    expect(readings('bin it')).toBe('disposition');
    expect(readings('chemist takes them back dont they? i dont want to just put them in the bin')).toEqual(['disposition', 'question']);
  });

  it('asks before a way out said in doubt or taken back, with not deciding yet beside it', () => {
    const unsure: Input = { kind: 'disposition', item: 'mug', outcome: 'unsure' };
    for (const text of ['idk bin', 'maybe bin it', 'bin it. no wait my son might need it for a school project', 'bin... actually no']) {
      expect(combine(text, mug, trash, heard('disposition:trash')), text).toEqual({ kind: 'tentative', readings: [trash, unsure], text });
    }
  });

  it('asks which way out where only a bin’s colour or the tip names it, the likelier first', () => {
    const recycle: Input = { kind: 'disposition', item: 'mug', outcome: 'recycle' };
    expect(combine('blue bin', mug, trash, heard('disposition:trash'))).toEqual({ kind: 'tentative', readings: [recycle, trash], text: 'blue bin' });
    expect(combine('the black bin', mug, trash, heard('disposition:trash'))).toEqual({ kind: 'tentative', readings: [trash, recycle], text: 'the black bin' });
    expect(combine('tip', mug, recycle, heard('disposition:recycle'))).toEqual({ kind: 'tentative', readings: [trash, recycle], text: 'tip' });
    expect(combine('the kitchen bin', mug, trash, heard('disposition:trash'))).toEqual(trash);
  });

  it('keeps the rules’ reading where the classifier is not sure enough to question it', () => {
    expect(combine('bin it', mug, trash, heard('disposition:keep', 0.6))).toEqual(trash);
  });

  it('offers a way out first where the rules read its drop-off as a place, and records nothing', () => {
    const got = combine('battery bin at the shop', mug, place, heard('disposition:recycle'));
    expect(got.kind === 'tentative' && got.readings).toEqual([{ kind: 'disposition', item: 'mug', outcome: 'recycle' }, place]);
  });

  it('offers what the classifier hears where the rules read nothing, with help beside it', () => {
    const unclear: Input = { kind: 'unclear', text: 'purgatory pile lol' };
    expect(combine('purgatory pile lol', mug, unclear, heard('disposition:unsure'))).toEqual({
      kind: 'tentative',
      readings: [{ kind: 'disposition', item: 'mug', outcome: 'unsure' }, { kind: 'help', item: 'mug' }],
      text: 'purgatory pile lol',
    });
    expect(combine('purgatory pile lol', mug, unclear, heard('disposition:unsure', 0.5))).toEqual(unclear);
    // Help decides nothing: heard surely, it is given without asking.
    expect(combine('ugh idk', mug, { kind: 'unclear', text: 'ugh idk' }, heard('help'))).toEqual({ kind: 'help', item: 'mug' });
  });

  it('never offers a stop on the classifier alone, and a stop the rules hear is asked about as always', () => {
    const item: Input = { kind: 'item', item: 'mom says dinner' };
    expect(combine('ok im out, mom says dinner', { kind: 'item' }, item, heard('stop'))).toEqual(item);
    const unclear: Input = { kind: 'unclear', text: 'im tired' };
    expect(combine('im tired', { kind: 'next' }, unclear, heard('stop'))).toEqual(unclear);
    expect(combine('stop for today', { kind: 'item' }, { kind: 'stop' }, heard('item'))).toEqual({ kind: 'stop' });
  });

  it('acts on a way out said outright even where the classifier hears otherwise', () => {
    expect(combine('theyre all trash', mug, trash, heard('disposition:place'), { plainly: () => true })).toEqual(trash);
  });

  it('says what a question is about from its words and the card', () => {
    expect(questionAbout('where do people keep these?', mug)).toBe('where');
    expect(questionAbout('what does not sure do?', mug)).toBe('choices');
    expect(questionAbout('how many more are there?', mug)).toBe('coach');
    expect(questionAbout('do charity shops take pillows?', mug)).toBe('thing');
  });
});
