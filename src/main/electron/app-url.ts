/** The renderer is served from app://tidying/ in production, never from file:// (which would let it read any file). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'tidying';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Whether a URL is the app's own: under app://tidying/, or in development on electron-vite's dev server. The dev
 * server is compared by origin: a prefix would let `http://localhost:5173.example.com/` through.
 */
export function appUrlCheck(devServerUrl: string | undefined): (url: string) => boolean {
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : undefined;
  return (url) => {
    if (url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`)) return true;
    if (!devOrigin || !URL.canParse(url)) return false;
    return new URL(url).origin === devOrigin;
  };
}
