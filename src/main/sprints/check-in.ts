/**
 * The check-in itself: the card, and what each answer does to the sprint. Everything goes through the turn's effects
 * (clock, ids, the question), so a replay of the turn makes the same changes.
 */
import type { SessionState } from '../../shared/session/schema';
import { startBreak, startSprint } from '../../shared/sprints/sprint';
import type { CoachBaseDeps } from '../coach';
import { energyCheckQuestion, energyChoiceOf, wholeMinutes, type EnergyChoice } from './energy-check';

export type CheckInDeps = Pick<CoachBaseDeps, 'state' | 'questions' | 'templates' | 'time' | 'random'>;

/**
 * Asks how the person's energy is and sets the sprint up for the answer: another sprint, a break, or (unanswered) the
 * next sprint paused until they are back. Winding down is left to the coach, which ends the session its own way.
 */
export async function checkIn(deps: CheckInDeps, signal: AbortSignal): Promise<EnergyChoice | 'away' | 'stopped'> {
  const { state, templates } = deps;
  const before = state.get();
  const sprint = before.sprint;
  if (!sprint) return 'away';
  const prompt = templates.render('sprints/energy-check.njk', { minutes: wholeMinutes(sprint.lengthMs) });
  const resolution = await deps.questions.ask(energyCheckQuestion(before, prompt), signal);
  if (signal.aborted) return 'stopped';
  const choice = energyChoiceOf(before, resolution);
  const now = deps.time.now();
  const current = state.get();
  const next = startSprint(sprint, now, sprint.lengthMs, sprint.breakMs);
  switch (choice) {
    case 'keepGoing':
      say(deps, { ...current, sprint: next }, templates.render('sprints/keep-going.njk', { minutes: wholeMinutes(sprint.lengthMs) }), now);
      return choice;
    case 'break':
      say(deps, { ...current, sprint: startBreak(sprint, now) }, templates.render('sprints/break.njk', { minutes: wholeMinutes(sprint.breakMs) }), now);
      return choice;
    case 'windDown':
      return choice;
    case undefined:
      // Nobody answered: no new sprint counts down while the person is away.
      say(deps, { ...current, sprint: { ...next, phase: { kind: 'paused', elapsedMs: 0 } } }, templates.render('sprints/paused.njk', {}), now);
      return 'away';
  }
}

function say(deps: CheckInDeps, state: SessionState, text: string, at: number): void {
  deps.state.set({ ...state, messages: [...state.messages, { id: deps.random.id(), role: 'coach', text: text.trim(), at }] });
}
