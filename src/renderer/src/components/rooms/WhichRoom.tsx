import type { KeyboardEvent } from 'react';
import type { RoomCard } from '../../../../shared/rooms/schema';
import { agoWords } from '../../../../shared/rooms/words';
import { Modal } from '../Modal';

/**
 * Photos dropped with no room picked: "Which room is this?", the rooms as one-tap choices (keys 1-9), and New room.
 * Cancel keeps the photos out.
 */
export function WhichRoom(props: { rooms: readonly RoomCard[]; now: number; onChoose: (room: string | 'new' | undefined) => void }) {
  const { rooms, now, onChoose } = props;
  const shown = rooms.slice(0, 9);
  const onKeys = (event: KeyboardEvent) => {
    const index = Number(event.key) - 1;
    if (event.target instanceof HTMLInputElement || !Number.isInteger(index) || index < 0) return;
    const room = shown[index];
    if (room) {
      event.preventDefault();
      onChoose(room.id);
    } else if (index === shown.length) {
      event.preventDefault();
      onChoose('new');
    }
  };
  return (
    <Modal titleId="which-room-title" className="dialog-which-room" testId="which-room" onEscape={() => onChoose(undefined)} onKeys={onKeys}>
      <h2 id="which-room-title" className="dialog-title">
        Which room is this?
      </h2>
      <p className="dialog-hint">The photos go to a session in that room.</p>
      <ul className="which-room-list">
        {rooms.map((room, index) => (
          <li key={room.id}>
            <button type="button" className="which-room-choice" autoFocus={index === 0} aria-keyshortcuts={index < 9 ? String(index + 1) : undefined} onClick={() => onChoose(room.id)}>
              {index < 9 ? (
                <kbd className="key" aria-hidden="true">
                  {index + 1}
                </kbd>
              ) : null}
              <span className="which-room-name">{room.name}</span>
              <span className="which-room-when">{room.lastVisit === undefined ? 'not visited yet' : agoWords(room.lastVisit, now)}</span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="which-room-choice" aria-keyshortcuts={shown.length < 9 ? String(shown.length + 1) : undefined} onClick={() => onChoose('new')}>
            {shown.length < 9 ? (
              <kbd className="key" aria-hidden="true">
                {shown.length + 1}
              </kbd>
            ) : null}
            <span className="which-room-name">New room</span>
          </button>
        </li>
      </ul>
      <div className="dialog-row dialog-actions">
        <button type="button" className="quiet-button" onClick={() => onChoose(undefined)}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
