import type { Plugin } from 'vite';

/**
 * The modules the signed-in frame and the screens people land on (the dashboard, the order list, a
 * content view) draw at first paint and /login does not, as one chunk: split the way Rolldown splits
 * them by default, they were some forty files of 0.3–18 KB (each with about 450 bytes of response
 * headers) for each of those screens. docs/decisions/0045-first-load-budgets.md has the figures.
 *
 * The set comes from the module graph of the build itself, once every module is loaded (`buildEnd`,
 * before chunks are made): what the frame imports, statically and transitively, and what two of the
 * three screens both import, minus what the entry and the sign-in screen import (what one screen
 * alone imports stays in that screen's chunk). Dynamic imports are not followed, so what a screen loads
 * on demand stays on demand. A barrel module (`@mantine/core`, `@mantine/hooks`,
 * `@tabler/icons-react`, `@copydesk/shared`) imports every component, hook, icon or schema it
 * exports; following all of that would put every Mantine component and every schema of the app in
 * the chunk, so through a barrel only the names the importer names are followed.
 */
export const SIGNED_IN_SCREENS = [
  'src/app/routes/signed-in-frame.tsx',
  'src/app/routes/dashboard.tsx',
  'src/app/routes/order-list.tsx',
  'src/app/routes/content-view.tsx',
];
const SIGN_IN_SCREENS = ['src/main.tsx', 'src/app/routes/login.tsx'];

/**
 * The pages whose first load the build writes down (`first-load.json` in the build's root), with the
 * screens the router draws there (src/app/router.tsx): the server names their files in the page it
 * sends (`<link rel="modulepreload">`, apps/server/src/plugins/web-app.ts), so the browser fetches
 * them beside the entry instead of after it has run (docs/decisions/0047-first-load-named-in-the-page.md).
 * `*` stands for one path segment.
 */
export const FIRST_LOAD_PAGES = [
  { path: '/login', screens: ['src/app/routes/login.tsx'] },
  { path: '/dashboard', screens: ['src/app/routes/signed-in-frame.tsx', 'src/app/routes/dashboard.tsx'] },
  { path: '/order', screens: ['src/app/routes/signed-in-frame.tsx', 'src/app/routes/order-list.tsx'] },
  { path: '/content-view/*', screens: ['src/app/routes/signed-in-frame.tsx', 'src/app/routes/content-view.tsx'] },
];

/** One page of `first-load.json`: the scripts and stylesheets its screens load beyond the entry's. */
export type FirstLoadPage = { path: string; scripts: string[]; styles: string[] };

/** Barrels by the specifier the code imports them with. */
const BARRELS = ['@mantine/core', '@mantine/hooks', '@tabler/icons-react', '@copydesk/shared'];

type GraphInfo = { code: string | null; importedIds: readonly string[] };
type Graph = { ids: string[]; info: (id: string) => GraphInfo | null };

const NAMED_IMPORT = /(?:^|[;\s])import\s*(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const NAMED_EXPORT_FROM = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_EXPORT = /export\s*\*\s*from\s*["']([^"']+)["']/g;
const DECLARED_EXPORT = /export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/g;
const EXPORT_LIST = /export\s*\{([^}]*)\}(?!\s*from)/g;

/** `a, b as c, type d` → the names as seen from the outside (`a`, `c`), or the local names (`a`, `b`). */
function names(list: string, side: 'outer' | 'inner'): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [inner, outer] = part.split(/\s+as\s+/);
      return (side === 'outer' ? (outer ?? inner) : inner)!.trim();
    });
}

/** The module an import specifier of `from` resolved to, matched by its path among `from`'s imports. */
function resolvedImport(graph: Graph, from: string, specifier: string): string | undefined {
  let index = importIndexes.get(from);
  if (!index) {
    // Every tail of each imported path (`x`, `Menu/x`, `components/Menu/x`…) → the module: the barrels
    // import thousands of modules, so each one is looked up once, not searched for.
    index = new Map();
    for (const id of graph.info(from)?.importedIds ?? []) {
      const parts = id
        .replace(/\\/g, '/')
        .replace(/\.(m?js|tsx?)$/, '')
        .split('/');
      for (let i = parts.length - 1; i >= 0; i -= 1) index.set(parts.slice(i).join('/'), id);
    }
    importIndexes.set(from, index);
  }
  const tail = specifier.replace(/^(\.\.?\/)+/, '').replace(/\.(m?js|tsx?)$/, '');
  return index.get(tail);
}
const importIndexes = new Map<string, Map<string, string>>();

