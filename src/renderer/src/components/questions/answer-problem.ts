/** Why an answer did not go through, said kindly: nothing here is the person's fault. */
export function answerProblem(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'closed') return 'This question has already closed, so the coach is moving on without it. Nothing is lost.';
  if (code === 'disconnected') return 'The connection dropped before your answer arrived. Once it is back, try again.';
  return `Your answer did not go through (${(error as Error).message}). You can try again.`;
}
