/**
 * A game installation as the engine searches it, so that `navgen build --game-dir DIR` finds a
 * map where the server would and writes the nav where the bots read it.
 *
 * DIR is a mod folder (`…/action`), or the game root holding the mod folder (`…/aq2`, with
 * `--mod`, default `action`). The engine searches the mod folder before `baseq2/`, and within
 * one folder it loads `pak*.pak` in numerical order (pak0, pak2, pak17), then every other
 * `.pak`/`.pkz` alphabetically (without case), each put in front of the search path: the last
 * archive loaded is searched first, every archive before the folder's loose files
 * (q2pro src/common/files.c, add_game_dir and pakcmp).
 *
 * Bots read `<mod>/bots/nav/<map>.nav` (AQtion botlib, botdir `bots`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Archive } from './archive-entry.js';
import { openPak } from './pak.js';
import { openPkz } from './pkz.js';

/** The base game's folder, searched after the mod's. */
export const BASE_GAME = 'baseq2';
/** AQtion's mod folder, the default `--mod`. */
export const DEFAULT_MOD = 'action';

export interface GameDir {
  /** The mod folder: navs are written under it. */
  readonly modDir: string;
  /** Folders in search order (the mod's, then `baseq2/` when there is one). */
  readonly folders: readonly string[];
}

/** True for a folder that looks like a game root (has the mod folder or `baseq2/`). */
function isRoot(dir: string, mod: string): boolean {
  return isDir(join(dir, mod)) || isDir(join(dir, BASE_GAME));
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The folders to search for `dir` given as a mod folder or as the game root. */
export function resolveGameDir(dir: string, mod: string = DEFAULT_MOD): GameDir {
  const d = resolve(dir);
  if (!isDir(d)) throw new Error(`game folder ${d} does not exist or is not a folder`);
  if (
    basename(d).toLowerCase() !== mod.toLowerCase() &&
    isRoot(d, mod) &&
    basename(d) !== BASE_GAME
  ) {
    const modDir = join(d, mod);
    if (!isDir(modDir))
      throw new Error(
        `game folder ${d} has no mod folder "${mod}" (name it with --mod, or give the mod folder itself)`,
      );
    const base = join(d, BASE_GAME);
    return { modDir, folders: isDir(base) && base !== modDir ? [modDir, base] : [modDir] };
  }
  // A mod folder: the engine also searches baseq2/ beside it.
  const base = join(d, '..', BASE_GAME);
  return { modDir: d, folders: isDir(base) && resolve(base) !== d ? [d, resolve(base)] : [d] };
}

/**
 * The engine's load order of archive names in one folder: `pak<N>…` by N, then the rest
 * alphabetically, both without case (names with equal numbers compare by what follows).
 */
export function compareArchiveNames(a: string, b: string): number {
  const pa = /^pak/i.test(a);
  const pb = /^pak/i.test(b);
  if (pa !== pb) return pa ? -1 : 1;
  let ra = a;
  let rb = b;
  if (pa) {
    const ma = /^pak(\d*)/i.exec(a)!;
    const mb = /^pak(\d*)/i.exec(b)!;
    const na = ma[1] ? Number(ma[1]) : 0;
    const nb = mb[1] ? Number(mb[1]) : 0;
    if (na !== nb) return na - nb;
    ra = a.slice(ma[0].length);
    rb = b.slice(mb[0].length);
  }
  const c = compareNoCase(ra, rb);
  // Equal for the engine ("pak.pak", "pak0.pak"), whose qsort then orders them as it happens
  // to: the whole names decide here, so the order is always the same.
  return c !== 0 ? c : compareNoCase(a, b);
}

function compareNoCase(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  return la < lb ? -1 : la > lb ? 1 : 0;
}

/** One place to look, in search order. */
export type SearchPlace =
  | { readonly kind: 'folder'; readonly path: string }
  | { readonly kind: 'pak' | 'pkz'; readonly path: string };

/** Every place the engine searches, first searched first. */
export function searchPlaces(game: GameDir): SearchPlace[] {
  const places: SearchPlace[] = [];
  for (const folder of game.folders) {
    const archives = readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isFile() && /\.(pak|pkz)$/i.test(e.name))
      .map((e) => e.name)
      .sort(compareArchiveNames);
    // Loaded in that order, each in front of the path: searched last-loaded first.
    for (const name of archives.reverse()) {
      places.push({ kind: /\.pkz$/i.test(name) ? 'pkz' : 'pak', path: join(folder, name) });
    }
    places.push({ kind: 'folder', path: folder });
  }
  return places;
}

