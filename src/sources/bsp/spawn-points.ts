/**
 * Where players appear: the spawn-point entities of a map. The pipeline uses them to place
 * SPAWNPOINT nodes and to check that the learned graph reaches every spawn.
 *
 * The classnames are those the AQtion game code spawns players at (`src/action/` in the
 * engine source: `p_client.c`, `a_team.c`, `a_ctf.c`, `a_esp.c`): deathmatch and
 * single-player starts, coop starts, and the team spawns of CTF and Espionage. `info_player_intermission` is only a camera position between rounds.
 * The fixture maps contain only `info_player_start` and `info_player_deathmatch` spawns.
 */
import type { BspEntity } from './entities.js';
import { BspError } from './errors.js';
import { readBspEntities } from './read-bsp.js';
import type { ReadonlyVec3 } from './world.js';

/** Classnames of entities a player can spawn at. */
export const SPAWN_POINT_CLASSNAMES: readonly string[] = [
  'info_player_start',
  'info_player_deathmatch',
  'info_player_coop',
  'info_player_team1',
  'info_player_team2',
  'info_player_team3',
];

export interface SpawnPoint {
  readonly classname: string;
  /** [Units: world units] */
  readonly origin: ReadonlyVec3;
  /** Yaw the player faces. [Units: degrees] */
  readonly angle: number;
  /** Index of the entity in the map's entity list. */
  readonly entity: number;
}

/**
 * The spawn points among `entities`, in entity order. A spawn point without an origin is a
 * `BAD_ENTITIES` error rather than a silent spawn at (0, 0, 0).
 */
export function spawnPointsOf(entities: readonly BspEntity[], file: string): SpawnPoint[] {
  const out: SpawnPoint[] = [];
  entities.forEach((e, entity) => {
    if (!SPAWN_POINT_CLASSNAMES.includes(e.classname)) return;
    if (e.origin === null) {
      throw new BspError('BAD_ENTITIES', `${e.classname} has no origin`, {
        file,
        offset: e.offset,
        line: e.line,
      });
    }
    out.push({ classname: e.classname, origin: e.origin, angle: e.angle, entity });
  });
  return out;
}

/** Reads the spawn points of a map file. */
export async function readSpawnPoints(path: string): Promise<SpawnPoint[]> {
  return spawnPointsOf(await readBspEntities(path), path);
}
