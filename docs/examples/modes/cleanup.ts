/**
 * A mode with setup and cleanup: setup runs up to `yield`, cleanup runs after it on every exit.
 * `yield` returns how the mode is leaving; calling `exit.suppress()` swallows the body's error.
 */
import { Agent } from '../../../src/main/agent';
import { testEffects } from '../../../src/main/effects';

export async function main(): Promise<{ log: string[]; prompt: string; result: string | undefined }> {
  const effects = testEffects();
  const agent = new Agent({ effects, instructions: 'You are a calm tidying coach.' });
  const log: string[] = [];

  agent.modes.define({
    name: 'sprint',
    handler: async function* (a) {
      a.prompt.setSection('sprint', 'Short sprint: one item at a time.');
      a.mode.state.set('startedAt', a.effects.time.now());
      log.push('setup');

      const exit = yield;

      log.push(`cleanup after ${a.mode.duration ?? 0} ms`);
      if (exit.failed) {
        log.push(`the sprint was interrupted: ${String(exit.error)}`);
        exit.suppress(); // deferring is always allowed: not an error for the person
      }
    },
  });

  await agent.withMode('sprint', {}, () => {
    effects.time.advance(90_000);
    log.push(`body, prompt is now: ${agent.prompt.render()}`);
  });

  const result = await agent.withMode('sprint', {}, (): string => {
    throw new Error('energy ran out');
  });

  return { log, prompt: agent.prompt.render(), result };
}
