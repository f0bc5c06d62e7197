/**
 * The recorder's delta compressor for one segment (`build_gamestate`, `emit_gamestate`,
 * `emit_frame` in the engine's `mvd.c`): it keeps the last state sent for every player slot
 * and entity number, and writes each frame as the difference from it.
 *
 * - Baseline (inside serverdata): every slot is delta compressed from the all-zero state, the
 *   unused ones with PPS_REMOVE (an all-zero unused slot thus costs nothing), then every
 *   entity from the all-zero state.
 * - Frame: a player that left gets PPS_REMOVE; one that is new or returns is forced from the
 *   state it had when it left (zero if never seen); the others carry only changed fields.
 *   Entities likewise (U_REMOVE; FORCE and NEWENTITY for an entering one).
 * - First person: the entity of a player in use with pm_type NORMAL gets neither origin nor
 *   angles (a reader takes them from the player state: origin, pitch/3, yaw, roll 0), and its
 *   retained origin becomes the player's, as the engine's "fixup origin for next delta".
 */
import { CLIENTNUM_NONE, MvdOp, PmType } from '../../src/sources/mvd2/protocol.js';
import type { PlayerFrame } from '../../src/sources/demo/events.js';
import { checkField, checkInt, type ByteWriter } from './byte-writer.js';
import type { EntityState, FrameState } from './demo-input.js';
import { EntityDeltaFlags, writeEntityDelta, writeEntityRemove } from './entity-delta.js';
import { NULL_ENTITY, PackedEntity, packEntity } from './packed-entity.js';
import { NULL_PLAYER, PackedPlayer, packPlayer } from './packed-player.js';
import { PlayerDeltaFlags, writePlayerDelta, writePlayerRemove } from './player-delta.js';
import type { WireFormat } from './wire-format.js';

/** Largest area-portal block a frame can announce (u8 length). [Units: bytes] */
const MAX_PORTAL_BYTES = 0xff;

export class FrameEncoder {
  /** Slots the player loop visits: maxclients, but never the list terminator 255. */
  private readonly slots: number;
  private readonly players: PackedPlayer[] = [];
  private readonly playerInUse: Uint8Array;
  private scratchPlayer = new PackedPlayer();
  private readonly bySlot: (PlayerFrame | undefined)[];
  /** Last state sent per entity number, kept after the entity leaves. */
  private readonly entities = new Map<number, PackedEntity>();
  /** Entity numbers in use after the last frame, ascending. */
  private active: number[] = [];
  private scratchEntity = new PackedEntity();

  constructor(
    private readonly fmt: WireFormat,
    maxclients: number,
  ) {
    this.slots = Math.max(0, Math.min(maxclients, CLIENTNUM_NONE));
    this.playerInUse = new Uint8Array(this.slots);
    this.bySlot = new Array<PlayerFrame | undefined>(this.slots);
    for (let i = 0; i < this.slots; i++) this.players.push(new PackedPlayer());
  }

  /** Writes the baseline frame body (portal bits, players, entities) that ends a serverdata. */
  writeBaseline(w: ByteWriter, state: FrameState): void {
    const entities = this.prepare(state);
    writePortalBits(w, state.portalBits);
    for (let slot = 0; slot < this.slots; slot++) {
      const p = this.bySlot[slot];
      if (p === undefined) {
        // As emit_gamestate: REMOVE from the zero state; an unused slot is all zero, so this
        // writes nothing (REMOVE does not force a delta).
        writePlayerDelta(w, slot, NULL_PLAYER, NULL_PLAYER, this.fmt, PlayerDeltaFlags.Remove);
        continue;
      }
      packPlayer(this.players[slot], p, this.fmt);
      this.playerInUse[slot] = 1;
      if (
        !writePlayerDelta(w, slot, NULL_PLAYER, this.players[slot], this.fmt, PlayerDeltaFlags.None)
      ) {
        throw new RangeError(
          `player ${slot}: an all-zero state (fov 0) is not announced by the baseline; the engine never captures one`,
        );
      }
    }
    w.u8(CLIENTNUM_NONE);
    for (const e of entities) {
      const packed = new PackedEntity();
      packEntity(packed, e, this.fmt);
      writeEntityDelta(w, e.number, NULL_ENTITY, packed, this.fmt, this.firstPerson(e.number));
      this.entities.set(e.number, packed);
    }
    w.u16(0);
    this.active = entities.map((e) => e.number);
  }

