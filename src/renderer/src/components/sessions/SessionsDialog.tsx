import { useEffect, useRef, useState } from 'react';
import type { SessionList } from '../../../../shared/sessions/schema';
import type { Bridge } from '../../bridge';
import { Modal } from '../Modal';
import { SessionRow, type RowAction } from './SessionRow';
import { saveBytesFile, saveTextFile } from '../../sessions/download';
import { WorkStatus } from '../WorkStatus';
import { useNow } from '../../session/hooks';

const reasonOf = (error: unknown) => (error as Error).message;

/**
 * Every logged session, newest first, fetched once when the panel opens (and again after a delete): nothing polls.
 * Resume and New session hand the live snapshot back, so the workspace shows it at once.
 */
/** What each action is doing while it runs (resuming a long session or saving a big one takes a moment). */
const WORKING: Readonly<Record<Exclude<RowAction, 'open'>, string>> = {
  resume: 'Picking the session up again…',
  export: 'Packing the session into a file…',
  summary: 'Writing the summary…',
  delete: 'Deleting the session…',
};

export function SessionsDialog(props: {
  bridge: Bridge;
  onClose: () => void;
  onOpen: (sessionId: string) => void;
  /** Opens an exported session: this file (web mode), or the desktop's picker when there is none. */
  onImport: (file: File | undefined) => void;
  /** The window has its own file picker; a browser page uses a file input. */
  canPick: boolean;
}) {
  const { bridge, onClose, onOpen, onImport, canPick } = props;
  const archiveInput = useRef<HTMLInputElement>(null);
  const [list, setList] = useState<SessionList | undefined>();
  const [loadProblem, setLoadProblem] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  /** What the panel is doing now, in words; undefined when it waits for the person. */
  const [working, setWorking] = useState<string | undefined>();
  const busy = working !== undefined;
  const [confirming, setConfirming] = useState<string | undefined>();
  const [problem, setProblem] = useState<{ id: string; text: string } | undefined>();
  const [notice, setNotice] = useState('');
  const now = useNow(60_000);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    bridge.invoke('sessions:list', undefined, { signal: controller.signal }).then(
      (next) => {
        setList(next);
        setLoadProblem(undefined);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadProblem(reasonOf(error));
      },
    );
    return () => controller.abort();
  }, [bridge, generation]);

  const reload = () => {
    setLoadProblem(undefined);
    setGeneration((value) => value + 1);
  };

  /** Runs one call at a time; a failure is shown where it happened (`where`: a row id, or "new"). */
  const run = async (where: string, doing: string, call: () => Promise<void>) => {
    if (busy) return;
    setWorking(doing);
    setProblem(undefined);
    try {
      await call();
    } catch (error) {
      setProblem({ id: where, text: `That did not work (${reasonOf(error)}). You can try again.` });
    } finally {
      setWorking(undefined);
    }
  };

  const onAction = (id: string, action: RowAction) => {
    if (action === 'open') {
      if (!busy) onOpen(id);
      return;
    }
    void run(id, WORKING[action], async () => {
      if (action === 'resume') {
        // The resumed session arrives as a push, as every change does.
        await bridge.invoke('sessions:resume', { id });
        onClose();
        return;
      }
      if (action === 'export') {
        const { fileName, archive } = await bridge.invoke('sessions:export', { id });
        saveBytesFile(fileName, Uint8Array.from(atob(archive), (char) => char.charCodeAt(0)), 'application/gzip');
        setNotice(`The session was saved as ${fileName}.`);
        return;
      }
      if (action === 'summary') {
        const { fileName, markdown } = await bridge.invoke('sessions:summary', { id });
        saveTextFile(fileName, markdown, 'text/markdown');
        setNotice(`The summary was saved as ${fileName}.`);
        return;
      }
      await bridge.invoke('sessions:delete', { id });
      setConfirming(undefined);
      setNotice('The session was deleted.');
      reload();
      // Its row is gone, and focus with it: the panel's title is the calm place to land.
      title.current?.focus();
    });
  };

  const startNew = () =>
    void run('new', 'Starting a new session…', async () => {
      await bridge.invoke('session:new');
      onClose();
    });

  return (
    <Modal titleId="sessions-title" className="dialog-sessions" busy={busy} testId="sessions-dialog" onEscape={onClose}>
      <div className="sessions-head">
        <h2 id="sessions-title" className="dialog-title" ref={title} tabIndex={-1}>
          Sessions
        </h2>
        <button type="button" className="quiet-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="dialog-hint">Every session is kept. Pick one up again, look back through it, or start fresh.</p>
      <div className="sessions-new">
        <button type="button" className="primary" onClick={startNew}>
          New session
        </button>
        <button type="button" className="quiet" onClick={() => (canPick ? onImport(undefined) : archiveInput.current?.click())}>
          Open a session file…
        </button>
        <input
          ref={archiveInput}
          type="file"
          accept=".gz,application/gzip"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="session-file-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) onImport(file);
            event.currentTarget.value = '';
          }}
        />
        {problem?.id === 'new' ? (
          <p className="session-problem" role="alert">
            {problem.text}
          </p>
        ) : null}
      </div>
      <WorkStatus working={working} notice={notice} className="sessions-working" />
      {loadProblem ? (
        <div className="session-problem" role="alert">
          <p>The list of sessions could not be loaded ({loadProblem}).</p>
          <button type="button" className="quiet" onClick={reload}>
            Try again
          </button>
        </div>
      ) : !list ? (
        <p className="empty">Looking for your sessions…</p>
      ) : list.sessions.length === 0 ? (
        <p className="empty">No sessions are logged yet.</p>
      ) : (
        <ul className="session-list" aria-labelledby="sessions-title">
          {list.sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              now={now}
              confirming={confirming === session.id}
              problem={problem?.id === session.id ? problem.text : undefined}
              onAction={(action) => onAction(session.id, action)}
              onConfirm={(ask) => setConfirming(ask ? session.id : undefined)}
            />
          ))}
        </ul>
      )}
      {list && list.unreadable.length > 0 ? (
        <div className="sessions-footnote" data-testid="sessions-unreadable">
          <p>
            {list.unreadable.length === 1 ? 'One folder' : `${list.unreadable.length} folders`} could not be read. They are
            left as they are on disk:
          </p>
          <ul>
            {list.unreadable.map((folder) => (
              <li key={folder.id}>
                <code>{folder.id}</code>: {folder.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
