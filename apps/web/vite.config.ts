import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { keepPreviousAssets } from './build/kept-assets.ts';
import { signedInChunk } from './build/first-load-chunks.ts';

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

/**
 * The build does not empty dist/assets: the files of the previous builds stay for open tabs (policy
 * and reasons in build/kept-assets.ts); this removes those past the policy once the new build is written.
 */
function keepPreviousBuildAssets(): Plugin {
  return {
    name: 'copydesk-keep-previous-build-assets',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        const current = Object.keys(bundle).filter((fileName) => fileName.startsWith('assets/'));
        const { kept, removed } = await keepPreviousAssets(options.dir!, current);
        this.info(`kept ${kept} files of previous builds in assets/, removed ${removed}`);
      },
    },
  };
}

/**
 * Mantine's styles are imported per component (mantine.dev/styles/css-files-list), each by the
 * file that draws the component, so a chunk carries the styles of exactly the components it
 * renders. The global styles and those of the components others are built on are one sheet,
 * src/app/mantine-base.css, linked by index.html so that it opens the entry's stylesheet and every
 * component's styles come after it, as in Mantine's full sheet. A chunk the entry shares with a
 * screen is linked before the entry's stylesheet: if it carried component styles, they would come
 * before the sheet they build on, so the build stops.
 */
function baseStylesheetFirst(): Plugin {
  return {
    name: 'copydesk-base-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
        const entryCss = entry?.type === 'chunk' ? [...(entry.viteMetadata?.importedCss ?? [])][0] : undefined;
        const firstSheet = /<link rel="stylesheet"[^>]*href="\/([^"]+)"/.exec(html)?.[1];
        if (firstSheet !== entryCss) {
          throw new Error(
            `index.html links ${firstSheet} before the entry's stylesheet ${entryCss} (mantine-base.css): ` +
              'add the Mantine component styles it holds to src/app/mantine-base.css.',
          );
        }
      },
    },
  };
}

/**
 * The phone field's country flags as images the app serves itself (the package would fetch them from
 * an external site; bundled as components they are a 51 KB module). The build copies the 3x2 SVGs of
 * `country-flag-icons` (the set react-phone-number-input draws) to assets/flags-<version>/, cached for
 * good like every other asset: a new version is a new folder. `__COUNTRY_FLAG_URL__` is the
 * package's `flagUrl` template; the dev server reads the files where npm put them.
 */
function countryFlagImages(): Plugin {
  const requireFromPhoneInput = createRequire(createRequire(import.meta.url).resolve('react-phone-number-input'));
  const packageDir = path.dirname(requireFromPhoneInput.resolve('country-flag-icons'));
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const flagsDir = path.join(packageDir, '3x2');
  const outDir = `assets/flags-${version}`;
  return {
    name: 'copydesk-country-flag-images',
    config: (_config, { command }) => ({
      define: {
        __COUNTRY_FLAG_URL__: JSON.stringify(command === 'build' ? `/${outDir}/{XX}.svg` : `/@fs${flagsDir}/{XX}.svg`),
      },
    }),
    generateBundle() {
      for (const file of readdirSync(flagsDir).filter((name) => /^[A-Z]{2}\.svg$/.test(name))) {
        this.emitFile({ type: 'asset', fileName: `${outDir}/${file}`, source: readFileSync(path.join(flagsDir, file)) });
      }
    },
  };
}

/**
 * Mantine's ScrollArea (drawn by every Table) imports `useMergeRefs` from `@floating-ui/react`, and
 * with it floating-ui's whole React layer, which the signed-in screens load only when something
 * floats (src/components/ui/floating.ts). Its one import resolves to build/scroll-area-merge-refs.ts.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  const mergeRefs = decodeURIComponent(new URL('./build/scroll-area-merge-refs.ts', import.meta.url).pathname);
  return {
    name: 'copydesk-scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && scrollArea.test(importer)) return mergeRefs;
      return null;
    },
  };
}

// A build is always a production build, whatever NODE_ENV the shell has: under
// NODE_ENV=development Vite would bundle React's development build (≈ 860 KB for /login).
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

/**
 * Mantine's core and the components the sign-in screen draws (with the hooks they use), which nearly every screen
 * draws too, as one chunk (with the pieces every form and toast needs). Split by where they are used, they were some thirty files of 0.5–3 KB each
 * for /login, each carrying some 450 bytes of response headers; as one they are 34 KB (brotli) in one
 * response. Their styles are in src/app/mantine-base.css, so the chunk carries none.
 */
