import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nunjucks from 'nunjucks';
import { aName, bareName, counted, placeName, theName, verbFor } from '../../shared/text/names';
import { nextTimeWords } from '../../shared/text/next-time';
import { sentence } from '../../shared/text/sentence';

/** A template that is missing or cannot be rendered; the message names the file. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

export interface TemplateRenderer {
  readonly dir: string;
  render(name: string, context: object): string;
}

/** A line holding nothing but block tags and comments (`{% if x %}`, `{% endfor %}{% endif %}`), with its line end. */
const TAG_LINE = /^[ \t]*(?:(?:\{%(?:[^%\n]|%(?!\}))*%\}|\{#(?:[^#\n]|#(?!\}))*#\})[ \t]*)+\r?\n/gm;

/**
 * Every line of a template is a line of the prompt, except a line of tags alone, which leaves nothing behind.
 * (nunjucks' trimBlocks drops the line end after every block tag, so a line ending in `{% endif %}` ran into the
 * next one: "not known yet.Items processed so far".)
 */
export function dropTagLines(source: string): string {
  return source.replace(TAG_LINE, (line) => line.trim());
}

class TagLineLoader extends nunjucks.FileSystemLoader {
  override getSource(name: string): nunjucks.LoaderSource {
    const source = super.getSource(name);
    return source && { ...source, src: dropTagLines(source.src) };
  }
}

/**
 * Filters that put a name into a sentence (src/shared/text/names.ts): `{{ item | the }}`, `{{ item | a }}`,
 * `{{ item | bare }}`, `{{ item | verb("goes") }}` (the verb as for one thing), `{{ 12 | counted("book") }}`,
 * `{{ location | place }}`, `{{ text | sentence }}` for a capital at the start, and `{{ nextTime | nextTime }}` for a
 * session's list for next time in a sentence's words (src/shared/text/next-time.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nunjucks hands a filter whatever the template gives it
const NAME_FILTERS: Readonly<Record<string, (value: any, ...args: any[]) => string>> = {
  the: theName,
  a: aName,
  bare: bareName,
  verb: verbFor,
  counted,
  place: placeName,
  sentence,
  nextTime: nextTimeWords,
};

/**
 * Prompt templates are nunjucks files read from disk at run time, so a prompt can be changed without a build (and a
 * replay can check what a changed template would have done). Compiled templates are kept until one of the files
 * they were compiled from changes (its size or modification time), so a session's hundreds of renders do not each
 * read and compile them.
 */
export function createTemplateRenderer(dir: string): TemplateRenderer {
  let loader = new TagLineLoader(dir);
  const fresh = () => {
    const environment = new nunjucks.Environment(loader, { autoescape: false });
    // A missing value renders as nothing, as it would without the filter.
    for (const [name, filter] of Object.entries(NAME_FILTERS)) {
      environment.addFilter(name, (value: unknown, ...args: unknown[]) => (value === undefined || value === null ? '' : filter(value, ...args)));
    }
    return environment;
  };
  let env = fresh();
  let seen = '';
  const loaded = () => Object.keys((loader as unknown as { pathsToNames: Record<string, string> }).pathsToNames);
  return {
    dir,
    render(name, context) {
      const file = path.join(dir, name);
      if (!existsSync(file)) throw new TemplateError(`The prompt template ${file} is missing.`);
      let now = signatureOf(loaded());
      if (now !== seen) {
        loader = new TagLineLoader(dir);
        env = fresh();
        now = '';
      }
      const before = loaded().length;
      try {
        const rendered = env.render(name, context).replace(/\n{3,}/g, '\n\n').trim();
        // The files' signature is read again only when this render compiled files it had not before.
        seen = loaded().length === before ? now : signatureOf(loaded());
        return rendered;
      } catch (error) {
        const detail = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : String(error);
        throw new TemplateError(`The prompt template ${file} is broken: ${detail}`);
      }
    },
  };
}

/** The size and modification time of each file: any edit to one of them changes it. */
function signatureOf(files: readonly string[]): string {
  return files
    .map((file) => {
      try {
        const { size, mtimeMs } = statSync(file);
        return `${file}:${size}:${mtimeMs}`;
      } catch {
        return `${file}:gone`;
      }
    })
    .join('\n');
}

/** The repository's templates folder, from source (tests) or from the built bundle in out/main. */
export function defaultTemplatesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../templates'), path.resolve(here, '../../templates')];
  return candidates.find((candidate) => existsSync(path.join(candidate, 'coach'))) ?? candidates[0]!;
}
