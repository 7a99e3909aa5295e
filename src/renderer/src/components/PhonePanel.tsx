import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhoneLink } from '../../../shared/phone/schema';
import { PHONE_LINK_MINUTES } from '../../../shared/phone/schema';
import type { Photo } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';
import { photoUrl } from '../photos/urls';
import { useAppClock } from '../session/app-clock';
import { Modal } from './Modal';

/** The newest photos that arrived while the panel is open, shown in it (the strip behind it has them all). */
const ARRIVED_SHOWN = 6;

/** A QR code as one SVG path, dark modules on white with the quiet zone a scanner needs, whatever the theme. */
function QrCode(props: { rows: readonly string[] }) {
  const { rows } = props;
  const quiet = 4;
  const side = rows.length + 2 * quiet;
  const path = rows.flatMap((row, y) => [...row].flatMap((module, x) => (module === '1' ? [`M${x + quiet} ${y + quiet}h1v1h-1z`] : []))).join('');
  return (
    <svg className="phone-qr" viewBox={`0 0 ${side} ${side}`} role="img" aria-label="QR code of the address below" shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const photosWord = (count: number) => `${count} photo${count === 1 ? '' : 's'}`;

/**
 * "Add from phone": while this panel is open, the phone's upload page can be reached (main listens only then, 15
 * minutes at most); it stops listening when the panel closes. Photos from the phone join the session as they arrive.
 */
export function PhonePanel(props: { bridge: Bridge; sessionId: string | undefined; photos: readonly Photo[]; onClose: () => void }) {
  const { bridge, sessionId, photos, onClose } = props;
  const [link, setLink] = useState<PhoneLink | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  // When the link last shown was to close by itself: a close well before then came from another window.
  const closesAt = useRef<number | undefined>(undefined);
  const appClock = useAppClock();
  const [closedElsewhere, setClosedElsewhere] = useState(false);
  const show = useCallback((next: PhoneLink) => {
    if (next.status === 'open') closesAt.current = Date.parse(next.closesAt);
    if (next.status === 'closed') setClosedElsewhere(closesAt.current !== undefined && appClock.now() < closesAt.current - 5000);
    setLink(next);
  }, [appClock]);
  // The photos already there when the panel opened: the rest arrived while it was open.
  const [before] = useState(() => new Set(photos.map((photo) => photo.id)));
  const arrived = photos.filter((photo) => !before.has(photo.id));

  const open = () => {
    setProblem(undefined);
    bridge.invoke('phone:open').then(show, (error: Error) => setProblem(error.message));
  };

  useEffect(() => {
    const stop = bridge.on('phone:changed', show);
    bridge.invoke('phone:open').then(show, (error: Error) => setProblem(error.message));
    return () => {
      stop();
      void bridge.invoke('phone:close').catch(() => {});
    };
  }, [bridge, show]);

  const end = (phoneId: string) => {
    bridge.invoke('phone:end', { phoneId }).then(show, (error: Error) => setProblem(error.message));
  };

  return (
    <Modal titleId="phone-title" className="phone-panel" onEscape={onClose} testId="phone-panel">
      <div className="settings-head">
        <h2 id="phone-title">Add from phone</h2>
        <button type="button" className="quiet-button" onClick={onClose}>
          Close
        </button>
      </div>
      {link?.status === 'open' ? (
        <>
          <div className="phone-connect">
            <QrCode rows={link.qr} />
            <ol className="phone-steps">
              <li>Put your phone on the same Wi-Fi as this computer.</li>
              <li>Point its camera at the code, and open the page it offers.</li>
              <li>Take photos or choose them: each one appears here as it arrives.</li>
            </ol>
          </div>
          <p className="phone-address">
            Or type this address on the phone: <span className="phone-url">{link.url}</span>
          </p>
          <p className="dialog-hint">
            Only phones with this address can send photos, and only while this is open (until {clock(link.closesAt)}). They can send
            photos and nothing else: they see nothing of your sessions.
          </p>
          {link.phones.length > 0 && (
            <ul className="phone-list" aria-label="Phones">
              {link.phones.map((phone) => (
                <li key={phone.id}>
                  <div className="phone-row">
                    <span>
                      <strong>{phone.name}</strong>{' '}
                      {phone.ended
                        ? 'ended'
                        : phone.photos === 0 && phone.duplicates === 0 && phone.problems.length === 0
                          ? 'connected'
                          : `${photosWord(phone.photos)}${phone.duplicates > 0 ? `, ${phone.duplicates} already here` : ''}`}
                    </span>
                    {!phone.ended && (
                      <button type="button" className="quiet-button" onClick={() => end(phone.id)}>
                        End connection
                      </button>
                    )}
                  </div>
                  {phone.problems.map((item, index) => (
                    <p key={index} className="phone-problem">
                      {item.file}: {item.message}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          )}
          {arrived.length > 0 && sessionId && (
            <div className="phone-arrived" role="status">
              <p>{photosWord(arrived.length)} arrived</p>
              <ul>
                {arrived.slice(-ARRIVED_SHOWN).map((photo) => (
                  <li key={photo.id}>
                    <img src={photoUrl(sessionId, photo.id, 'thumb')} alt={photo.fileName} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : link?.status === 'noNetwork' ? (
        <>
          <p className="phone-note">
            This computer is not on a network a phone can reach: it has no Wi-Fi or home network address. Connect it to the same Wi-Fi as
            your phone, then try again.
          </p>
          <button type="button" className="primary" onClick={open}>
            Try again
          </button>
        </>
      ) : link?.status === 'failed' || link?.status === 'closed' ? (
        <>
          <p className="phone-note">
            {link.status === 'failed'
              ? link.message
              : closedElsewhere
                ? 'The connection to your phone was closed in another window of Tidying. Open it again here to send more.'
                : `The connection to your phone closed after ${PHONE_LINK_MINUTES} minutes, to keep it short. Open it again to send more.`}
          </p>
          <button type="button" className="primary" onClick={open}>
            Open again
          </button>
        </>
      ) : (
        !problem && <p className="dialog-hint">Opening a connection for your phone…</p>
      )}
      {problem && <p className="dialog-problem">{problem}</p>}
    </Modal>
  );
}
