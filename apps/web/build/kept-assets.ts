import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * After a deploy, a tab opened on the previous build still asks for that build's chunks (every
 * screen is a lazy chunk with a hashed name). So a build does not empty dist/assets: it keeps the
 * files of the builds before it and removes only those of builds past the policy below. The server
 * serves them like any other asset (apps/server/src/plugins/web-app.ts). dist/.vite/builds.json lists
 * the builds whose files are kept, newest first.
 */
export const keptAssetsPolicy = {
  /** Previous builds whose files stay, at most. */
  builds: 5,
  /** A previous build's files stay this long after it was replaced; the one just before always stays. */
  days: 7,
};

export const BUILD_HISTORY_FILE = '.vite/builds.json';

type Build = { builtAt: string; files: string[] };

/** A compressed copy (`x.js.br`, `x.js.gz`) belongs to its file. */
const ownerOf = (file: string) => file.replace(/\.(br|gz)$/, '');

async function filesUnder(dir: string, base: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = `${base}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), relative) : Promise.resolve([relative]);
    }),
  );
  return nested.flat();
}

async function readHistory(dist: string): Promise<Build[] | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dist, BUILD_HISTORY_FILE), 'utf8')) as { builds?: unknown };
    if (!Array.isArray(parsed.builds)) return undefined;
    return parsed.builds.filter(
      (build): build is Build => typeof build?.builtAt === 'string' && Array.isArray(build.files) && build.files.every((f: unknown) => typeof f === 'string'),
    );
  } catch {
    return undefined;
  }
}

async function removeEmptyDirs(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await removeEmptyDirs(path.join(dir, entry.name));
  }
  if ((await readdir(dir)).length === 0) await rmdir(dir);
}

/**
 * Called once the new build is written to `dist` (which the build did not empty). `current` lists
 * the new build's files under assets/ (`assets/login-Ab12.js`), relative to `dist`. Records the
 * build, keeps the files of the previous builds within the policy and deletes every other file
 * under assets/. Without a history (the first build, or a dist made before this), what assets/
 * holds besides the new build counts as the build just before.
 */
export async function keepPreviousAssets(dist: string, current: string[], now = new Date(), policy = keptAssetsPolicy) {
  const present = await filesUnder(path.join(dist, 'assets'), 'assets');
  const currentFiles = new Set(current.map(ownerOf));
  const history = (await readHistory(dist)) ?? [{ builtAt: now.toISOString(), files: [...new Set(present.map(ownerOf))].filter((f) => !currentFiles.has(f)) }];
  const cutoff = now.getTime() - policy.days * 24 * 60 * 60 * 1000;
  // A previous build's age counts from when the next one replaced it.
  const previous = history
    .map((build, index) => ({ build, replacedAt: index === 0 ? now.getTime() : Date.parse(history[index - 1].builtAt) }))
    .filter(({ replacedAt }, index) => index < policy.builds && (index === 0 || replacedAt >= cutoff))
    .map(({ build }) => build);
  const builds: Build[] = [{ builtAt: now.toISOString(), files: [...currentFiles].sort() }, ...previous];
  const kept = new Set(builds.flatMap((build) => build.files));
  const removed = present.filter((file) => !kept.has(ownerOf(file)));
  await Promise.all(removed.map((file) => rm(path.join(dist, file), { force: true })));
  if (existsSync(path.join(dist, 'assets'))) await removeEmptyDirs(path.join(dist, 'assets'));
  await mkdir(path.dirname(path.join(dist, BUILD_HISTORY_FILE)), { recursive: true });
  await writeFile(path.join(dist, BUILD_HISTORY_FILE), `${JSON.stringify({ builds }, null, 2)}\n`);
  const keptFromBefore = present.filter((file) => !currentFiles.has(ownerOf(file)) && kept.has(ownerOf(file))).length;
  return { kept: keptFromBefore, removed: removed.length };
}
