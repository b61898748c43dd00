/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The Kasa server that /api, /media and /hub are proxied to (dev server and preview).
const server = process.env.KASA_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    fs: { allow: ['..'] },
    proxy: {
      '/api': server,
      '/media': server,
      '/hub': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks a page loads at once (read by the size budget).
    manifest: true,
    rolldownOptions: {
      output: {
        // React, its DOM renderer and the router change less often than the app: one long-cached
        // chunk. Everything else is split where it is imported, so code that loads on demand
        // (routes, dialogs, the hub client) brings its libraries with it.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // The libraries every page needs from the start (texts, server state, schemas): one
            // chunk compresses better than the many small pieces they would otherwise be split in.
            {
              name: 'core',
              test: /node_modules[\\/](i18next|react-i18next|use-sync-external-store|@tanstack|zod)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