/** Why `rel` is not in the game: the places searched, in the engine's order. */
export function notInGame(game: GameDir, rel: string): string {
  const places = searchPlaces(game).map((p) => p.path);
  return `${rel} is in none of ${places.length} place(s) searched: ${places.join(', ')}`;
}

/** A file found in the game: where, and its bytes. */
export interface FoundFile {
  /** `archive.pak:maps/x.bsp`, or the loose file's path. */
  readonly where: string;
  /** The loose file's path; null inside an archive. */
  readonly path: string | null;
  readonly bytes: () => Promise<Uint8Array>;
}

/** The loose file `rel` in `folder`, matched without case as the engine's lower-case retry does. */
function looseFile(folder: string, rel: string): string | null {
  const exact = join(folder, rel);
  if (existsSync(exact) && statSync(exact).isFile()) return exact;
  const lower = join(folder, rel.toLowerCase());
  if (existsSync(lower) && statSync(lower).isFile()) return lower;
  return null;
}

async function openArchive(place: SearchPlace): Promise<Archive> {
  return place.kind === 'pkz' ? openPkz(place.path) : openPak(place.path);
}

/**
 * Finds `rel` (e.g. `maps/asylum.bsp`) where the engine would: the first place of the search
 * order holding it. Null when none does.
 */
export async function findGameFile(game: GameDir, rel: string): Promise<FoundFile | null> {
  for (const place of searchPlaces(game)) {
    if (place.kind === 'folder') {
      const p = looseFile(place.path, rel);
      if (p) {
        const { readFile } = await import('node:fs/promises');
        return { where: p, path: p, bytes: async () => new Uint8Array(await readFile(p)) };
      }
      continue;
    }
    const archive = await openArchive(place);
    const entry = archive.find(rel);
    if (!entry) {
      await archive.close();
      continue;
    }
    return {
      where: `${place.path}:${entry.name}`,
      path: null,
      bytes: async () => {
        try {
          return await archive.read(entry);
        } finally {
          await archive.close();
        }
      },
    };
  }
  return null;
}

/**
 * Where the Quake II re-release reads the `NAV3` nav of `map`: `baseq2/bots/navigation/` under
 * the game root (the folder that holds the mod folder).
 */
export function q2rNavPathIn(game: GameDir, map: string): string {
  return join(dirname(game.modDir), BASE_GAME, 'bots', 'navigation', `${map}.nav`);
}

/** Where the bots of `game` read the nav of `map`. */
export function navPathIn(game: GameDir, map: string): string {
  return join(game.modDir, 'bots', 'nav', `${map}.nav`);
}

/**
 * The names of every map of the game (`maps/<name>.bsp`, loose in a game folder or in its
 * archives; directly in `maps/`, not below), lower-cased as the engine compares them, sorted.
 */
export async function gameMapNames(game: GameDir): Promise<string[]> {
  const names = new Set<string>();
  const pattern = /^maps\/([^/]+)\.bsp$/;
  for (const place of searchPlaces(game)) {
    if (place.kind === 'folder') {
      const maps = join(place.path, 'maps');
      if (!existsSync(maps)) continue;
      for (const e of readdirSync(maps, { withFileTypes: true }))
        if (e.isFile() && /\.bsp$/i.test(e.name)) names.add(e.name.slice(0, -4).toLowerCase());
      continue;
    }
    const archive = await openArchive(place);
    try {
      for (const e of archive.entries) {
        const m = pattern.exec(e.key);
        if (m) names.add(m[1]);
      }
    } finally {
      await archive.close();
    }
  }
  return [...names].sort();
}
