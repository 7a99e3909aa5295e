import { useState } from 'react';
import type { Home, RoomCard } from '../../../../shared/rooms/schema';
import { Modal } from '../Modal';

type SessionsChoice = { moveTo: string } | 'delete';

/**
 * Deleting a room asks what becomes of its sessions: moved to another room (the default, when there is one), or
 * deleted with it. Nothing is deleted until the person says so here.
 */
export function DeleteRoomDialog(props: {
  room: RoomCard;
  others: Home['rooms'];
  onCancel: () => void;
  onDelete: (sessions: SessionsChoice | undefined) => Promise<boolean>;
}) {
  const { room, others, onCancel, onDelete } = props;
  const [choice, setChoice] = useState<'move' | 'delete'>(others.length ? 'move' : 'delete');
  const [into, setInto] = useState(others[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const visits = room.visits;
  const sessions = visits === 1 ? 'its session' : `its ${visits} sessions`;
  const submit = () => {
    setBusy(true);
    void onDelete(visits === 0 ? undefined : choice === 'move' ? { moveTo: into } : 'delete').then(() => setBusy(false));
  };
  return (
    <Modal titleId="delete-room-title" className="dialog-delete-room" busy={busy} testId="delete-room-dialog" onEscape={onCancel}>
      <h2 id="delete-room-title" className="dialog-title">
        Delete the room “{room.name}”?
      </h2>
      {visits === 0 ? (
        <p>It has no sessions.</p>
      ) : (
        <fieldset className="delete-room-choice">
          <legend>What becomes of {sessions}?</legend>
          {others.length ? (
            <label className="settings-option">
              <input type="radio" name="delete-room" checked={choice === 'move'} onChange={() => setChoice('move')} />
              <span>Move {visits === 1 ? 'it' : 'them'} to</span>
              <select aria-label="The room to move them to" value={into} disabled={choice !== 'move'} onChange={(event) => setInto(event.target.value)}>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="settings-option">
            <input type="radio" name="delete-room" checked={choice === 'delete'} onChange={() => setChoice('delete')} />
            <span>Delete {visits === 1 ? 'it' : 'them'} too, with {visits === 1 ? 'its' : 'their'} photos and logs</span>
          </label>
        </fieldset>
      )}
      <div className="dialog-row dialog-actions">
        <button type="button" className="primary" disabled={busy} onClick={submit}>
          Delete room
        </button>
        <button type="button" className="quiet-button" disabled={busy} onClick={onCancel}>
          Keep it
        </button>
      </div>
    </Modal>
  );
}
