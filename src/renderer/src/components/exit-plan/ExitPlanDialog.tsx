import type { ExitPlanView } from '../../../../shared/exit-plan/schema';
import type { Bridge } from '../../bridge';
import { Modal } from '../Modal';
import { ExitPlan } from './ExitPlan';

/** An earlier session's exit plan, opened from the notice at start. Printing it prints only this. */
export function ExitPlanDialog(props: { bridge: Bridge; sessionId: string; context: string; onChange: (plan: ExitPlanView) => void; onClose: () => void }) {
  const { bridge, sessionId, context, onChange, onClose } = props;
  return (
    <Modal titleId="exit-plan-dialog-title" className="dialog-exit-plan" testId="exit-plan-dialog" onEscape={onClose}>
      <div className="exit-plan-dialog-head">
        <p className="dialog-eyebrow">{context}</p>
        <button type="button" className="quiet-button" onClick={onClose}>
          Close
        </button>
      </div>
      <ExitPlan bridge={bridge} sessionId={sessionId} titleId="exit-plan-dialog-title" level={2} onChange={onChange} />
    </Modal>
  );
}
