/**
 * Builds the event of a decoded client demo frame: the {@link Frame} (the recorder as a
 * player from its player state, the other players inferred from their entities and every
 * entity when asked for) or, in summary mode, the {@link FrameSlots}.
 *
 * The decoder (`decoder.ts`) decodes a frame into its ring and the live entity list, then
 * hands the state here once per frame. What holds for a whole segment (the recorder's slot,
 * maxclients, the frame time, the entity solid format) is set when the segment begins, so the
 * per-frame call takes integers and objects only: a double argument to a call V8 does not
 * inline is boxed, one allocation per frame.
 *
 * `frame` is one method on purpose, too large for V8 to inline into the decoder's frame
 * parser, as the decoder's own frame builder was: a small method in between was inlined there
 * and took the parser's inlining budget, so that its per-frame player-state copy became a call
 * (`node --trace-turbo-inlining`). Measured as it is (callgrind, decoder-only loop over the
 * client demo fixtures, every event kept by the consumer as `readDemo`'s subscriber does,
 * rounds 10 to 20): 4,472 instructions per frame, 4,392 before the split.
 *
 * Frames are immutable plain data: an unchanged tuple (or a whole unchanged recorder) is
 * shared with the previous frame, as the MVD2 decoder does.
 */
import * as q2Protocol from '../demo/q2-protocol.js';
import type { EntityFrame, Frame, FrameSlots, PlayerFrame } from '../demo/events.js';
import type { EntityHistory } from './entity-history.js';
import type { EntityState } from './entity-state.js';
import { entityPlayers, type SolidFormat } from './entity-players.js';
import type { PlayerState } from './player-state.js';
import * as protocol from './protocol.js';
import type { Dm2PlayerDetail } from './types.js';

/** Module constants, not imported bindings (see the note in `decoder.ts`). */
const { STAT_HEALTH } = q2Protocol;
const { DM2_FRAME_TIME } = protocol;

/** What the frames carry besides the recorder (the decoder's options). */
export interface FrameContents {
  /** Every player-state field in the recorder's `detail`. */
  readonly detail: boolean;
  /** Every entity in use (`Frame.entities`). */
  readonly entities: boolean;
  /** The other players, inferred from their entities. */
  readonly entityPlayers: boolean;
  /**
   * Whether the decoder keeps the entities' states (else its lists hold placeholders, and the
   * recorder's event comes from its delta: see `frame`).
   */
  readonly statesKept: boolean;
}

export class Dm2FrameAssembler {
  private readonly wantDetail: boolean;
  private readonly wantEntities: boolean;
  private readonly wantEntityPlayers: boolean;
  private readonly statesKept: boolean;

  // What holds for the segment.
  /** The recorder's player slot (serverdata's player number). */
  private recorder = 0;
  /** The segment's maxclients configstring (0 until its header is emitted). */
  private maxclients = 0;
  /** Time between frames. [Units: s] */
  private frameTime = DM2_FRAME_TIME;
  /** How the segment's protocol packs entity solids (for the entity players). */
  private solid: SolidFormat = 'packed16';
  /** Stats in the recorder's detail: 32, or 64 with Q2PRO's second extensions. */
  private detailStats = 32;

  /** The recorder as emitted in the last frame (its tuples are shared when unchanged). */
  private lastMe: PlayerFrame | null = null;
  /** The slots of the last `FrameSlots` (summary mode), shared while unchanged. */
  private lastSlots: number[] = [];

  constructor(contents: FrameContents) {
    this.wantDetail = contents.detail;
    this.wantEntities = contents.entities;
    this.wantEntityPlayers = contents.entityPlayers;
    this.statesKept = contents.statesKept;
  }

  /** A serverdata began a segment: its recorder, entity solid format and detail stats. */
  beginSegment(recorder: number, solid: SolidFormat, detailStats: number): void {
    this.recorder = recorder;
    this.solid = solid;
    this.detailStats = detailStats;
    this.maxclients = 0;
    this.frameTime = DM2_FRAME_TIME;
    this.lastMe = null;
  }

  /** The segment's maxclients, known once its header is emitted. */
  setMaxclients(maxclients: number): void {
    this.maxclients = maxclients;
  }

  /** A Q2PRO server announced its frame rate. [Units: frames per second] */
  setFrameRate(fps: number): void {
    this.frameTime = 1 / fps;
  }

  /**
   * The frame `index` of `segment`: the recorder from `ps`, the entities from the live list
   * `h`. Without states, `recorderAt` is the position in the list of the first delta this
   * frame gave the recorder's entity (-1: none) and `recorderEvent` that delta's event.
   */
  frame(
    segment: number,
    index: number,
    ps: PlayerState,
    h: EntityHistory,
    recorderAt: number,
    recorderEvent: number,
  ): Frame {
    const ents = h.ents;
    const count = h.count;
    // The recorder's event: its entity's in the frame just decoded.
    const recorderEntity = this.recorder + 1;
    let event = 0;
    const nums = h.nums;
    for (let i = 0; i < count; i++) {
      if (nums[i] === recorderEntity) {
        // Without states: an entity no delta of this frame changed has no event (a delta
        // without bits clears it), and one the frame changed has its delta's. Later changes of
        // a frame are at later positions, so the recorded position still holds.
        if (this.statesKept) event = ents[i].event;
        else if (i === recorderAt) event = recorderEvent;
        break;
      }
    }
    // The recorder, sharing what did not change with the last frame's.
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
      !this.wantDetail &&
      prev.origin === origin &&
      prev.viewoffset === viewoffset &&
      prev.viewangles === viewangles &&
      prev.pmType === ps.pmType &&
      prev.rdflags === ps.rdflags &&
      prev.health === health &&
      prev.event === event
        ? prev
        : {
            slot: this.recorder,
            pmType: ps.pmType,
            origin,
            viewoffset,
            viewangles,
            rdflags: ps.rdflags,
            health,
            event,
            detail: this.wantDetail ? detailOf(ps, this.detailStats) : null,
          };
    this.lastMe = me;
    let players: PlayerFrame[] = [me];
    if (this.wantEntityPlayers) {
      players = entityPlayers(ents, count, this.maxclients, this.recorder, this.solid);
      let at = 0;
      while (at < players.length && players[at].slot < this.recorder) at++;
      players.splice(at, 0, me);
    }
    return {
      kind: 'frame',
      segment,
      index,
      time: index * this.frameTime,
      players,
      entities: this.wantEntities ? entityFrames(ents, count) : null,
    };
  }

  /** The slots `frame` would list: the recorder, and the entity players when asked. */
  slots(segment: number, index: number, ents: readonly EntityState[], count: number): FrameSlots {
    let slots = [this.recorder];
    if (this.wantEntityPlayers) {
      const others = entityPlayers(ents, count, this.maxclients, this.recorder, this.solid);
      slots = others.map((p) => p.slot);
      let at = 0;
      while (at < slots.length && slots[at] < this.recorder) at++;
      slots.splice(at, 0, this.recorder);
    }
    if (sameSlots(slots, this.lastSlots)) slots = this.lastSlots;
    else this.lastSlots = slots;
    return { kind: 'frame-slots', segment, index, slots };
  }
}

function sameSlots(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
