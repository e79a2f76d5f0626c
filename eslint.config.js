// `npm run lint`: the rules that keep the layout in order (docs/style.md), beside typescript-eslint's
// recommended set. Formatting is Prettier's (`.prettierrc.json`), checked by the same script.
//   - no import cycles (import-x/no-cycle, through the TypeScript resolver);
//   - a web feature never imports another feature: screens in app/routes compose them; lib/ and
//     components/ never import a feature or app/;
//   - only repositories (and db/, lib/'s query helpers) import Drizzle on the server;
//   - files and folders are kebab-case.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const onlyRepositories = 'Only repositories (and db/) talk to Drizzle: move the query into a *.repository.ts.';

// The web's folders depend downward only: app/ (routes, providers) composes features/, which build
// on components/ and lib/; those two never reach up into a feature or the app (their tests get the
// app's providers from src/test).
const webSrc = './apps/web/src';
const webLayerZones = ['lib', 'components'].map((folder) => ({
  target: `${webSrc}/${folder}`,
  from: [`${webSrc}/features`, `${webSrc}/app`],
  message: `apps/web/src/${folder} sits below features/ and app/: move what it needs down into lib/ or components/ instead of importing upward.`,
}));

// The server's folders in layers, bottom first (docs/decisions/0028-server-layering.md). A folder
// imports only from layers below its own, never from one beside or above it, so the folders form
// a directed acyclic graph. app.ts composes everything; server.ts starts it.
const serverSrc = './apps/server/src';
const SERVER_LAYERS = [
  ['paths.ts', 'worker-entry.ts'],
  ['config.ts'],
  ['db'],
  ['lib'],
  ['plugins', 'seed'],
  ['modules/catalog', 'modules/coupons', 'modules/dashboard', 'modules/geo', 'modules/health', 'modules/mail'],
  ['modules/users'],
  ['modules/auth'],
  ['modules/social', 'modules/user-management', 'modules/api-keys'],
  ['modules/webhooks'],
  ['modules/billing'],
  ['modules/orders'],
  ['modules/content'],
  ['modules/invoices', 'modules/messages', 'modules/offers', 'modules/mcp'],
  ['app.ts', 'start-banner.ts'],
  ['server.ts'],
];
const layered = new Set(SERVER_LAYERS.flat());
const unplaced = [
  ...readdirSync(new URL('./apps/server/src/modules', import.meta.url)).map((name) => `modules/${name}`),
  ...readdirSync(new URL('./apps/server/src', import.meta.url)).filter(
    (name) => name !== 'modules' && name !== 'test' && !/\.test\.ts$/.test(name) && !name.endsWith('.d.ts'),
  ),
].filter((name) => !layered.has(name));
if (unplaced.length) throw new Error(`eslint.config.js: place ${unplaced.join(', ')} in SERVER_LAYERS (a layer below whatever it imports)`);
const serverLayerZones = SERVER_LAYERS.flatMap((layer, index) =>
  layer.flatMap((target) =>
    SERVER_LAYERS.slice(index)
      .flat()
      .filter((from) => from !== target)
      .map((from) => ({
        target: `${serverSrc}/${target}`,
        from: `${serverSrc}/${from}`,
        message: `apps/server/src/${target} sits below or beside ${from} (SERVER_LAYERS in eslint.config.js): depend downward only.`,
      })),
  ),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.cache/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // The cycle rule reads each imported file: with these it parses TypeScript ones too.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': ['error', { '**/*.{js,cjs,mjs,ts,tsx,css}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,scripts}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in app/routes.',
            })),
            ...webLayerZones,
          ],
        },
      ],
    },
  },
  {
    // The endpoint table holds every contract's zod schemas: a screen that imported it would carry
    // zod and them. The web calls by name (`call('getCoupon')`), reading only `routes` at run time
    // and the table's types. Selects are the app's own (components/ui/select.tsx), with the full
    // keyboard of the WAI-ARIA combobox pattern. Tooltips and menus are the app's too
    // (components/ui/tooltip.tsx, menu.tsx): they load the floating layer on the first gesture
    // (components/ui/floating.ts), which floating-parts.ts alone imports.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/components/ui/floating-parts.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Select'],
              message: "Use the app's Select (@/components/ui/select): Mantine's opens and picks with Enter, Space and Tab only in part.",
            },
            {
              name: '@mantine/core',
              importNames: ['Tooltip', 'Menu'],
              message:
                "Use the app's Tooltip or Menu (@/components/ui/tooltip, @/components/ui/menu): Mantine's bring floating-ui into the screen's first load (components/ui/floating.ts).",
            },
          ],
          patterns: [
            {
              group: ['@copydesk/shared'],
              importNamePattern: '^(endpoints|\\w+Endpoints)$',
              message: "Call by name (call('getCoupon', …)): the endpoint table would bring zod and every schema into the screen's chunk.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/seed/**',
      'apps/server/src/lib/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm', message: onlyRepositories }], patterns: [{ group: ['drizzle-orm/*'], message: onlyRepositories }] },
      ],
    },
  },
  {
    // Folder-level direction on the server (SERVER_LAYERS above). Tests compose the whole app and are exempt.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/test/**', 'apps/server/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverLayerZones }] },
  },
);
