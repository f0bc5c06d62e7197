/**
 * A client demo segment's configstrings and entity baselines: what the configstring and
 * baseline messages (and Q2PRO's gamestate) set up before the frames, checked as the engine
 * checks them, and forgotten at the next serverdata.
 *
 * The decoder (`decoder.ts`) reads the messages and hands the cursor here. Checks return the
 * reason a message is refused ('' when it is fine) instead of throwing: the decoder knows the
 * message's offset and names the error. Only the strings navgen reports are kept (the world
 * model, maxclients, the map checksum, the player skins); the others are measured and checked.
 */
import type { ByteCursor } from '../demo/cursor.js';
import { CS_LAYOUT_OLD, configstringSize, type ConfigstringLayout } from '../demo/q2-protocol.js';
import { EntityState, NULL_STATE, readEntityDelta } from './entity-state.js';

/** Player slots a configstring layout has skins for. */
const PLAYER_SKINS = 256;

export class ConfigstringStore {
  /** The segment's configstring layout (serverdata's protocol and flags decide it). */
  private layout: ConfigstringLayout = CS_LAYOUT_OLD;
  /** The kept strings by index (see `readString`). */
  private strings = new Map<number, string>();
  /** Spawn states by entity number: what a frame's new entities delta from. */
  private baselines: (EntityState | undefined)[] = [];

  /**
   * The layout of the segment serverdata begins. (Set before the last segment's header is
   * flushed and its strings are cleared, as the decoder always did.)
   */
  setLayout(layout: ConfigstringLayout): void {
    this.layout = layout;
  }

  /** Forgets the last segment's strings and baselines (a serverdata). */
  clear(): void {
    this.strings = new Map();
    this.baselines = [];
  }

  /**
   * Reads the string of configstring `index`. Building every string (models, sounds, images,
   * …) was a few per cent of decoding a client demo, so only the kept ones are built. Returns
   * why the engine would refuse it, or '' when it is fine (and then kept if navgen needs it).
   */
  readString(c: ByteCursor, index: number): string {
    const cs = this.layout;
    const kept =
      index === cs.models + 1 ||
      index === cs.maxclients ||
      index === cs.mapchecksum ||
      this.playerSlot(index) >= 0;
    if (!kept) return this.refusal(index, c.skipString());
    const value = c.string();
    const refused = this.refusal(index, value.length);
    if (refused === '') this.strings.set(index, value);
    return refused;
  }

  /** A configstring's index and length (bytes without the NUL) as the engine checks them. */
  private refusal(index: number, length: number): string {
    const cs = this.layout;
    if (index >= cs.end) return `configstring index ${index} >= ${cs.end}`;
    const size = configstringSize(cs, index);
    if (length >= size) return `configstring ${index} of ${length} bytes does not fit its ${size}`;
    return '';
  }

  /** The player slot whose skin (and name) configstring `index` is, or -1. */
  playerSlot(index: number): number {
    const first = this.layout.playerskins;
    return index >= first && index < first + PLAYER_SKINS ? index - first : -1;
  }

  /** The world model configstring as sent (`maps/<name>.bsp`), '' when absent. */
  worldmodel(): string {
    return this.strings.get(this.layout.models + 1) ?? '';
  }

  /** The maxclients configstring as a number (0 when absent or not a number). */
  maxclients(): number {
    return parseInt(this.strings.get(this.layout.maxclients) ?? '0', 10) || 0;
  }

  /** The map checksum configstring as a 32-bit integer (0 when absent). */
  mapChecksum(): number {
    return parseInt(this.strings.get(this.layout.mapchecksum) ?? '0', 10) | 0;
  }

  /** A player's name: its skin configstring up to the `\`, '' when none was sent. */
  playerName(slot: number): string {
    const s = this.strings.get(this.layout.playerskins + slot) ?? '';
    const cut = s.indexOf('\\');
    return cut < 0 ? s : s.slice(0, cut);
  }

  /**
   * Reads the baseline of entity `number` (checked by the decoder) whose header the decoder
   * read: `bits`/`hi` its low and high delta bits, `esFlags` the protocol's entity options.
   */
  readBaseline(c: ByteCursor, number: number, bits: number, hi: number, esFlags: number): void {
    const state = new EntityState(NULL_STATE);
    readEntityDelta(c, state, NULL_STATE, number, bits, esFlags, hi);
    this.baselines[number] = state;
  }

  /** What a new entity of a frame deltas from: its baseline, or the null state. */
  baseline(number: number): Readonly<EntityState> {
    return this.baselines[number] ?? NULL_STATE;
  }
}
