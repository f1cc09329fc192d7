import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// One port for dev and preview so scripts and Playwright agree; PORT overrides it.
const port = Number(process.env.PORT ?? 5173);

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    react(),
    // Offline after the first visit (a classroom's Wi-Fi fails): Workbox precaches
    // the built page, the core's wasm, the presets and the lessons. 'prompt':
    // a new version waits until the person chooses to reload (app/UpdateNotice).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,mjs,css,html,wasm,json,svg,png}'],
        // Room for the core's wasm (1.3 MB now) to grow past Workbox's 2 MB default.
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // Workers import the Emscripten ES module, so they must be ES modules too.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The bundler's timing report is advice for plugin authors: on a busy
    // machine it fires at every build and says nothing about the page.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
});
