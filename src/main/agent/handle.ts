/**
 * The agent as its modes' handlers and its tools receive it.
 *
 * Declared empty here and filled in by `agent.ts` through declaration merging (`interface AgentHandle extends
 * Agent`), so the mode and tool mechanisms can name the agent's type without importing the Agent class, which
 * imports them: no import cycle, type-only ones included, and handlers still see the whole agent.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by agent.ts (see above)
export interface AgentHandle {}
