/**
 * The app's id: `appId` in electron-builder.yml, and the AppUserModelID Windows shows the app's notifications under
 * (packaging/config.test.ts checks the two agree).
 */
export const APP_ID = 'app.tidying.desktop';
