import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's styles are imported per component (mantine.dev/styles/css-files-list): mantine-base.css
 * holds the global ones and those of the components others are built on; every other component's
 * sheet is imported by each file that draws the component. A sheet left out shows the component
 * unstyled, which no screen test sees (they run without CSS): this one does.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sheets = path.resolve(src, '../../../node_modules/@mantine/core/styles');

/** Components with no sheet of their own (or more than their own), and what they are drawn with. */
const BUILT_ON: Record<string, string[]> = {
  Autocomplete: ['Combobox'],
  MultiSelect: ['Combobox', 'Pill', 'PillsInput'],
  NativeSelect: ['Combobox'],
  OptionsDropdown: ['Combobox'],
  Select: ['Combobox'],
};

/** The core components the other Mantine packages draw, by what the app imports from them. */
const OTHER_PACKAGES: Record<string, Record<string, string[]>> = {
  '@mantine/notifications': { Notifications: ['Notification'] },
  '@mantine/charts': { BarChart: ['ColorSwatch', 'Tooltip'] },
  '@mantine/dropzone': { Dropzone: ['LoadingOverlay'] },
};

const base = new Set(
  [...readFileSync(path.join(src, 'app/mantine-base.css'), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((m) => m[1]),
);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

/** The values (not types) a file imports by name from `module`. */
function importedNames(code: string, module: string): string[] {
  const from = new RegExp(`import \\{([^}]*)\\} from '${module.replace('/', '\\/')}';`, 'g');
  return [...code.matchAll(from)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!),
  );
}

/** The Mantine core sheets a file needs, beyond mantine-base.css. */
function neededSheets(code: string): string[] {
  const needed = new Set<string>();
  for (const name of importedNames(code, '@mantine/core')) {
    if (existsSync(path.join(sheets, `${name}.css`))) needed.add(name);
    for (const sheet of BUILT_ON[name] ?? []) needed.add(sheet);
  }
  for (const [module, draws] of Object.entries(OTHER_PACKAGES)) {
    for (const name of importedNames(code, module)) for (const sheet of draws[name] ?? []) needed.add(sheet);
  }
  return [...needed].filter((sheet) => !base.has(sheet)).sort();
}

const importedSheets = (code: string) => [...code.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((m) => m[1]!);

describe("Mantine's styles, per component", () => {
  it('has the global styles in mantine-base.css', () => {
    for (const sheet of ['baseline', 'default-css-variables', 'global']) expect(base).toContain(sheet);
  });

  it('imports the sheet of every Mantine component a file draws, unless mantine-base.css has it', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = readFileSync(file, 'utf8');
      const imported = new Set(importedSheets(code));
      const lacking = neededSheets(code).filter((sheet) => !imported.has(sheet));
      if (lacking.length) missing.push(`${path.relative(src, file)}: ${lacking.map((sheet) => `@mantine/core/styles/${sheet}.css`).join(', ')}`);
    }
    expect(missing).toEqual([]);
  });

  it('imports only sheets that exist', () => {
    const unknown = sourceFiles(src).flatMap((file) =>
      importedSheets(readFileSync(file, 'utf8'))
        .filter((sheet) => !existsSync(path.join(sheets, `${sheet}.css`)))
        .map((sheet) => `${path.relative(src, file)}: ${sheet}`),
    );
    expect(unknown).toEqual([]);
  });
});
