/**
 * The JSON-lines schema of the engine's instrumented MVD parser
 * (`../shared/fixtures/oracle/README.md`), so that any demo can be compared line by line with
 * the engine's own parse. Used by `navgen frames --jsonl`.
 */
import type { Frame, SegmentHeader } from './events.js';

export interface OracleHeaderLine {
  seg: number;
  /** Client demos only: the recorder's slot. */
  recorder?: number;
  serverdata: {
    protocol: number;
    version: number;
    flags: number;
    servercount: number;
    gamedir: string;
    clientNum: number;
    maxclients: number;
    map: string;
    worldmodel: string;
  };
}

export interface OraclePlayer {
  slot: number;
  pm_type: number;
  origin: number[];
  viewoffset: number[];
  rdflags: number;
  health: number;
  event: number;
}

export interface OracleFrameLine {
  seg: number;
  frame: number;
  players: OraclePlayer[];
  /**
   * Client demos only: the other players, seen as entities (number = slot + 1). Their origins
   * are exact; they carry no pm_type because a client demo has no player state for them.
   */
  entities?: { number: number; origin: number[]; event: number }[];
}

export function oracleHeader(h: SegmentHeader): OracleHeaderLine {
  return {
    seg: h.segment,
    ...(h.recorder === undefined ? {} : { recorder: h.recorder }),
    serverdata: {
      protocol: h.protocol,
      version: h.version,
      flags: h.flags,
      servercount: h.servercount,
      gamedir: h.gamedir,
      clientNum: h.clientNum,
      maxclients: h.maxclients,
      map: h.map,
      worldmodel: h.worldmodel,
    },
  };
}

/**
 * One frame line. With `recorder` (a client demo's recorder slot), only the recorder is a
 * player; the others (read with `entityPlayers`) are listed as entities.
 */
export function oracleFrame(f: Frame, recorder?: number): OracleFrameLine {
  if (recorder !== undefined) {
    return {
      ...oracleFrame({ ...f, players: f.players.filter((p) => p.slot === recorder) }),
      entities: f.players
        .filter((p) => p.slot !== recorder)
        .map((p) => ({ number: p.slot + 1, origin: [...p.origin], event: p.event })),
    };
  }
  return {
    seg: f.segment,
    frame: f.index,
    players: f.players.map((p) => ({
      slot: p.slot,
      pm_type: p.pmType,
      origin: [p.origin[0], p.origin[1], p.origin[2]],
      viewoffset: [p.viewoffset[0], p.viewoffset[1], p.viewoffset[2]],
      rdflags: p.rdflags,
      health: p.health,
      event: p.event,
    })),
  };
}
