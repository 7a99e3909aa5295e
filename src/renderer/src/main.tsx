import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectBridge } from './bridge';
import { PhotoIntake } from './photos/intake';
import { CoachActivityStore } from './session/activity';
import { AppClock, AppClockContext } from './session/app-clock';
import { SessionMirror } from './session/mirror';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
const setup = connectBridge();

if ('bridge' in setup) {
  // One mirror, one activity store, one photo intake and one app clock for the page's life, created outside React so
  // StrictMode cannot duplicate them.
  const mirror = new SessionMirror(setup.bridge);
  const activity = new CoachActivityStore(setup.bridge);
  const intake = new PhotoIntake(setup.bridge, setup.photos);
  const clock = new AppClock(setup.bridge);
  root.render(
    <StrictMode>
      <AppClockContext.Provider value={clock}>
        <App bridge={setup.bridge} mirror={mirror} activity={activity} intake={intake} />
      </AppClockContext.Provider>
    </StrictMode>,
  );
} else {
  root.render(
    <main className="standalone-message">
      <h1>Tidying</h1>
      <p>
        This page needs the link that <code>npm run web</code> printed: it carries a one-time key that keeps other
        sites on this computer out of your sessions. Open that link, or restart <code>npm run web</code> for a new one.
      </p>
    </main>,
  );
}
