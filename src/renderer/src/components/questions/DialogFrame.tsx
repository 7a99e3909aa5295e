import type { KeyboardEvent, ReactNode } from 'react';
import { Modal } from '../Modal';
import { TimeLeft } from './TimeLeft';

export interface FrameProps {
  titleId: string;
  expiresAt: number;
  /** Why the last answer did not go through, if it did not. */
  problem: string | undefined;
  /** An answer is on its way. Controls stay enabled (disabling them would throw focus out of the dialog). */
  busy: boolean;
}

/** The modal around every question, with the time it has left. Escape never closes it: it times out by itself. */
export function DialogFrame(props: FrameProps & { kind: string; onKeys?: (event: KeyboardEvent) => void; children: ReactNode }) {
  const { titleId, expiresAt, problem, busy, kind, onKeys, children } = props;
  return (
    <Modal titleId={titleId} className={`dialog-${kind}`} busy={busy} testId="question-dialog" {...(onKeys ? { onKeys } : {})}>
      {children}
      {problem ? (
        <p className="dialog-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <TimeLeft expiresAt={expiresAt} />
    </Modal>
  );
}
