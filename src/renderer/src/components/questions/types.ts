import type { Answer, Question } from '../../../../shared/questions/schema';
import type { FrameProps } from './DialogFrame';

/** What every question body gets from the dialog: its question, a way to answer, and the frame's parts. */
export interface QuestionBodyProps<K extends Question['kind']> {
  question: Extract<Question, { kind: K }>;
  /** Sends the answer; calls while one is on its way are ignored. */
  send: (answer: Answer) => void;
  frame: FrameProps;
}
