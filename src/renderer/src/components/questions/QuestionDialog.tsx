import { useId, useState } from 'react';
import { stopIsAnAnswer, type Answer, type Question } from '../../../../shared/questions/schema';
import type { LastAnswer } from '../../../../shared/session/schema';
import type { Sprint } from '../../../../shared/sprints/sprint';
import type { Bridge } from '../../bridge';
import { ChoiceQuestion } from './ChoiceQuestion';
import { ConfirmQuestion } from './ConfirmQuestion';
import { DispositionCard } from './DispositionCard';
import { TextQuestion } from './TextQuestion';
import { answerProblem } from './answer-problem';
import { PointAnswer } from '../pointing/PointAnswer';
import { useSessionPhotos } from '../../photos/session-photos';
import type { FrameProps } from './DialogFrame';

/**
 * The coach's pending question as a modal. It stays until main's state no longer holds the question (answered,
 * timed out or cancelled); the caller keys it by question id so each question starts fresh.
 */
export function QuestionDialog(props: {
  question: Question;
  bridge: Bridge;
  sprint?: Sprint | undefined;
  onSessions?: () => void;
  onAddPhotos?: () => void;
  onAddFromPhone?: () => void;
  importing?: FrameProps['importing'];
  /** The last answer recorded, which this card offers to take back (see `undoable`). */
  lastAnswer?: LastAnswer | undefined;
}) {
  const { question, bridge, sprint, onSessions, onAddPhotos, onAddFromPhone, importing, lastAnswer } = props;
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const photos = useSessionPhotos();

  // One call at a time; a refused one says why and frees the card for another try.
  const submit = (call: () => Promise<boolean>) => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    call().then(
      // Taken: the dialog waits for main's state to drop the question, and takes no second answer meanwhile.
      (taken) => {
        if (!taken) setBusy(false);
      },
      (error: unknown) => {
        setProblem(answerProblem(error));
        setBusy(false);
      },
    );
  };
  const send = (answer: Answer) => submit(async () => (await bridge.invoke('question:answer', { questionId: question.id, answer })).accepted);
  // Undo closes this card (main takes the answer back and asks its card again), unless that answer is no longer the
  // last one (`gone`): then the card stays, and takes answers as before.
  const undo = (answer: string) => submit(async () => (await bridge.invoke('session:undo', { answer })).outcome === 'undoing');

  const phase = sprint?.phase.kind;
  const sprintToggle =
    phase === 'running' || phase === 'paused'
      ? {
          label: phase === 'running' ? 'Pause timer' : 'Resume timer',
          onToggle: () => void bridge.invoke('sprint:control', { action: phase === 'running' ? 'pause' : 'resume' }).catch(() => undefined),
        }
      : undefined;
  const pointing =
    question.pointing && photos && photos.photos.length > 0 ? <PointAnswer question={question} sessionId={photos.sessionId} photos={photos.photos} send={send} /> : undefined;
  const frame = {
    titleId,
    expiresAt: question.expiresAt,
    problem,
    busy,
    ...(onSessions ? { onSessions } : {}),
    ...(onAddPhotos ? { onAddPhotos } : {}),
    ...(onAddFromPhone ? { onAddFromPhone } : {}),
    ...(importing ? { importing } : {}),
    ...(sprintToggle ? { sprintToggle } : {}),
    ...(pointing ? { pointing } : {}),
    ...(question.note ? { note: question.note } : {}),
    ...(lastAnswer ? { undo: { text: lastAnswer.text, onUndo: () => undo(lastAnswer.id) } } : {}),
    ...(stopIsAnAnswer(question) ? {} : { onStop: () => send({ kind: 'stop' }) }),
  };
  switch (question.kind) {
    case 'disposition':
      return <DispositionCard question={question} send={send} frame={frame} />;
    case 'choice':
      return <ChoiceQuestion question={question} send={send} frame={frame} />;
    case 'confirm':
      return <ConfirmQuestion question={question} send={send} frame={frame} />;
    case 'text':
      return <TextQuestion question={question} send={send} frame={frame} />;
  }
}
