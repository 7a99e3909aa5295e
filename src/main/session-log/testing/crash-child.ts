/**
 * A recorded session run as its own process, for the crash test: `tsx crash-child.ts <log.jsonl> <turns>`.
 * It resumes from whatever the log holds (answering a question left open first), prints `answered <id>` once
 * an answer is back with the coach (its line already durable), and `done` at the end. The test kills it at
 * many points with SIGKILL.
 */
import { cryptoRandom, systemClock } from '../../effects';
import { readSessionLog } from '../reader';
import { recordingClock, recordingLlm, recordingQuestions, recordingRandom } from '../recording';
import { rebuildState } from '../replay';
import { SessionLogWriter } from '../writer';
import { scriptedAnswers, scriptedLlm, scriptedSession } from './session';

const [file, turnsArgument] = process.argv.slice(2);
if (!file || !turnsArgument) throw new Error('usage: crash-child <log.jsonl> <turns>');
const turns = Number(turnsArgument);

const existing = await readSessionLog(file).catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { events: [] };
  throw error;
});
const rebuilt = rebuildState(existing.events);
const clock = systemClock();
const writer = await SessionLogWriter.open(file, { now: () => clock.now() });
const scripted = scriptedAnswers();
// A person takes a moment to answer; it gives the test time to kill the process anywhere in the turn.
const answers: typeof scripted = {
  ask: async (question) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return scripted.ask(question);
  },
};
const session = scriptedSession(
  {
    time: recordingClock(clock, writer),
    random: recordingRandom(cryptoRandom(), writer),
    llm: recordingLlm(scriptedLlm(), writer),
    question: recordingQuestions(answers, writer),
  },
  {
    ...(rebuilt.state ? { initial: rebuilt.state } : {}),
    onAnswered: (question) => process.stdout.write(`answered ${question.id}\n`),
  },
);
if (rebuilt.openQuestion) {
  const resolution = await answers.ask(rebuilt.openQuestion);
  await writer.append({ type: 'question-closed', questionId: rebuilt.openQuestion.id, resolution });
  process.stdout.write(`answered ${rebuilt.openQuestion.id}\n`);
}
for (let turn = rebuilt.turns + 1; turn <= turns; turn += 1) {
  await writer.append({ type: 'person-message', text: `turn ${turn}` });
  await session.turn(`turn ${turn}`);
  await writer.append({ type: 'turn-ended', state: session.state.get() });
}
await writer.close();
process.stdout.write('done\n');
