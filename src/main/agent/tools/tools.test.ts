import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolInputError } from './tool';
import { ToolRegistry, UnknownToolError } from './registry';
import type { ToolContext } from './tool';

const context = {} as ToolContext;
const echo = defineTool({ name: 'echo', description: 'Echoes', input: z.object({ text: z.string() }), execute: ({ text }) => text });

describe('tools', () => {
  it('validates input before executing, with a clear error', async () => {
    await expect(echo.run({ text: 'hi' }, context)).resolves.toBe('hi');
    await expect(echo.run({ text: 1 }, context)).rejects.toThrow(ToolInputError);
    await expect(echo.run(undefined, context)).rejects.toThrow(/Invalid input for tool "echo"/);
  });

  it('registry registers, finds, lists and unregisters tools', () => {
    const registry = new ToolRegistry([echo]);
    expect(registry.names).toEqual(['echo']);
    expect(registry.get('echo')).toBe(echo);
    expect(() => registry.register(echo)).toThrow('Tool "echo" is already registered');
    expect(() => registry.get('nope')).toThrow(UnknownToolError);
    expect(registry.unregister('echo')).toBe(true);
    expect(registry.has('echo')).toBe(false);
  });

  it('registry snapshots restore the tool set as it was', () => {
    const registry = new ToolRegistry();
    const restore = registry.snapshot();
    registry.register(echo);
    restore();
    expect(registry.names).toEqual([]);
  });
});
