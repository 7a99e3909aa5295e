/**
 * The system prompt as editable parts.
 *
 * Render order: prepended parts (most recent first), then appended parts (in call order), then
 * named sections (in the order each name was first set; overwriting keeps the position). Parts are
 * joined by a blank line.
 *
 * Scoping: modes take a `snapshot()` on entry and `restore()` it on exit, which undoes everything
 * done since, except changes made with `{ persist: true }`: those are journaled and replayed onto
 * the restored prompt, so they survive any number of nested exits.
 *
 * A section may be a function: it is called each time the prompt is rendered, so a section that depends on
 * changing state is rendered only when a model step needs it.
 */
export interface PromptEditOptions {
  /** Keep the change when the mode that made it exits. */
  readonly persist?: boolean;
}

export type SectionText = string | (() => string);

interface PromptParts {
  readonly prepended: readonly string[];
  readonly appended: readonly string[];
  readonly sections: ReadonlyMap<string, SectionText>;
}

type PromptEdit =
  | { readonly kind: 'prepend'; readonly text: string }
  | { readonly kind: 'append'; readonly text: string }
  | { readonly kind: 'set-section'; readonly name: string; readonly text: SectionText }
  | { readonly kind: 'remove-section'; readonly name: string };

/** Opaque token returned by `snapshot()`. */
export interface PromptSnapshot {
  readonly parts: PromptParts;
  readonly journalLength: number;
}

const SEPARATOR = '\n\n';

function applyEdit(parts: PromptParts, edit: PromptEdit): PromptParts {
  switch (edit.kind) {
    case 'prepend':
      return { ...parts, prepended: [edit.text, ...parts.prepended] };
    case 'append':
      return { ...parts, appended: [...parts.appended, edit.text] };
    case 'set-section':
      return { ...parts, sections: new Map(parts.sections).set(edit.name, edit.text) };
    case 'remove-section': {
      const sections = new Map(parts.sections);
      sections.delete(edit.name);
      return { ...parts, sections };
    }
  }
}

export class SystemPromptManager {
  #parts: PromptParts = { prepended: [], appended: [], sections: new Map() };
  readonly #persistentJournal: PromptEdit[] = [];

  constructor(base?: string) {
    if (base) this.append(base);
  }

  append(text: string, options?: PromptEditOptions): void {
    this.#edit({ kind: 'append', text }, options);
  }

  prepend(text: string, options?: PromptEditOptions): void {
    this.#edit({ kind: 'prepend', text }, options);
  }

  setSection(name: string, text: SectionText, options?: PromptEditOptions): void {
    this.#edit({ kind: 'set-section', name, text }, options);
  }

  removeSection(name: string, options?: PromptEditOptions): void {
    this.#edit({ kind: 'remove-section', name }, options);
  }

  section(name: string): string | undefined {
    const text = this.#parts.sections.get(name);
    return typeof text === 'function' ? text() : text;
  }

  get sectionNames(): readonly string[] {
    return [...this.#parts.sections.keys()];
  }

  render(): string {
    const { prepended, appended, sections } = this.#parts;
    const rendered = [...sections.values()].map((text) => (typeof text === 'function' ? text() : text));
    return [...prepended, ...appended, ...rendered].join(SEPARATOR);
  }

  snapshot(): PromptSnapshot {
    return { parts: this.#parts, journalLength: this.#persistentJournal.length };
  }

  restore(snapshot: PromptSnapshot): void {
    const persistedSince = this.#persistentJournal.slice(snapshot.journalLength);
    this.#parts = persistedSince.reduce(applyEdit, snapshot.parts);
  }

  #edit(edit: PromptEdit, options: PromptEditOptions | undefined): void {
    this.#parts = applyEdit(this.#parts, edit);
    if (options?.persist) this.#persistentJournal.push(edit);
  }
}
