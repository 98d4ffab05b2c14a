import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': src },
    // Use the contract package's TypeScript source directly (see its package.json).
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/config.json': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    rollupOptions: {
      // Two pages: the web app, and the demo subsystem (`/demo-subsystem.html`), a page of
      // its own that shares nothing with the app's first screens.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'demo-subsystem': fileURLToPath(new URL('./demo-subsystem.html', import.meta.url)),
      },
    },
  },
});
