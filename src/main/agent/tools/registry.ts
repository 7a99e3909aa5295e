import type { AgentTool } from './tool';

export class UnknownToolError extends Error {
  override readonly name = 'UnknownToolError';
}

export class ToolRegistry {
  #tools = new Map<string, AgentTool>();

  constructor(tools: readonly AgentTool[] = []) {
    for (const tool of tools) this.register(tool);
  }

  register(tool: AgentTool): void {
    if (this.#tools.has(tool.name)) throw new Error(`Tool "${tool.name}" is already registered`);
    this.#tools.set(tool.name, tool);
  }

  unregister(name: string): boolean {
    return this.#tools.delete(name);
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  get(name: string): AgentTool {
    const tool = this.#tools.get(name);
    if (!tool) throw new UnknownToolError(`Unknown tool "${name}"`);
    return tool;
  }

  get names(): readonly string[] {
    return [...this.#tools.keys()];
  }

  /** Returns a function that puts the registry back as it is now (config and fork isolation). */
  snapshot(): () => void {
    const saved = new Map(this.#tools);
    return () => {
      this.#tools = new Map(saved);
    };
  }
}
