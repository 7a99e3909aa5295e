/**
 * A recorded session run as its own process, for the crash test: `tsx crash-child.ts <log.jsonl> <turns>`.
 * It resumes from whatever the log holds (answering a question left open first), prints `answered <id>` once
 * an answer is back with the coach (its line already durable), and `done` at the end. The test kills it at
 * many points with SIGKILL.
 */
import type { QuestionUi } from '../../src/main/effects';
import { cryptoRandom, systemClock } from '../../src/main/effects';
import type { Question, Resolution } from '../../src/shared/questions/schema';
import { foldLog, openQuestionOf } from '../../src/main/session-log/fold';
import { Journal } from '../../src/main/session-log/journal';
import { readSessionLog } from '../../src/main/session-log/reader';
import { SessionLogWriter } from '../../src/main/session-log/writer';
import { scriptedAnswers, scriptedLlm, scriptedSession } from './session';

const [file, turnsArgument] = process.argv.slice(2);
if (!file || !turnsArgument) throw new Error('usage: crash-child <log.jsonl> <turns>');
const turns = Number(turnsArgument);

const existing = await readSessionLog(file).catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { events: [] };
  throw error;
});
const folded = foldLog(existing.events);
const openQuestion = openQuestionOf(folded.inFlight);
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
const journal = new Journal({ live: { time: clock, random: cryptoRandom(), llm: scriptedLlm(), questions: answers as QuestionUi<unknown, Resolution> }, writer });
const session = scriptedSession(
  { time: journal.time, random: journal.random, llm: journal.llm, question: journal.questions as QuestionUi<Question, Resolution> },
  {
    ...(folded.document ? { initial: folded.document.session } : {}),
    onAnswered: (question) => process.stdout.write(`answered ${question.id}\n`),
  },
);
if (openQuestion) {
  const resolution = await answers.ask(openQuestion);
  const asked = folded.inFlight.findLast((event) => event.type === 'question-asked');
  await writer.append({ type: 'question-closed', ...(asked ? { call: asked.seq } : {}), questionId: openQuestion.id, resolution });
  process.stdout.write(`answered ${openQuestion.id}\n`);
}
for (let turn = folded.turns + 1; turn <= turns; turn += 1) {
  await writer.append({ type: 'person-message', text: `turn ${turn}` });
  await session.turn(`turn ${turn}`);
  await writer.append({ type: 'turn-ended', checkpoint: { session: session.state.get() } });
}
await writer.close();
process.stdout.write('done\n');
