export { createTemplateRenderer, defaultTemplatesDir, TemplateError } from './renderer';
export type { TemplateRenderer } from './renderer';
