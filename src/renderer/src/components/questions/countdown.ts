/**
 * How much time a question has left, said calmly. Main decides when a question closes; this only words it.
 * Whole minutes above one minute (a ticking seconds display is stressful), seconds in the last minute.
 */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'Closing now';
  if (ms < 60_000) return `${Math.ceil(ms / 1000)} s left`;
  return `About ${Math.round(ms / 60_000)} min left`;
}
