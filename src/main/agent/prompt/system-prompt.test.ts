import { describe, expect, it } from 'vitest';
import { SystemPromptManager } from './system-prompt';

describe('SystemPromptManager', () => {
  it('renders prepended (latest first), then appended (in order), then sections (first-set order)', () => {
    const prompt = new SystemPromptManager('Base.');
    prompt.setSection('mode', 'SORTING');
    prompt.append('After base.');
    prompt.prepend('First.');
    prompt.prepend('Very first.');
    prompt.setSection('piles', 'Piles: 3 out.');
    prompt.setSection('mode', 'CLARIFYING');
    expect(prompt.render()).toBe('Very first.\n\nFirst.\n\nBase.\n\nAfter base.\n\nCLARIFYING\n\nPiles: 3 out.');
    expect(prompt.sectionNames).toEqual(['mode', 'piles']);
    expect(prompt.section('mode')).toBe('CLARIFYING');
  });

  it('renders an empty string with nothing in it', () => {
    expect(new SystemPromptManager().render()).toBe('');
  });

  it('removes sections', () => {
    const prompt = new SystemPromptManager();
    prompt.setSection('mode', 'X');
    prompt.removeSection('mode');
    expect(prompt.section('mode')).toBeUndefined();
    expect(prompt.render()).toBe('');
  });

  it('restores a snapshot, undoing every change made since', () => {
    const prompt = new SystemPromptManager('Base.');
    prompt.setSection('mode', 'OUTER');
    const snapshot = prompt.snapshot();
    prompt.append('Focus on citations.');
    prompt.prepend('Urgent.');
    prompt.setSection('mode', 'RESEARCH');
    prompt.removeSection('missing');
    prompt.restore(snapshot);
    expect(prompt.render()).toBe('Base.\n\nOUTER');
  });

  it('keeps persistent changes across restore, including a persistent overwrite of an existing section', () => {
    const prompt = new SystemPromptManager('Base.');
    prompt.setSection('tone', 'Warm.');
    const snapshot = prompt.snapshot();
    prompt.append('Temporary.');
    prompt.append('Always be concise.', { persist: true });
    prompt.setSection('tone', 'Terse.', { persist: true });
    prompt.restore(snapshot);
    expect(prompt.render()).toBe('Base.\n\nAlways be concise.\n\nTerse.');
  });

  it('keeps persistent changes through nested restores, and persistent removals too', () => {
    const prompt = new SystemPromptManager();
    prompt.setSection('old', 'Old rule.');
    const outer = prompt.snapshot();
    const inner = prompt.snapshot();
    prompt.prepend('Persisted.', { persist: true });
    prompt.removeSection('old', { persist: true });
    prompt.restore(inner);
    prompt.restore(outer);
    expect(prompt.render()).toBe('Persisted.');
  });
});
