/**
 * The entity lists of the frames a client demo may still delta from (the engine's 16-frame
 * `UPDATE_BACKUP` window), without a full copy per frame.
 *
 * A frame's list is the list of the frame it deltas from with a few changes (in the fixture
 * demos about 20 entities, of which under 2 change per frame). Copying every unchanged entity
 * into a list of its own was about a quarter of decoding a frame. Here one list is live (the
 * last decoded frame's, patched in place by the next frame), and each frame keeps only how it
 * was made: its base and the changes applied to it (`EntityList.log`), so that a frame can be
 * rebuilt when a later frame deltas from it while it is no longer live (rare: demos delta from
 * the frame before). Every {@link SNAPSHOT_DEPTH}th list of a chain keeps a full copy, which
 * bounds both the rebuild and the memory a chain holds.
 *
 * The patch is the engine's merge of the old list with the frame's deltas (walk, replace,
 * insert, remove at one position), so a damaged demo's unordered or repeated entity numbers
 * give the same list, and the same errors at the same places, as a merge into a new list.
 */
import { shareable, type EntityState } from './entity-state.js';

/** Changes after which a list keeps a full copy of its own (and ends its chain). */
const SNAPSHOT_DEPTH = 16;
/** Entities the live list has room for before it grows. */
const INITIAL_CAPACITY = 128;

/** How one change is encoded in `EntityList.log`: kind in the low bits, position above. */
const OP_REPLACE = 0;
const OP_INSERT = 1;
const OP_REMOVE = 2;
const OP_BITS = 2;
const OP_MASK = (1 << OP_BITS) - 1;

/** One frame's entity list: a full copy, or its base and the changes made to it. */
export class EntityList {
  /** The list this one was made from; null when this one holds a full copy. */
  declare parent: EntityList | null;
  /** Lists between this one and the full copy its chain starts from. */
  declare depth: number;
  /**
   * Changes to the parent's list, in order: each an op (`OP_*` | position << OP_BITS), and
   * after a REPLACE or an INSERT the state it puts in. One array made on the first change
   * (allocations per frame showed in the profile).
   */
  declare log: (number | EntityState)[] | null;
  /** The full copy (when `parent` is null). */
  declare snapshot: readonly EntityState[];

  // Fields set here, not by initializers: V8 runs initializers as a function of their own.
  constructor(parent: EntityList | null) {
    this.parent = parent;
    this.depth = parent ? parent.depth + 1 : 0;
    this.log = null;
    this.snapshot = NO_ENTS;
  }
}

const NO_ENTS: readonly EntityState[] = [];

/** The list of a frame without a delta base: no entity. */
export const EMPTY_LIST = new EntityList(null);

/**
 * The live entity list (ascending entity numbers, except in damaged demos, whose order is kept
 * as the engine keeps it) and the list of the frame it belongs to. The decoder reads and
 * patches `ents`/`nums`/`keep` directly; every change goes through the methods below, which
 * record it in the list being built.
 */
export class EntityHistory {
  /** States of the live list. */
  ents: EntityState[] = [];
  /** Beside each state: its entity number (read without touching the state object). */
  nums = new Int32Array(INITIAL_CAPACITY);
  /**
   * Beside each state: 1 when a frame that leaves it unchanged can share it (`shareable`,
   * fixed once the state is stored), so the walk over unchanged entities reads this array
   * instead of every state object.
   */
  keep = new Uint8Array(INITIAL_CAPACITY);
  count = 0;
  /** Entries of `keep` that are 0: none (the usual case) lets the decoder skip the walk. */
  dirty = 0;
  /** Whose list the live one is (null: none yet). */
  private liveList: EntityList | null = null;
  /** The base of the list being built by `begin` … `end`. */
  private base: EntityList = EMPTY_LIST;
  /** The list being built, made on its first change (null: none yet). */
  private building: EntityList | null = null;

  /**
   * Starts the list of a new frame that deltas from `base` (EMPTY_LIST: from nothing): makes
   * `base` live, rebuilding it if another list is live.
   */
  begin(base: EntityList): void {
    if (base !== this.liveList) this.rebuild(base);
    this.base = base;
    this.building = null;
  }