/** name → module of a barrel: `import {a} from './x'` + export, `export {a} from './x'`, `export * from './x'`. */
function barrelExports(graph: Graph, barrel: string, seen = new Set<string>()): Map<string, string> {
  const map = new Map<string, string>();
  if (seen.has(barrel)) return map;
  seen.add(barrel);
  const code = graph.info(barrel)?.code ?? '';
  for (const [, list, spec] of code.matchAll(NAMED_IMPORT)) {
    const target = resolvedImport(graph, barrel, spec!);
    if (target) for (const name of names(list!, 'outer')) map.set(name, target);
  }
  for (const [, list, spec] of code.matchAll(NAMED_EXPORT_FROM)) {
    const target = resolvedImport(graph, barrel, spec!);
    if (target) for (const name of names(list!, 'outer')) map.set(name, target);
  }
  for (const [, spec] of code.matchAll(STAR_EXPORT)) {
    const target = resolvedImport(graph, barrel, spec!);
    if (!target) continue;
    const targetCode = graph.info(target)?.code ?? '';
    for (const [, name] of targetCode.matchAll(DECLARED_EXPORT)) map.set(name!, target);
    for (const [, list] of targetCode.matchAll(EXPORT_LIST)) for (const name of names(list!, 'outer')) map.set(name, target);
    // A star export of a star export (the endpoint table's index): its names lead to the nested module.
    for (const [name, nested] of barrelExports(graph, target, seen)) if (!map.has(name)) map.set(name, nested);
  }
  return map;
}

/** Every module the given ones import, statically and transitively, following only the named imports through a barrel. */
function reached(graph: Graph, starts: string[], barrels: Map<string, { id: string; exports: Map<string, string> }>): Set<string> {
  const barrelIds = new Set([...barrels.values()].map((barrel) => barrel.id));
  const found = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    const info = graph.info(id);
    if (!info) continue;
    for (const dep of info.importedIds) if (!barrelIds.has(dep)) stack.push(dep);
    for (const [, list, spec] of (info.code ?? '').matchAll(NAMED_IMPORT)) {
      const barrel = barrels.get(spec!);
      if (!barrel || !info.importedIds.includes(barrel.id)) continue;
      for (const name of names(list!, 'inner')) {
        const target = barrel.exports.get(name);
        if (target) stack.push(target);
      }
    }
  }
  return found;
}

/**
 * The `signed-in` group of `output.codeSplitting.groups` and the plugin that fills it. The group
 * takes no stylesheet (a chunk's styles come in the order the chunks load; mantine-base.css must stay
 * first, see baseStylesheetFirst in vite.config.ts), and the plugin stops the build if the entry or
 * the sign-in screen came to import the chunk.
 */
export function signedInChunk(): { plugin: Plugin; group: { name: string; test: (id: string) => boolean } } {
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'copydesk-signed-in-chunk',
    apply: 'build',
    buildEnd() {
      importIndexes.clear();
      const ids = [...this.getModuleIds()];
      const graph: Graph = {
        ids,
        info: (id) => {
          const info = this.getModuleInfo(id);
          return info ? { code: info.code, importedIds: info.importedIds } : null;
        },
      };
      const byPath = (suffix: string) => {
        const id = ids.find((candidate) => candidate.endsWith(suffix));
        if (!id) throw new Error(`signed-in chunk: ${suffix} is not in the build`);
        return id;
      };
      const barrels = new Map<string, { id: string; exports: Map<string, string> }>();
      for (const specifier of BARRELS) {
        // The barrel is the module some importer resolved the bare specifier to: found through its code.
        for (const id of ids) {
          const info = graph.info(id);
          if (barrels.has(specifier)) break;
          if (!info?.code || !(info.code.includes(`"${specifier}"`) || info.code.includes(`'${specifier}'`))) continue;
          const target = resolvedBarrel(graph, id, specifier);
          if (target) barrels.set(specifier, { id: target, exports: barrelExports(graph, target) });
        }
      }
      const signIn = reached(graph, SIGN_IN_SCREENS.map(byPath), barrels);
      const [frame, ...screens] = SIGNED_IN_SCREENS.map((screen) => reached(graph, [byPath(screen)], barrels));
      // The frame's modules, and those two of the screens share; what one screen alone draws stays in its own chunk.
      const shared = new Set([...frame!]);
      for (const [i, screen] of screens.entries()) for (const id of screen) if (screens.some((other, j) => j !== i && other.has(id))) shared.add(id);
      members = new Set([...shared].filter((id) => !signIn.has(id) && !/\.css($|\?)/.test(id)));
    },
    generateBundle(_options, bundle) {
      floatingLayerOnDemand(this, bundle);
      this.emitFile({ type: 'asset', fileName: 'first-load.json', source: `${JSON.stringify(firstLoads(bundle), null, 2)}\n` });
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === 'signed-in');
      if (!chunk) return;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !(file.isEntry || /[\\/]src[\\/]app[\\/]routes[\\/]login\.tsx$/.test(file.facadeModuleId ?? ''))) continue;
        if (file.imports.includes(chunk.fileName)) {
          this.error(`${file.fileName} imports the signed-in chunk: a module /login loads was taken into it (build/first-load-chunks.ts)`);
        }
      }
    },
  };
  return { plugin, group: { name: 'signed-in', test: (id) => members.has(id) } };
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];
type OutputChunk = Extract<Bundle[string], { type: 'chunk' }>;

