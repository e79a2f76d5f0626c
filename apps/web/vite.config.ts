import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Dev server, production build and the `web` Vitest project in one file.
 * Screens are lazy routes, so /login loads only the shell and its own chunk.
 */
const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads (used to check the /login budget).
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Typing through whole forms in jsdom is slow when every file runs in parallel.
    testTimeout: 20_000,
  },
});
