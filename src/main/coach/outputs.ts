import { z } from 'zod';
import type { Mode, ModeKind, SessionState } from '../../shared/session/schema';

/** Each mode's structured output (seed 000): what the person reads, plus fields that update the state. */
const response = z.string().trim().min(1).max(1200).describe('What the person reads. Short.');
const text = z.string().trim().min(1).max(300);

export const OUTPUT_SCHEMAS = {
  surveying: z.object({
    response,
    discovered_function: text.optional().describe('What the space is for, once known.'),
    discovered_anchors: z.array(text).max(20).optional().describe('What must stay no matter what.'),
  }),
  sorting: z.object({
    response,
    current_item: text.optional().describe('The item being sorted now.'),
    item_location: text.optional().describe('Where that item is.'),
  }),
  clarifying: z.object({
    response,
    describing_item: text.optional(),
    spatial_refs: z.array(text).max(10).optional(),
    physical_traits: z.array(text).max(10).optional(),
  }),
  decisionSupport: z.object({
    response,
    stuck_item: text.optional(),
    reframe_question: text.optional(),
  }),
  windingDown: z.object({
    response,
    session_summary: z.string().trim().min(1).max(1200).optional(),
    next_time: z.array(text).max(10).optional(),
  }),
} as const satisfies Record<ModeKind, z.ZodObject>;

export type ModeOutput<K extends ModeKind> = z.output<(typeof OUTPUT_SCHEMAS)[K]>;

const unique = (values: readonly string[]) => [...new Map(values.map((value) => [value.toLowerCase(), value])).values()];

/** Applies a mode's output to the state as seed 003's table says: mode data, or session-level fields. */
export function applyOutput(state: SessionState, output: unknown): SessionState {
  const mode = state.mode;
  const parsed = OUTPUT_SCHEMAS[mode.kind].safeParse(output);
  if (!parsed.success) return state;
  const data = parsed.data as Record<string, unknown>;
  switch (mode.kind) {
    case 'surveying': {
      const out = data as ModeOutput<'surveying'>;
      return {
        ...state,
        ...(out.discovered_function ? { spaceFunction: out.discovered_function } : {}),
        ...(out.discovered_anchors ? { anchors: unique([...state.anchors, ...out.discovered_anchors]) } : {}),
      };
    }
    case 'sorting': {
      const out = data as ModeOutput<'sorting'>;
      const next: Mode = {
        ...mode,
        ...(out.current_item ? { currentItem: out.current_item } : {}),
        ...(out.item_location ? { itemLocation: out.item_location } : {}),
      };
      return { ...state, mode: next };
    }
    case 'clarifying': {
      const out = data as ModeOutput<'clarifying'>;
      return {
        ...state,
        mode: {
          ...mode,
          ...(out.describing_item ? { describingItem: out.describing_item } : {}),
          ...(out.spatial_refs ? { spatialRefs: out.spatial_refs } : {}),
          ...(out.physical_traits ? { physicalTraits: out.physical_traits } : {}),
        },
      };
    }
    case 'decisionSupport': {
      const out = data as ModeOutput<'decisionSupport'>;
      return {
        ...state,
        mode: {
          ...mode,
          ...(out.stuck_item ? { stuckItem: out.stuck_item } : {}),
          ...(out.reframe_question ? { reframeQuestion: out.reframe_question } : {}),
        },
      };
    }
    case 'windingDown': {
      const out = data as ModeOutput<'windingDown'>;
      return {
        ...state,
        mode: {
          ...mode,
          ...(out.session_summary ? { sessionSummary: out.session_summary } : {}),
          ...(out.next_time ? { nextTime: out.next_time } : {}),
        },
      };
    }
  }
}
