export { createTemplateRenderer, defaultTemplatesDir, dropTagLines, TemplateError } from './renderer';
export type { TemplateRenderer } from './renderer';
