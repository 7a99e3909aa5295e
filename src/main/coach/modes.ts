import { z } from 'zod';
import type { ModeKind, SessionState } from '../../shared/session/schema';
import { defineMode, type ModeDefinition } from '../agent/modes';
import { defineTool, type AgentTool } from '../agent/tools';
import type { Clock, Random, StateStore } from '../effects';
import { recordDecision } from '../session/decisions';
import { OUTPUT_SCHEMAS } from './outputs';

/** How modes introduce themselves to the model after a transition ("[Continue as: Sorting]"). */
export const MODE_TITLES: Record<ModeKind, string> = {
  surveying: 'Surveying',
  sorting: 'Sorting',
  clarifying: 'Clarifying',
  decisionSupport: 'DecisionSupport',
  windingDown: 'WindingDown',
};

export const MODE_TEMPLATES: Record<ModeKind, string> = {
  surveying: 'coach/surveying.njk',
  sorting: 'coach/sorting.njk',
  clarifying: 'coach/clarifying.njk',
  decisionSupport: 'coach/decision-support.njk',
  windingDown: 'coach/winding-down.njk',
};

/** The transition tools of seed 000: a transition ends the model's turn. */
export const TRANSITION_TOOLS = [
  'begin_sorting',
  'need_to_clarify',
  'user_seems_stuck',
  'time_to_wrap',
  'resume_sorting',
  'skip_item',
] as const;

/** Per-mode tool sets (seed 000, plus the question tools of the brief). */
export const MODE_TOOLS: Record<ModeKind, readonly string[]> = {
  surveying: ['ask_space_function', 'begin_sorting'],
  sorting: ['propose_disposition', 'ask_which_one', 'confirm_done', 'need_to_clarify', 'user_seems_stuck', 'time_to_wrap'],
  clarifying: ['ask_which_one', 'resume_sorting', 'skip_item'],
  decisionSupport: ['propose_disposition', 'resume_sorting'],
  windingDown: ['confirm_done', 'end_session'],
};

const short = z.string().trim().min(1).max(300);

/** Transition tool arguments become the new mode's data. */
export const MODE_PARAMS = {
  surveying: z.object({}),
  sorting: z.object({
    currentItem: short.optional().describe('The first item to sort, if you already know it.'),
    itemLocation: short.optional(),
  }),
  clarifying: z.object({
    item: short.describe('The item the person cannot find.'),
    photoContext: short.describe('Which photo shows it and where in the photo.'),
    reason: short.describe('Why it needs describing.'),
  }),
  decisionSupport: z.object({ stuckItem: short.describe('The item the person is stuck on.') }),
  windingDown: z.object({
    sessionSummary: z.string().trim().min(1).max(1200).optional(),
    nextTime: z.array(short).max(10).default([]),
  }),
} as const satisfies Record<ModeKind, z.ZodObject>;

const INVOKABLE: Partial<Record<ModeKind, { toolName: string; description: string }>> = {
  sorting: { toolName: 'begin_sorting', description: 'Start sorting: the function and anchors are known, or the person wants to start.' },
  clarifying: { toolName: 'need_to_clarify', description: 'The person cannot tell which item you mean: describe it patiently.' },
  decisionSupport: { toolName: 'user_seems_stuck', description: 'The person is stuck on an item: reframe gently; deferring is fine.' },
  windingDown: { toolName: 'time_to_wrap', description: 'Energy is running out or the space is done: wind down warmly.' },
};

export interface CoachModeDeps {
  readonly state: StateStore<SessionState>;
  /** Without tool calls the modes offer no tools and no transitions: the coach only talks. */
  readonly tools: boolean;
  /** Re-renders the system prompt for the mode now in the state. */
  readonly refreshPrompt: () => void;
}

/** The five modes. Entering one writes its data into the session state and renders its template. */
export function coachModes(deps: CoachModeDeps): ModeDefinition[] {
  return (Object.keys(MODE_PARAMS) as ModeKind[]).map((kind) =>
    defineMode({
      name: kind,
      description: `${MODE_TITLES[kind]} mode`,
      params: MODE_PARAMS[kind],
      tools: deps.tools ? MODE_TOOLS[kind] : [],
      output: OUTPUT_SCHEMAS[kind],
      ...(deps.tools && INVOKABLE[kind] ? { invokable: { ...INVOKABLE[kind], transition: 'switch' as const } } : {}),
      handler: async function* (_agent, params) {
        const state = deps.state.get();
        deps.state.set({ ...state, mode: { kind, ...params } as SessionState['mode'] });
        deps.refreshPrompt();
        yield;
      },
    }),
  );
}

/** resume_sorting and skip_item both lead back to Sorting, which has only one invokable tool (begin_sorting). */
export function returnToSortingTools(deps: { state: StateStore<SessionState>; time: Clock; random: Random }): AgentTool[] {
  return [
    defineTool({
      name: 'resume_sorting',
      description: 'Go back to sorting, one item at a time.',
      input: z.object({}),
      execute(_input, { agent }) {
        agent.modes.scheduleSwitch('sorting', {});
        return 'Back to sorting.';
      },
    }),
    defineTool({
      name: 'skip_item',
      description: 'Skip the item being clarified (it cannot be found, or it does not matter now) and go back to sorting.',
      input: z.object({}),
      execute(_input, { agent }) {
        const state = deps.state.get();
        if (state.mode.kind === 'clarifying') {
          deps.state.set(
            recordDecision(state, { id: deps.random.id(), item: state.mode.item, outcome: 'skip', at: deps.time.now() }),
          );
        }
        agent.modes.scheduleSwitch('sorting', {});
        return 'Skipped; back to sorting.';
      },
    }),
  ];
}
