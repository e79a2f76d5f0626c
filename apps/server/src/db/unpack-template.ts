import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Unpacks the migrated template (template.ts, a gzipped tar of a PGlite data directory) into a new
 * data directory with Node's own zlib and file calls. PGlite's `loadDataDir` does the same through
 * its JavaScript tar reader and its emulated file system, several times slower: this is most of what
 * a first start with a new DATA_DIR used to spend.
 *
 * The files land in a staging folder that is renamed into place at the end, so a start that dies
 * half-way leaves no half-written database behind. Returns false, writing nothing, when there is no
 * template or `target` already holds files; throws on anything it cannot unpack.
 */
export function unpackTemplate(tarball: string, target: string): boolean {
  if (!fs.existsSync(tarball)) return false;
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) return false;
  const tar = gunzipSync(fs.readFileSync(tarball));
  const staging = `${target}.unpacking-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    fs.mkdirSync(staging, { recursive: true, mode: 0o750 });
    extractTar(tar, staging);
    // An empty folder in the way (created by hand, or by an earlier failed start) is replaced.
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  return true;
}

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

const octal = (header: Buffer, offset: number, length: number) => parseInt(field(header, offset, length).trim() || '0', 8);

/** The ustar subset PGlite's dumpDataDir writes: folders and regular files, names within 255 bytes. */
function extractTar(tar: Buffer, into: string): void {
  const root = path.resolve(into);
  // The archive lists each folder before its files; the set spares a mkdir call per file.
  const folders = new Set([root]);
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    // Two zero blocks end the archive; an empty name is enough to tell.
    if (header[0] === 0) break;
    const name = path.posix.join(field(header, 345, 155), field(header, 0, 100));
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = String.fromCharCode(header[156] || 0x30);
    const destination = path.resolve(root, `.${path.posix.sep}${name}`);
    if (destination !== root && !destination.startsWith(root + path.sep)) throw new Error(`template entry outside the data directory: ${name}`);
    const body = offset + BLOCK;
    if (type === '5') {
      fs.mkdirSync(destination, { recursive: true, mode: mode || 0o750 });
      folders.add(destination);
    } else if (type === '0') {
      const folder = path.dirname(destination);
      if (!folders.has(folder)) {
        fs.mkdirSync(folder, { recursive: true, mode: 0o750 });
        folders.add(folder);
      }
      fs.writeFileSync(destination, tar.subarray(body, body + size), { mode: mode || 0o600 });
    } else {
      throw new Error(`template entry of unsupported type ${JSON.stringify(type)}: ${name}`);
    }
    offset = body + Math.ceil(size / BLOCK) * BLOCK;
  }
}
