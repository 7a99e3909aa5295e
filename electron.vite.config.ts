import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // Two entries share the core: the Electron main process and `npm run web`; the detector's and the HEIC
        // decoder's worker threads are two more, loaded by file name (src/main/detection/detector.ts, photos/heic.ts).
        input: {
          index: resolve('src/main/index.ts'),
          web: resolve('src/main/web.ts'),
          'detection-worker': resolve('src/main/detection/worker.ts'),
          'heic-worker': resolve('src/main/photos/heic-worker.ts'),
        },
        // The workers are ES modules that a packaged app starts from outside the archive (app.asar.unpacked), where
        // no package.json says "type": "module": .mjs says it itself.
        output: { entryFileNames: (chunk) => (chunk.name.endsWith('-worker') ? '[name].mjs' : '[name].js') },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only `electron`: bundle everything else into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [react()],
  },
});
