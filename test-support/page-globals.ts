/**
 * The page's own globals, typed for the functions tests hand to `page.evaluate` (Node's TypeScript project has no
 * DOM types). Inside such a function, `globalThis as unknown as PageGlobals` is the page's window.
 */
export interface PageElement {
  id: string;
  textContent: string | null;
  value: string;
  append(...nodes: PageElement[]): void;
  remove(): void;
  click(): void;
}

export interface PageGlobals {
  document: {
    body: PageElement;
    documentElement: { outerHTML: string };
    createElement(tag: string): PageElement & Record<string, unknown>;
    getElementById(id: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement>;
    addEventListener(type: 'securitypolicyviolation', listener: (event: { effectiveDirective: string }) => void): void;
  };
  location: { href: string };
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  innerWidth: number;
  innerHeight: number;
  open(url: string): unknown;
  /** A timer from a string: code the page compiles itself (what a CSP without 'unsafe-eval' refuses). */
  setTimeout(code: string, delay: number): number;
  /** The desktop window's bridge, from the preload. */
  tidy?: {
    invoke(request: { id: string; channel: string; input?: unknown }): Promise<unknown>;
    cancel(id: string): void;
    onPush(listener: (...args: unknown[]) => void): () => void;
  };
}