  /** Writes one frame command. */
  writeFrame(w: ByteWriter, state: FrameState): void {
    const entities = this.prepare(state);
    w.u8(MvdOp.Frame);
    writePortalBits(w, state.portalBits);

    for (let slot = 0; slot < this.slots; slot++) {
      const p = this.bySlot[slot];
      const previous = this.players[slot];
      if (p === undefined) {
        if (this.playerInUse[slot]) writePlayerRemove(w, slot);
        this.playerInUse[slot] = 0;
        continue;
      }
      const next = this.scratchPlayer;
      packPlayer(next, p, this.fmt);
      const flags = this.playerInUse[slot] ? PlayerDeltaFlags.None : PlayerDeltaFlags.Force;
      writePlayerDelta(w, slot, previous, next, this.fmt, flags);
      // The new state becomes the slot's; the old one is the next scratch.
      this.players[slot] = next;
      this.scratchPlayer = previous;
      this.playerInUse[slot] = 1;
    }
    w.u8(CLIENTNUM_NONE);

    // Walk the numbers in use before and now together, ascending.
    const old = this.active;
    let i = 0;
    let j = 0;
    while (i < old.length || j < entities.length) {
      const n = Math.min(
        i < old.length ? old[i] : Infinity,
        j < entities.length ? entities[j].number : Infinity,
      );
      const wasActive = i < old.length && old[i] === n;
      if (wasActive) i++;
      if (j < entities.length && entities[j].number === n) {
        this.writeEntity(w, entities[j++], wasActive);
      } else {
        writeEntityRemove(w, n);
      }
    }
    w.u16(0);
    this.active = entities.map((e) => e.number);
  }

  private writeEntity(w: ByteWriter, e: EntityState, wasActive: boolean): void {
    let flags = this.firstPerson(e.number);
    if (!wasActive) flags |= EntityDeltaFlags.Force | EntityDeltaFlags.NewEntity;
    const next = this.scratchEntity;
    packEntity(next, e, this.fmt);
    const retained = this.entities.get(e.number);
    writeEntityDelta(w, e.number, retained ?? NULL_ENTITY, next, this.fmt, flags);
    if (flags & EntityDeltaFlags.FirstPerson) next.origin.set(this.players[e.number - 1].origin);
    this.entities.set(e.number, next);
    this.scratchEntity = retained ?? new PackedEntity();
  }

  /** FIRSTPERSON for the entity of a player in use with pm_type NORMAL. */
  private firstPerson(number: number): EntityDeltaFlags {
    const slot = number - 1;
    if (
      slot < this.slots &&
      this.playerInUse[slot] &&
      this.players[slot].pmType === PmType.Normal
    ) {
      return EntityDeltaFlags.FirstPerson;
    }
    return EntityDeltaFlags.None;
  }

  /**
   * Indexes the players by slot (the player-in-use flags are updated while writing) and
   * returns the entities sorted by number, after checking the input's consistency.
   */
  private prepare(state: FrameState): EntityState[] {
    this.bySlot.fill(undefined);
    for (const p of state.players) {
      checkField('player', p.slot, 'slot (below maxclients)', p.slot, 0, this.slots - 1);
      if (this.bySlot[p.slot] !== undefined)
        throw new RangeError(`player slot ${p.slot} given twice`);
      this.bySlot[p.slot] = p;
    }
    const entities = [...(state.entities ?? [])].sort((a, b) => a.number - b.number);
    for (let k = 0; k < entities.length; k++) {
      const e = entities[k];
      if (k > 0 && entities[k - 1].number === e.number)
        throw new RangeError(`entity ${e.number} given twice`);
      if (e.modelindex[0] === 0 && e.effects === 0 && e.sound === 0 && e.event === 0) {
        throw new RangeError(
          `entity ${e.number} has no model, effects, sound or event: the recorder never sends such an entity`,
        );
      }
    }
    for (const p of state.players) {
      const own = entities.find((e) => e.number === p.slot + 1);
      const event = own === undefined ? 0 : own.event;
      if (p.event !== event) {
        throw new RangeError(
          `player ${p.slot} event ${p.event} differs from entity ${p.slot + 1} event ${event}`,
        );
      }
    }
    return entities;
  }
}

function writePortalBits(w: ByteWriter, bits: Uint8Array | undefined): void {
  const length = bits?.length ?? 0;
  checkInt('portal bits length', length, 0, MAX_PORTAL_BYTES);
  w.u8(length);
  if (bits !== undefined) w.bytes(bits);
}
