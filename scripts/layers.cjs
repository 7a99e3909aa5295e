// The layers of src/main, bottom to top (docs/architecture.md). Read by .dependency-cruiser.cjs, which enforces them
// in `npm run lint`, and by docs/architecture.test.ts, which checks that the page and the code still agree.
// Below them all is the contract (src/shared); beside the adapters are src/preload and src/renderer.
module.exports = {
  foundations: [
    'effects', 'log', 'files', 'config', 'questions', 'templates', 'session', 'photos', 'detection', 'agent',
    'session-log', 'carry-over', 'model', 'model-probe', 'phone',
  ],
  coaches: ['coach', 'guided', 'sprints', 'coach-runtime'],
  sessions: ['replay', 'sessions', 'settings', 'exit-plan', 'reminders', 'data-lock', 'rooms', 'core'],
  adapters: ['ipc', 'web', 'electron', 'eval'],
};