const UI_PRIMITIVES = new RegExp(
  // Beside them, what every toast uses: the app's toasts, the toast store, the base of every icon,
  // and TanStack Query's mutation hook (each was a file of its own under 6 KB; Mantine's form state
  // is the FORMS chunk below); and what both the sign-in page and the signed-in frame load
  // (sign-out, the browser's location, the shared constants with the messages they name), which
  // were four more files of under 1 KB each for /login; and the return-path check, which the route
  // guard runs on every screen (in the sign-in chunk, it made every signed-in screen load that chunk).
  // Mantine's hooks and its utilities are not listed: the components here take along the ones they
  // use, while the whole packages added 5.6 KB (brotli) of hooks and positioning code to /login that
  // only other screens run.
  String.raw`[\/]src[\/]lib[\/](notify|browser)\.ts$|[\/]src[\/]features[\/]auth[\/](api[\/]logout|lib[\/]return-path)\.ts$|[\/]packages[\/]shared[\/]src[\/]constants\.ts$|` +
    String.raw`[\/]node_modules[\/](@mantine[\/]notifications[\/]esm[\/]notifications\.store|@tabler[\/]icons-react[\/]dist[\/]esm[\/](createReactComponent|defaultAttributes)|@tanstack[\/](react-query[\/]build[\/]modern[\/]useMutation|query-core[\/]build[\/]modern[\/]mutationObserver))|` +
    String.raw`[\/]node_modules[\/]@mantine[\/](core[\/]esm[\/]core[\/]|core[\/]esm[\/]components[\/](` +
    [
      'ActionIcon',
      'Anchor',
      'Box',
      'Button',
      'Center',
      'Checkbox',
      'CloseButton',
      'Divider',
      'FocusTrap',
      'Group',
      'Input',
      'InputBase',
      'Loader',
      'Overlay',
      'Paper',
      'PasswordInput',
      'Portal',
      'Stack',
      'Text',
      'TextInput',
      'ThemeIcon',
      'Title',
      'Transition',
      'UnstyledButton',
      'VisuallyHidden',
    ].join('|') +
    String.raw`)[\/])`,
);

/**
 * Mantine's form state and the app's form helpers (lib/form.ts), which every form uses and the
 * screens people land on after signing in (dashboard, orders, a content view) do not draw: in
 * ui-primitives they were 5.6 KB (brotli) of each of those first loads; here one file that /login
 * and the forms load (docs/decisions/0045-first-load-budgets.md).
 */
const FORMS = /[\\/]node_modules[\\/]@mantine[\\/]form[\\/]|[\\/]src[\\/]lib[\\/]form\.ts$/;

/**
 * The sign-in screens' layout with the brand and the two icons it draws, and the Google button, as
 * one file instead of six of a few hundred bytes each, every one with its headers. (A group takes its modules'
 * dependencies along: only pieces whose own imports are in ui-primitives belong here.)
 */
const SIGN_IN = new RegExp(
  String.raw`[\/]src[\/]components[\/]layouts[\/]auth-layout\.tsx$|[\/]src[\/]features[\/]auth[\/](components[\/]google-button\.tsx|api[\/]get-google-login\.ts)$|[\/]@tabler[\/]icons-react[\/]dist[\/]esm[\/]icons[\/]Icon(ArrowLeft|FileText)\.mjs$`,
);

const signedIn = signedInChunk();

export default defineConfig({
  plugins: [react(), scrollAreaWithoutFloatingUi(), baseStylesheetFirst(), countryFlagImages(), precompress(), keepPreviousBuildAssets(), signedIn.plugin],
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
    // Not emptied: keepPreviousBuildAssets() keeps the previous builds' assets and removes the rest.
    emptyOutDir: false,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads (used to check the /login budget).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Taken in priority order. The entry's own modules (what it imports statically, `$initial`)
          // are a group before the signed-in one, so that group cannot take any of them along as a
          // dependency (it would make the entry load it); it stays the entry chunk.
          groups: [
            { name: 'ui-primitives', test: UI_PRIMITIVES, priority: 5 },
            { name: 'forms', test: FORMS, priority: 4 },
            { name: 'sign-in', test: SIGN_IN, priority: 3 },
            { name: 'shell', tags: ['$initial'], test: (id) => !/\.css($|\?)/.test(id), priority: 2 },
            { ...signedIn.group, priority: 1 },
          ],
        },
      },
      // @copydesk/shared is one barrel of plain constants and Zod schemas, none with side effects:
      // a screen gets the schemas it uses, not every domain's.
      treeshake: {
        moduleSideEffects: [{ test: /packages\/shared\/src\//, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
  // What the component tests share. Which files run, and which of them get a module registry of
  // their own, is said by the two projects that extend this file in the root vitest.config.ts
  // (`web` and `web-isolated`).
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A hang guard, not a speed check. Typing through whole forms in jsdom is slow when every file
    // runs in parallel, and the first tests of each worker also load and transform the app's modules
    // (the files share them, vitest.config.ts): on a two-core machine others were using, a few of
    // those first order-form tests took just over 20 s.
    testTimeout: 30_000,
  },
});
