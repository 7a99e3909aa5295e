/**
 * Modes stack (LIFO). Reads of mode state fall through to outer modes, writes shadow them, and
 * exiting restores the outer view. Entry parameters, validated by the mode's zod schema, become
 * the new mode's initial state.
 */
import { z } from 'zod';
import { Agent } from '../../../src/main/agent';
import { testEffects } from '../../../src/main/effects';

export async function main(): Promise<{ snapshots: Record<string, unknown>[]; order: string[] }> {
  const agent = new Agent({ effects: testEffects() });
  const order: string[] = [];
  const snapshots: Record<string, unknown>[] = [];

  agent.modes.define({
    name: 'sorting',
    params: z.object({ area: z.string() }),
    handler: async function* (a, { area }) {
      a.mode.state.set('pace', 'brisk');
      order.push(`enter sorting (${area})`);
      yield;
      order.push('exit sorting');
    },
  });
  agent.modes.define({
    name: 'decision-support',
    params: z.object({ stuckItem: z.string() }),
    handler: async function* (a) {
      a.mode.state.set('pace', 'gentle'); // shadows sorting's pace while this mode is on top
      order.push('enter decision-support');
      yield;
      order.push('exit decision-support');
    },
  });

  await agent.withMode('sorting', { area: 'desk' }, async (a) => {
    snapshots.push({ stack: a.mode.stack, ...a.mode.state.toObject() });
    await a.withMode('decision-support', { stuckItem: 'old scarf' }, (b) => {
      snapshots.push({ stack: b.mode.stack, ...b.mode.state.toObject() });
    });
    snapshots.push({ stack: a.mode.stack, ...a.mode.state.toObject() });
  });

  return { snapshots, order };
}
