import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../shared/ipc/contract';
import type { SettingsPatch, SettingsView } from '../../../shared/settings/schema';
import { SPRINT_MINUTES } from '../../../shared/sprints/sprint';
import type { Bridge } from '../bridge';
import { applyTheme } from '../settings/theme';
import { Modal } from './Modal';
import { ModelSettings } from './ModelSettings';

const IMAGE_SIZES = [
  { side: 768, label: 'Less', hint: '768 px: fewer tokens' },
  { side: 1024, label: 'Standard', hint: '1024 px' },
  { side: 1536, label: 'More', hint: '1536 px: finer detail, more tokens' },
] as const;

/** Settings: the coach for new sessions, the model, detection in photos, the theme, photo detail, the data folder. */
export function SettingsDialog(props: {
  bridge: Bridge;
  /** The window can pick folders; a browser page cannot. */
  runtime: AppInfo['runtime'] | undefined;
  onChange: (view: SettingsView) => void;
  onClose: () => void;
}) {
  const { bridge, runtime, onChange, onClose } = props;
  const [view, setView] = useState<SettingsView | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [nextDataDir, setNextDataDir] = useState<string | undefined>();
  const chooseDataDir = async () => {
    try {
      const { nextStart } = await bridge.invoke('settings:chooseDataDir');
      if (nextStart) setNextDataDir(nextStart);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  useEffect(() => {
    const controller = new AbortController();
    bridge.invoke('settings:get', undefined, { signal: controller.signal }).then(setView, (error: Error) => {
      if (!controller.signal.aborted) setProblem(error.message);
    });
    return () => controller.abort();
  }, [bridge]);

  const change = async (patch: SettingsPatch) => {
    setProblem(undefined);
    const before = view;
    // Shown at once; put back if main refuses it.
    if (before) {
      // Merged as main merges it: a model patch changes only the fields it names.
      const settings = { ...before.settings, ...patch, ...(patch.model ? { model: { ...before.settings.model, ...patch.model } } : {}) };
      setView({ ...before, settings, effectiveCoach: patch.coach ?? before.effectiveCoach });
      if (patch.theme) applyTheme(document.documentElement, patch.theme);
    }
    try {
      const next = await bridge.invoke('settings:set', patch);
      setView(next);
      applyTheme(document.documentElement, next.settings.theme);
      onChange(next);
    } catch (error) {
      setProblem((error as Error).message);
      if (before) {
        setView(before);
        applyTheme(document.documentElement, before.settings.theme);
      }
    }
  };

  const coach = view?.effectiveCoach;
  return (
    <Modal titleId="settings-title" className="settings-dialog" onEscape={onClose} testId="settings-dialog">
      <div className="settings-head">
        <h2 id="settings-title">Settings</h2>
        <button type="button" className="quiet-button" onClick={onClose}>
          Close
        </button>
      </div>
      {view ? (
        <>
          <fieldset className="settings-group">
            <legend>Coach for new sessions</legend>
            <label className="settings-option">
              <input type="radio" name="coach" checked={coach === 'guided'} onChange={() => void change({ coach: 'guided' })} />
              <span>
                Guided <span className="settings-hint">works offline: short questions and cards</span>
              </span>
            </label>
            <label className="settings-option">
              <input
                type="radio"
                name="coach"
                checked={coach === 'conversational'}
                disabled={!view.modelConfigured || !view.model.tools}
                onChange={() => void change({ coach: 'conversational' })}
              />
              <span>
                Conversational{' '}
                <span className="settings-hint">
                  {!view.modelConfigured
                    ? 'needs a model: set one up first'
                    : view.model.tools
                      ? 'talks it through with the model'
                      : 'needs a model that takes tool calls; this one does not, so the guided coach leads and the model words it'}
                </span>
              </span>
            </label>
            <p className="settings-hint">A change applies from your next session.</p>
          </fieldset>
          <ModelSettings
            bridge={bridge}
            view={view}
            change={change}
            onSaved={(next) => {
              setView(next);
              onChange(next);
            }}
          />
          <fieldset className="settings-group">
            <legend>Finding things in photos</legend>
            <label className="settings-option">
              <input
                type="checkbox"
                checked={view.detector.available && view.settings.detection !== false}
                disabled={!view.detector.available}
                onChange={(event) => void change({ detection: event.currentTarget.checked })}
              />
              <span>
                Look for things in your photos <span className="settings-hint">cups, bottles, books and more, so the coach can name them</span>
              </span>
            </label>
            <p className="settings-hint">
              {view.detector.available
                ? 'It runs on this computer, with no model and no network: what it looks at stays here. It knows about 80 kinds of everyday things; papers, cables, clothes and boxes it cannot name, so the coach asks you about those.'
                : `Not available here: ${view.detector.reason ?? 'the detector is missing'}`}
            </p>
          </fieldset>
          <fieldset className="settings-group">
            <legend>Sprints</legend>
            <label className="settings-option settings-range">
              <span>
                Sprint length <span className="settings-hint">{view.settings.sprintMinutes ?? SPRINT_MINUTES.default} minutes</span>
              </span>
              <input
                type="range"
                min={SPRINT_MINUTES.min}
                max={SPRINT_MINUTES.max}
                step={5}
                value={view.settings.sprintMinutes ?? SPRINT_MINUTES.default}
                aria-valuetext={`${view.settings.sprintMinutes ?? SPRINT_MINUTES.default} minutes`}
                onChange={(event) => void change({ sprintMinutes: Number(event.currentTarget.value) })}
              />
            </label>
            <p className="settings-hint">
              When a sprint’s time is up the coach finishes the thing in hand, then asks how your energy is: keep going, a short break, or wind down. For
              sessions started from now on.
            </p>
          </fieldset>
          <fieldset className="settings-group">
            <legend>Theme</legend>
            {(['dark', 'light'] as const).map((theme) => (
              <label key={theme} className="settings-option">
                <input type="radio" name="theme" checked={view.settings.theme === theme} onChange={() => void change({ theme })} />
                <span>{theme === 'dark' ? 'Dark' : 'Light'}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="settings-group">
            <legend>Photo detail the model sees</legend>
            {IMAGE_SIZES.map(({ side, label, hint }) => (
              <label key={side} className="settings-option">
                <input
                  type="radio"
                  name="image-size"
                  checked={(view.settings.imageLongSide ?? 1024) === side}
                  onChange={() => void change({ imageLongSide: side })}
                />
                <span>
                  {label} <span className="settings-hint">{hint}</span>
                </span>
              </label>
            ))}
            <p className="settings-hint">For photos added from now on.</p>
          </fieldset>
          <div className="settings-group">
            <h3>Data folder</h3>
            <p data-testid="settings-data-dir">
              <code>{view.dataDir}</code>
            </p>
            {runtime === 'electron' ? (
              <>
                <button type="button" className="quiet-button" onClick={() => void chooseDataDir()}>
                  Choose another folder…
                </button>
                {nextDataDir ? <p className="settings-ok">Tidying will use {nextDataDir} from its next start.</p> : null}
              </>
            ) : (
              <p className="settings-hint">Sessions and their photos are kept here. Choose another with --data-dir or TIDY_DATA_DIR when starting Tidying.</p>
            )}
          </div>
          <fieldset className="settings-group">
            <legend>For developers</legend>
            <label className="settings-option">
              <input
                type="checkbox"
                checked={view.settings.debugPanel === true}
                onChange={(event) => void change({ debugPanel: event.currentTarget.checked })}
              />
              <span>
                Show the debug panel <span className="settings-hint">the live state and the session log</span>
              </span>
            </label>
          </fieldset>
        </>
      ) : (
        <p className="settings-hint">Loading…</p>
      )}
      {problem ? (
        <p className="dialog-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}
