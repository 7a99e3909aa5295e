import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { mockModel, systemPromptOf, textResult } from '../../../test-support/mock-model';
import { aiSdkLlm } from '../effects';
import { guidedHarness } from '../../../test-support/guided';

const sorting = { phase: 'sorting' as const, active: { function: 'work', anchors: ['desk'], later: [] } };

describe('the guided coach with a model', () => {
  it('extracts free text into the same input and phrases the reply, while decide does the routing', async () => {
    const model = mockModel(
      textResult(JSON.stringify({ intent: 'item', item: 'envelope by the chair' })),
      textResult('The envelope by the chair goes in the bin. Next one.'),
    );
    const harness = await guidedHarness({
      llm: aiSdkLlm(model),
      initial: (state) => ({ ...state, guided: sorting }),
      answers: (question) => (question.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'choice', index: 0 } } : undefined),
    });

    const outcome = await harness.coach.turn({ text: 'ugh, that thing by the chair can probably just go' });

    expect(outcome).toEqual({ kind: 'answered', response: 'The envelope by the chair goes in the bin. Next one.', mode: 'sorting', transitions: 0 });
    // decide chose the card (trash first for packaging) from the extracted item; the answer went into the piles.
    expect(harness.asked).toMatchObject([{ kind: 'disposition', item: 'envelope by the chair', choices: [{ disposition: 'trash' }, { disposition: 'recycle' }, { disposition: 'keep' }] }]);
    expect(harness.state().piles.out.map((item) => item.name)).toEqual(['envelope by the chair']);
    expect(harness.state().itemsProcessed).toBe(1);
    const [extract, phrase] = model.doGenerateCalls;
    expect(systemPromptOf(extract)).toContain('The coach asked for the next thing to sort.');
    expect(extract?.responseFormat).toMatchObject({ type: 'json' });
    expect(systemPromptOf(phrase)).toContain('"kind":"instructTrash"');
    expect(systemPromptOf(phrase)).toContain('The draft: Envelope by the chair: trash. Next.');
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('answers on the card a question the model heard, and records nothing', async () => {
    const model = mockModel(textResult(JSON.stringify({ intent: 'question' })), textResult('unused'));
    const harness = await guidedHarness({
      llm: aiSdkLlm(model),
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: 'mug' } }),
      answers: () => 'timeout',
    });
    await harness.coach.turn({ text: 'where do people normally keep these?' });
    expect(harness.asked).toMatchObject([{ kind: 'disposition', item: 'mug', note: 'Things like the mug usually live in the kitchen, or wherever you would look for them first.' }]);
    expect(harness.state().decisions).toEqual([]);
    expect(systemPromptOf(model.doGenerateCalls[0])).toContain('- question: they ask the coach something');
  });

  it('keeps routing even when the model reads the message differently from the rules', async () => {
    const model = mockModel(
      textResult(JSON.stringify({ intent: 'stop' })),
      textResult('Good place to stop. One thing went out today.'),
    );
    const harness = await guidedHarness({
      llm: aiSdkLlm(model),
      initial: (state) => ({ ...state, guided: sorting }),
      answers: (question) => (question.kind === 'confirm' && question.purpose === 'stop' ? { kind: 'confirm', yes: true } : undefined),
    });
    const outcome = await harness.coach.turn({ text: 'my hands are sore' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?' }]);
    expect(outcome).toMatchObject({ kind: 'answered', response: 'Good place to stop. One thing went out today.', mode: 'windingDown' });
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'Nothing was decided this time, and that is fine.' } });
  });

  it('asks before a stop the model read ends anything, and "no" goes on with the item in hand', async () => {
    const model = mockModel(textResult(JSON.stringify({ intent: 'stop' })), textResult('Okay, we keep going.'), textResult('Mug: stays. Next.'));
    const harness = await guidedHarness({
      llm: aiSdkLlm(model),
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: 'mug' } }),
      answers: (question, index) => {
        if (index === 0) return { kind: 'confirm', yes: false };
        return question.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'choice', index: 1 } } : undefined;
      },
    });
    await harness.coach.turn({ text: 'my hands are sore' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', purpose: 'stop' }, { kind: 'disposition', item: 'mug' }]);
    expect(harness.state().status).toBe('active');
    expect(harness.state().messages.map((message) => message.text)).toContain('Okay, we keep going.');
    expect(harness.state().piles.belongs).toMatchObject([{ name: 'mug', outcome: 'keep' }]);
  });

  it('falls back to the rules and the templates when the model fails', async () => {
    const model = new MockLanguageModelV4({ doGenerate: () => Promise.reject(new Error('connection refused')) });
    const harness = await guidedHarness({
      llm: aiSdkLlm(model),
      initial: (state) => ({ ...state, guided: sorting }),
      answers: (question) => (question.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'choice', index: 0 } } : undefined),
    });
    const outcome = await harness.coach.turn({ text: 'coffee mug' });
    expect(outcome).toMatchObject({ kind: 'answered', response: 'Coffee mug: to the kitchen. Next.' });
    expect(harness.log.entries.map((entry) => entry.message)).toEqual([
      'Guided extraction failed; the rules read the message',
      'Guided phrasing failed; the template speaks',
    ]);
  });

  it('treats an extraction without what its intent needs as unclear, and asks', async () => {
    const model = mockModel(textResult(JSON.stringify({ intent: 'disposition' })), textResult('Mug: stays. Next.'));
    const harness = await guidedHarness({
      llm: aiSdkLlm(model),
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: 'mug' } }),
      answers: (question) => (question.kind === 'choice' ? { kind: 'choice', selected: ['Keep it here'] } : undefined),
    });
    await harness.coach.turn({ text: 'hmm, that one' });
    expect(harness.asked).toMatchObject([{ kind: 'choice', prompt: 'I didn’t catch that. Where does the mug go?' }]);
    expect(harness.state().piles.belongs).toMatchObject([{ name: 'mug', outcome: 'keep' }]);
  });
});
