/** What should happen to the mode stack next. Handlers may return one; tools schedule one. */
export type ModeParams = Readonly<Record<string, unknown>>;

export type ModeTransition =
  | { readonly kind: 'switch'; readonly mode: string; readonly params: ModeParams }
  | { readonly kind: 'push'; readonly mode: string; readonly params: ModeParams }
  | { readonly kind: 'exit' }
  | { readonly kind: 'stay' };

export type ModeTransitionKind = ModeTransition['kind'];

export const ModeTransition = {
  /** Exit the current mode, then enter `mode` in its place. */
  switch: (mode: string, params: ModeParams = {}): ModeTransition => ({ kind: 'switch', mode, params }),
  /** Keep the current mode and enter `mode` on top of it. */
  push: (mode: string, params: ModeParams = {}): ModeTransition => ({ kind: 'push', mode, params }),
  /** Exit the current mode, back to its parent (or to no mode). */
  exit: (): ModeTransition => ({ kind: 'exit' }),
  /** Change nothing (what a handler returning nothing means). */
  stay: (): ModeTransition => ({ kind: 'stay' }),
} as const;
