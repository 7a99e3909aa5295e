export type { PromptEditOptions, PromptSnapshot } from './system-prompt';
export { SystemPromptManager } from './system-prompt';
