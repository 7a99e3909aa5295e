/** Keeps docs/modes.md honest: every example it shows runs here. */
import { describe, expect, it } from 'vitest';
import { main as cleanup } from './cleanup';
import { main as invokable } from './invokable';
import { main as isolation } from './isolation';
import { main as stack } from './stack';

describe('docs/modes.md examples', () => {
  it('cleanup: runs cleanup on every exit and lets the handler suppress an error', async () => {
    expect(await cleanup()).toEqual({
      log: [
        'setup',
        'body, prompt is now: You are a calm tidying coach.\n\nShort sprint: one item at a time.',
        'cleanup after 90000 ms',
        'setup',
        'cleanup after 0 ms',
        'the sprint was interrupted: Error: energy ran out',
      ],
      prompt: 'You are a calm tidying coach.',
      result: undefined,
    });
  });

  it('stack: inherits, shadows and restores mode state', async () => {
    expect(await stack()).toEqual({
      snapshots: [
        { stack: ['sorting'], area: 'desk', pace: 'brisk' },
        { stack: ['sorting', 'decision-support'], area: 'desk', pace: 'gentle', stuckItem: 'old scarf' },
        { stack: ['sorting'], area: 'desk', pace: 'brisk' },
      ],
      order: ['enter sorting (desk)', 'enter decision-support', 'exit decision-support', 'exit sorting'],
    });
  });

  it('invokable: the model switches mode with parameters and the next step uses the new prompt', async () => {
    expect(await invokable()).toEqual({
      reply: 'The green USB hub, left of the lamp.',
      mode: 'clarifying',
      state: { item: 'green device', reason: 'two green things on the desk' },
      prompts: [
        'Tidying coach.\n\nTerse, directive.',
        'Tidying coach.\n\nPatient, descriptive. Describe the green device: colour, shape, neighbours.',
      ],
    });
  });

  it('isolation: thread keeps new messages, fork keeps nothing, a less isolated child is refused', async () => {
    const result = await isolation();
    expect(result.afterThread).toEqual(['photo 1', 'photo 2', 'photo 3', 'summary: desk is half done']);
    expect(result.afterFork).toEqual(result.afterThread);
    expect(result.findings).toEqual({
      tried: 5,
      refused: expect.stringMatching(/a child mode may not be less isolated than its parent/),
    });
  });
});
