import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Dev server, production build and the `web` Vitest project in one file.
 * Screens are lazy routes, so /login loads only the shell and its own chunk.
 */
const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a `.br` and a `.gz` beside every text asset of the build (at the highest levels: it is done
 * once per build), which the server sends with `Content-Encoding` to browsers that accept them.
 */
function precompress(): Plugin {
  return {
    name: 'copydesk-precompress',
    apply: 'build',
    // After the files are written: Vite still rewrites chunks (preload helpers) in generateBundle.
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(fileName))
          .map(async (fileName) => {
            const file = path.join(dir, fileName);
            const source = await readFile(file);
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              gzip(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

// A build is always a production build, whatever NODE_ENV the shell has: under
// NODE_ENV=development Vite would bundle React's development build (≈ 860 KB for /login).
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

export default defineConfig({
  plugins: [react(), precompress()],
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
  mode: process.argv.includes('build') ? 'production' : undefined,
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
