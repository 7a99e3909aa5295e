/**
 * How much time a question has left, said calmly. Main decides when a question closes; this only words it.
 * Whole minutes above one minute (a ticking seconds display is stressful), seconds in the last minute. It says "this
 * card" so it is never read as the sprint's own time left, shown in the header beside it.
 */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'Closing now';
  if (ms < 60_000) return `This card closes in ${Math.ceil(ms / 1000)} s`;
  return `This card waits about ${Math.round(ms / 60_000)} min`;
}
