/**
 * Isolation levels decide what a mode's changes leave behind. `thread` lets a mode truncate the
 * history for a focused call and still keeps what it added; `fork` throws everything away, so
 * results come back through a return value. A child may not be less isolated than its parent.
 */
import type { ModelMessage } from 'ai';
import { Agent } from '../../../src/main/agent';
import { testEffects } from '../../../src/main/effects';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });

export async function main(): Promise<{
  afterThread: unknown[];
  afterFork: unknown[];
  findings: { tried: number; refused: string } | undefined;
}> {
  const agent = new Agent({ effects: testEffects() });
  agent.messages.append(user('photo 1'), user('photo 2'), user('photo 3'));

  agent.modes.define({
    name: 'summarise',
    isolation: 'thread',
    handler: async function* (a) {
      a.messages.truncate(1); // a focused view: only the latest message
      yield;
    },
  });
  agent.modes.define({ name: 'explore', isolation: 'fork', handler: async function* () { yield; } });
  agent.modes.define({ name: 'careless', isolation: 'none', handler: async function* () { yield; } });

  await agent.withMode('summarise', {}, (a) => a.messages.append(user('summary: desk is half done')));
  const afterThread = agent.messages.list().map((message) => message.content);

  const findings = await agent.withMode('explore', {}, async (a) => {
    a.messages.append(user('what if everything went to the donate pile?'));
    let refused = '';
    await a.withMode('careless', {}, () => undefined).catch((error: Error) => {
      refused = error.message;
    });
    return { tried: a.messages.length, refused };
  });
  const afterFork = agent.messages.list().map((message) => message.content);

  return { afterThread, afterFork, findings };
}