  /**
   * Ends the list `begin` started and returns it: it is live now, and keeps a full copy every
   * so often. A frame that changed nothing has its base's list (the same entities): no list
   * of its own, and no longer chain.
   */
  end(): EntityList {
    const list = this.building;
    if (list === null) {
      this.liveList = this.base;
      return this.base;
    }
    this.liveList = list;
    if (list.depth >= SNAPSHOT_DEPTH) {
      list.snapshot = this.ents.slice(0, this.count);
      // The chain before it is no longer needed (and no longer held).
      list.parent = null;
      list.depth = 0;
    }
    return list;
  }

  /** The list being built, made now if this is its first change. */
  private changing(): EntityList {
    let list = this.building;
    if (list === null) {
      list = new EntityList(this.base);
      this.building = list;
    }
    return list;
  }

  /** `e` in place of the state at `p` (same entity number). */
  replace(p: number, e: EntityState): void {
    this.set(p, e);
    this.record(OP_REPLACE | (p << OP_BITS), e);
  }

  /** `e` inserted at `p`, the states from `p` on moving up one. */
  insert(p: number, e: EntityState): void {
    this.insertAt(p, e);
    this.record(OP_INSERT | (p << OP_BITS), e);
  }

  /** The state at `p` removed, the ones after it moving down one. */
  remove(p: number): void {
    this.removeAt(p);
    const list = this.changing();
    if (list.log === null) list.log = [OP_REMOVE | (p << OP_BITS)];
    else list.log.push(OP_REMOVE | (p << OP_BITS));
  }

  private record(op: number, e: EntityState): void {
    const list = this.changing();
    if (list.log === null) list.log = [op, e];
    else list.log.push(op, e);
  }

  /** `e` in place of the state at `p` (same entity number), `keep` and `dirty` following. */
  private set(p: number, e: EntityState): void {
    this.ents[p] = e;
    const k = shareable(e) ? 1 : 0;
    this.dirty += this.keep[p] - k;
    this.keep[p] = k;
  }

  private insertAt(p: number, e: EntityState): void {
    const n = this.count;
    if (n === this.nums.length) this.grow();
    // Plain loops: `copyWithin` is a call into the runtime, slower for these few entries.
    const ents = this.ents;
    const nums = this.nums;
    const keep = this.keep;
    for (let i = n; i > p; i--) {
      ents[i] = ents[i - 1];
      nums[i] = nums[i - 1];
      keep[i] = keep[i - 1];
    }
    ents[p] = e;
    this.nums[p] = e.number;
    this.keep[p] = 1;
    this.count = n + 1;
    this.set(p, e);
  }

  private removeAt(p: number): void {
    const n = this.count - 1;
    this.dirty -= 1 - this.keep[p];
    const ents = this.ents;
    const nums = this.nums;
    const keep = this.keep;
    for (let i = p; i < n; i++) {
      ents[i] = ents[i + 1];
      nums[i] = nums[i + 1];
      keep[i] = keep[i + 1];
    }
    this.count = n;
  }

  private grow(): void {
    const nums = new Int32Array(this.nums.length * 2);
    nums.set(this.nums);
    const keep = new Uint8Array(nums.length);
    keep.set(this.keep);
    this.nums = nums;
    this.keep = keep;
  }

  /** Makes `list` live: its chain's full copy, then every change after it, in order. */
  private rebuild(list: EntityList): void {
    const chain: EntityList[] = [];
    let full = list;
    while (full.parent !== null) {
      chain.push(full);
      full = full.parent;
    }
    const n = full.snapshot.length;
    while (this.nums.length < n) this.grow();
    this.ents = full.snapshot.slice();
    this.count = n;
    this.dirty = 0;
    for (let i = 0; i < n; i++) {
      this.nums[i] = this.ents[i].number;
      this.keep[i] = 1;
      this.set(i, this.ents[i]);
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      const log = chain[k].log;
      if (log === null) continue;
      for (let i = 0; i < log.length;) {
        const op = log[i++] as number;
        const p = op >> OP_BITS;
        const kind = op & OP_MASK;
        if (kind === OP_REMOVE) {
          this.removeAt(p);
          continue;
        }
        const e = log[i++] as EntityState;
        if (kind === OP_INSERT) this.insertAt(p, e);
        else this.set(p, e);
      }
    }
    this.liveList = list;
  }
}