/**
 * Stops the build if the first load of /login or of a signed-in screen (its chunk and every chunk it
 * imports statically) would carry floating-ui: what floats loads on the first gesture
 * (src/components/ui/floating.ts; docs/decisions/0046-floating-layer-on-demand.md), and one direct
 * import of Mantine's Tooltip, Menu, Popover or Combobox, or of a component built on them, in a
 * screen or the frame would bring some 25 KB back.
 */
function floatingLayerOnDemand(context: { error: (message: string) => never }, bundle: Bundle) {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  for (const screen of [...SIGN_IN_SCREENS, ...SIGNED_IN_SCREENS]) {
    const start = chunkHolding(chunks, screen);
    if (!start) continue;
    for (const chunk of staticClosure(start, byFile)) {
      const floating = Object.keys(chunk.modules).find((id) => /[\\/]@floating-ui[\\/]/.test(id));
      if (floating) {
        context.error(
          `${screen} would load floating-ui at first paint (${floating} in ${chunk.fileName}): draw tooltips, menus and selects with src/components/ui/tooltip.tsx, menu.tsx and select.tsx`,
        );
      }
    }
  }
}

/** The chunk that holds a module of src/ (a screen is its chunk's facade, or in a group such as `signed-in`). */
function chunkHolding(chunks: OutputChunk[], module: string): OutputChunk | undefined {
  return chunks.find((chunk) => Object.keys(chunk.modules).some((id) => id.replace(/\\/g, '/').endsWith(module)));
}

/** The chunks a chunk loads before it runs: itself and what it imports statically, transitively. */
function staticClosure(start: OutputChunk, byFile: Map<string, OutputChunk>): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const stack = [start];
  while (stack.length) {
    const chunk = stack.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) stack.push(next);
    }
  }
  return [...seen.values()];
}

/** Each page of FIRST_LOAD_PAGES with the files its screens load that the entry has not loaded already. */
function firstLoads(bundle: Bundle): FirstLoadPage[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const entryChunks = entry ? staticClosure(entry, byFile) : [];
  const entryFiles = new Set(entryChunks.map((chunk) => chunk.fileName));
  const entryStyles = new Set(entryChunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  return FIRST_LOAD_PAGES.map(({ path, screens }) => {
    const loaded = screens.flatMap((screen) => {
      const start = chunkHolding(chunks, screen);
      if (!start) throw new Error(`first-load.json: no chunk for ${screen}`);
      return staticClosure(start, byFile);
    });
    const scripts = new Set(loaded.map((chunk) => chunk.fileName).filter((file) => !entryFiles.has(file)));
    const styles = new Set(loaded.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]).filter((file) => !entryStyles.has(file)));
    return { path, scripts: [...scripts].map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) };
  });
}

/** The module `from` imports under the bare specifier: among its imports, the package's entry. */
function resolvedBarrel(graph: Graph, from: string, specifier: string): string | undefined {
  const imported = graph.info(from)?.importedIds ?? [];
  const packagePath =
    specifier === '@copydesk/shared'
      ? /packages[\\/]shared[\\/]src[\\/]index\.ts$/
      : new RegExp(
          `node_modules[\\\\/]${specifier.replace('/', '[\\\\/]')}[\\\\/].*index\\.m?js$|node_modules[\\\\/]${specifier.replace('/', '[\\\\/]')}[\\\\/]dist[\\\\/]esm[\\\\/]tabler-icons-react\\.mjs$`,
        );
  return imported.find((id) => packagePath.test(id));
}
