import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nunjucks from 'nunjucks';

/** A template that is missing or cannot be rendered; the message names the file. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

export interface TemplateRenderer {
  readonly dir: string;
  render(name: string, context: object): string;
}

/**
 * Prompt templates are nunjucks files read from disk at run time, so a prompt can be changed without a build
 * (and a replay can check what a changed template would have done).
 */
export function createTemplateRenderer(dir: string): TemplateRenderer {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(dir, { noCache: true }), {
    autoescape: false,
    trimBlocks: true,
    lstripBlocks: true,
  });
  return {
    dir,
    render(name, context) {
      const file = path.join(dir, name);
      if (!existsSync(file)) throw new TemplateError(`The prompt template ${file} is missing.`);
      try {
        return env.render(name, context).replace(/\n{3,}/g, '\n\n').trim();
      } catch (error) {
        const detail = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : String(error);
        throw new TemplateError(`The prompt template ${file} is broken: ${detail}`);
      }
    },
  };
}

/** The repository's templates folder, from source (tests) or from the built bundle in out/main. */
export function defaultTemplatesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../templates'), path.resolve(here, '../../templates')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'coach'))) ?? candidates[0]!;
}
