/**
 * The fresh game folder a trial's server runs in (under the system's temporary folder, removed
 * afterwards): a copy of the install's server binary, its mod folder's top-level files (game
 * library, configs, bot name lists) and `bots/` lists, the map as a loose `maps/<map>.bsp`, and
 * the nav under test as `bots/nav/<map>.nav`. Nothing in the admin's install is written or
 * linked: the server writes its demo and whatever else it writes here only. Archives
 * (`.pak`/`.pkz`) are not mounted: the map was taken out of them already, and a dedicated
 * server needs nothing else from them.
 *
 * When the server runs as another account, the folder is handed to it (chown).
 */
import {
  chownSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOD, SERVER_BINARY, type EngineInstall } from './engine-install.js';
import type { RunAs } from './run-as.js';

/** Top-level files of the mod folder larger than this are not copied (maps, media, archives live in folders or paks). [Units: bytes] */
const MAX_COPIED_FILE = 16 << 20;

export interface RunFolder {
  readonly path: string;
  /** `<path>/action`: where the server's relative paths (demos/…) point. */
  readonly modDir: string;
  remove(): Promise<void>;
}

export interface RunFolderInput {
  readonly install: EngineInstall;
  readonly map: string;
  readonly bspBytes: Uint8Array;
  readonly navBytes: Uint8Array;
  readonly configText: string;
  readonly runAs: RunAs | null;
}

/** What `path` is, following symbolic links (an install may link its files from elsewhere); null if dangling. */
const kindOf = (path: string) => statSync(path, { throwIfNoEntry: false }) ?? null;

function copyTree(from: string, to: string, skip: (rel: string) => boolean, rel = ''): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const r = rel ? `${rel}/${name}` : name;
    if (skip(r)) continue;
    const st = kindOf(join(from, name));
    if (st?.isDirectory()) copyTree(join(from, name), join(to, name), skip, r);
    else if (st?.isFile()) copyFileSync(join(from, name), join(to, name));
  }
}

function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  if (!statSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name), uid, gid);
}

export function makeRunFolder(input: RunFolderInput): RunFolder {
  const path = mkdtempSync(join(tmpdir(), 'navgen-trial-'));
  const modDir = join(path, MOD);
  copyFileSync(input.install.binary, join(path, SERVER_BINARY));
  mkdirSync(join(path, 'baseaq'));
  mkdirSync(modDir);
  for (const name of readdirSync(input.install.modDir)) {
    const from = join(input.install.modDir, name);
    const st = kindOf(from);
    if (st?.isFile() && !/\.(pak|pkz|bsp|nav)$/i.test(name) && st.size <= MAX_COPIED_FILE)
      copyFileSync(from, join(modDir, name));
  }
  const bots = join(input.install.modDir, 'bots');
  if (statSync(bots, { throwIfNoEntry: false })?.isDirectory())
    copyTree(bots, join(modDir, 'bots'), (rel) => rel === 'nav' || /\.(nav|json)$/i.test(rel));
  mkdirSync(join(modDir, 'bots', 'nav'), { recursive: true });
  mkdirSync(join(modDir, 'maps'));
  mkdirSync(join(modDir, 'demos'));
  writeFileSync(join(modDir, 'maps', `${input.map}.bsp`), input.bspBytes);
  writeFileSync(join(modDir, 'bots', 'nav', `${input.map}.nav`), input.navBytes);
  writeFileSync(join(modDir, 'run.cfg'), input.configText);
  if (input.runAs) chownTree(path, input.runAs.uid, input.runAs.gid);
  return {
    path,
    modDir,
    remove: () => rm(path, { recursive: true, force: true }),
  };
}
