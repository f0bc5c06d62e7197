/**
 * Builds the events of a decoded client demo frame: the {@link Frame} (the recorder as a
 * player, the entity players and the entities when asked for) or, for a summary, the
 * {@link FrameSlots}. The decoder (`decoder.ts`) decodes a frame into its ring and hands this
 * the player state and the live entity list; what is built is plain data, shared with the
 * previous frame where unchanged (frames are immutable).
 */
import type { EntityFrame, Frame, FrameSlots, PlayerFrame } from '../demo/events.js';
import * as q2Protocol from '../demo/q2-protocol.js';
import type { EntityHistory } from './entity-history.js';
import { entityPlayers, type SolidFormat } from './entity-players.js';
import type { EntityState } from './entity-state.js';
import type { PlayerState } from './player-state.js';
import * as protocol from './protocol.js';
import type { Dm2PlayerDetail } from './types.js';

/** Module constants, not imported bindings (see the note in `decoder.ts`). */
const { STAT_HEALTH } = q2Protocol;
const { PS_EXT2 } = protocol;

export class Dm2FrameAssembler {
  /** The recorder as emitted in the last frame (its tuples are shared when unchanged). */
  private lastMe: PlayerFrame | null = null;
  /** The slots of the last `FrameSlots` (summary mode), shared while unchanged. */
  private lastSlots: number[] = [];

  /**
   * `detail`: fill `PlayerFrame.detail`; `entities`: list every entity in use;
   * `players`: report the other players inferred from their entities.
   */
  constructor(
    private readonly detail: boolean,
    private readonly entities: boolean,
    private readonly players: boolean,
  ) {}

  /** A new segment: its recorder shares nothing with the last one's. */
  newSegment(): void {
    this.lastMe = null;
  }

  /**
   * The frame after player state `ps` and the live entity list of `h`; `event`: the
   * recorder's entity event this frame.
   */
  frame(
    segment: number,
    index: number,
    time: number,
    recorder: number,
    ps: PlayerState,
    psFlags: number,
    event: number,
    h: EntityHistory,
    maxclients: number,
    solid: SolidFormat,
  ): Frame {
    // Frames are immutable plain data: an unchanged tuple (or a whole unchanged player) is
    // shared with the previous frame, as the MVD2 decoder does.
    const prev = this.lastMe;
    const ox = ps.origin[0] * 0.125;
    const oy = ps.origin[1] * 0.125;
    const oz = ps.origin[2] * 0.125;
    const vo = ps.viewoffset;
    const va = ps.viewangles;
    const origin =
      prev && prev.origin[0] === ox && prev.origin[1] === oy && prev.origin[2] === oz
        ? prev.origin
        : ([ox, oy, oz] as const);
    const viewoffset =
      prev &&
      prev.viewoffset[0] === vo[0] &&
      prev.viewoffset[1] === vo[1] &&
      prev.viewoffset[2] === vo[2]
        ? prev.viewoffset
        : ([vo[0], vo[1], vo[2]] as const);
    const viewangles =
      prev &&
      prev.viewangles[0] === va[0] &&
      prev.viewangles[1] === va[1] &&
      prev.viewangles[2] === va[2]
        ? prev.viewangles
        : ([va[0], va[1], va[2]] as const);
    const health = ps.stats[STAT_HEALTH];
    const me: PlayerFrame =
      prev &&
      !this.detail &&
      prev.origin === origin &&
      prev.viewoffset === viewoffset &&
      prev.viewangles === viewangles &&
      prev.pmType === ps.pmType &&
      prev.rdflags === ps.rdflags &&
      prev.health === health &&
      prev.event === event
        ? prev
        : {
            slot: recorder,
            pmType: ps.pmType,
            origin,
            viewoffset,
            viewangles,
            rdflags: ps.rdflags,
            health,
            event,
            detail: this.detail ? detailOf(ps, psFlags & PS_EXT2 ? 64 : 32) : null,
          };
    this.lastMe = me;
    let players: PlayerFrame[] = [me];
    if (this.players) {
      players = entityPlayers(h.ents, h.count, maxclients, recorder, solid);
      let at = 0;
      while (at < players.length && players[at].slot < recorder) at++;
      players.splice(at, 0, me);
    }
    return {
      kind: 'frame',
      segment,
      index,
      time,
      players,
      entities: this.entities ? entityFrames(h.ents, h.count) : null,
    };
  }

  /** The slots `frame` would list: the recorder, and the entity players when asked. */
  slots(
    segment: number,
    index: number,
    recorder: number,
    h: EntityHistory,
    maxclients: number,
    solid: SolidFormat,
  ): FrameSlots {
    let slots = [recorder];
    if (this.players) {
      const others = entityPlayers(h.ents, h.count, maxclients, recorder, solid);
      slots = others.map((p) => p.slot);
      let at = 0;
      while (at < slots.length && slots[at] < recorder) at++;
      slots.splice(at, 0, recorder);
    }
    const last = this.lastSlots;
    if (slots.length === last.length && slots.every((s, i) => s === last[i])) slots = last;
    else this.lastSlots = slots;
    return { kind: 'frame-slots', segment, index, slots };
  }
}

function detailOf(ps: PlayerState, stats: number): Dm2PlayerDetail {
  return {
    kickAngles: [ps.kickAngles[0], ps.kickAngles[1], ps.kickAngles[2]],
    gunIndex: ps.gunIndex,
    gunFrame: ps.gunFrame,
    gunOffset: [ps.gunOffset[0], ps.gunOffset[1], ps.gunOffset[2]],
    gunAngles: [ps.gunAngles[0], ps.gunAngles[1], ps.gunAngles[2]],
    blend: [ps.blend[0], ps.blend[1], ps.blend[2], ps.blend[3]],
    damageBlend: [ps.damageBlend[0], ps.damageBlend[1], ps.damageBlend[2], ps.damageBlend[3]],
    fov: ps.fov,
    stats: Array.from(ps.stats.subarray(0, stats)),
    pmove: {
      velocity: [ps.velocity[0] * 0.125, ps.velocity[1] * 0.125, ps.velocity[2] * 0.125],
      pmFlags: ps.pmFlags,
      pmTime: ps.pmTime,
      gravity: ps.gravity,
      deltaAngles: [ps.deltaAngles[0], ps.deltaAngles[1], ps.deltaAngles[2]],
    },
  };
}

function entityFrames(ents: readonly EntityState[], count: number): EntityFrame[] {
  const out: EntityFrame[] = [];
  for (let i = 0; i < count; i++) {
    const e = ents[i];
    out.push({
      number: e.number,
      modelindex: [e.modelindex, e.modelindex2, e.modelindex3, e.modelindex4],
      frame: e.frame,
      skinnum: e.skinnum,
      effects: e.effects,
      renderfx: e.renderfx,
      origin: [e.ox, e.oy, e.oz],
      angles: [e.ax, e.ay, e.az],
      oldOrigin: [e.oldx, e.oldy, e.oldz],
      sound: e.sound,
      event: e.event,
      solid: e.solid,
      morefx: e.morefx,
      alpha: e.alpha,
      scale: e.scale,
    });
  }
  return out;
}
