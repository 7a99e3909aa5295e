export type { AgentTool, ToolContext, ToolOptions } from './tool';
export { defineTool, ToolInputError } from './tool';
export { ToolRegistry, UnknownToolError } from './registry';
