import { useNow } from '../../session/hooks';
import { formatTimeLeft } from './countdown';

/** A quiet display of the time main gives this question; main alone closes it. Not live: no announcement per tick. */
export function TimeLeft(props: { expiresAt: number }) {
  const now = useNow(1000);
  return (
    <p className="dialog-time" data-testid="time-left">
      {formatTimeLeft(props.expiresAt - now)} <span className="dialog-time-note">· letting it pass is fine too</span>
    </p>
  );
}
