import type { ContextLength } from './schema';

/** A token count as a person reads it: 131,072. */
export function tokens(n: number): string {
  return n.toLocaleString('en-US');
}

/** The context length as a person reads it, with where it came from, or that no server said. */
export function describeContext(context: ContextLength | undefined): string {
  if (!context) return "Context length: not said by the server; set it in Settings if the model's window is small.";
  return `Context length: ${tokens(context.tokens)} tokens (from ${context.source}).${context.message ? ` ${context.message}` : ''}`;
}
