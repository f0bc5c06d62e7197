/**
 * A client demo segment's configstrings and entity baselines: what serverdata, the
 * configstring and baseline messages (and Q2PRO's gamestate) set up before the frames, checked
 * as the engine checks them. Cleared by each serverdata. The decoder (`decoder.ts`) reads the
 * messages and asks this store to check and keep them; frames then delta from the baselines.
 * The configstring layout is the decoder's (serverdata sets it) and is passed in as `cs`.
 */
import type { ByteCursor } from '../demo/cursor.js';
import type { DemoParseErrorCode } from '../demo/errors.js';
import { configstringSize, type ConfigstringLayout } from '../demo/q2-protocol.js';
import { EntityState, NULL_STATE, readEntityDelta } from './entity-state.js';

/** Stops decoding with an error at the message being read (the decoder knows where that is). */
export type FailAtCommand = (code: DemoParseErrorCode, reason: string) => never;

export class ConfigstringStore {
  /** The strings the header and the player names need (see `read`). */
  private strings = new Map<number, string>();
  /** Spawn states by entity number: what a frame's new entities delta from. */
  baselines: (EntityState | undefined)[] = [];

  constructor(private readonly fail: FailAtCommand) {}

  /** Forgets the last segment (a serverdata). */
  clear(): void {
    this.strings = new Map();
    this.baselines = [];
  }

  /**
   * Reads the string of configstring `index`: kept when the header or a player name needs it,
   * else only measured (checked all the same). Building every string (models, sounds, images,
   * …) was a few per cent of decoding a client demo. Returns the player slot whose name this
   * string sets, or -1.
   */
  read(c: ByteCursor, index: number, cs: ConfigstringLayout): number {
    const kept =
      index === cs.models + 1 ||
      index === cs.maxclients ||
      index === cs.mapchecksum ||
      (index >= cs.playerskins && index < cs.playerskins + 256);
    if (!kept) {
      this.check(index, c.skipString(), cs);
      return -1;
    }
    const value = c.string();
    this.check(index, value.length, cs);
    this.strings.set(index, value);
    return index >= cs.playerskins && index < cs.playerskins + 256 ? index - cs.playerskins : -1;
  }

  /** A configstring's index and length (bytes without the NUL) as the engine checks them. */
  private check(index: number, length: number, cs: ConfigstringLayout): void {
    if (index >= cs.end) {
      this.fail('BAD_CONFIGSTRING', `configstring index ${index} >= ${cs.end}`);
    }
    if (length >= configstringSize(cs, index)) {
      this.fail(
        'BAD_CONFIGSTRING',
        `configstring ${index} of ${length} bytes does not fit its ${configstringSize(cs, index)}`,
      );
    }
  }

  /** The world model configstring verbatim ('' when absent). */
  worldmodel(cs: ConfigstringLayout): string {
    return this.strings.get(cs.models + 1) ?? '';
  }

  /** Integer value of the maxclients configstring (0 when absent or not a number). */
  maxclients(cs: ConfigstringLayout): number {
    return parseInt(this.strings.get(cs.maxclients) ?? '0', 10) || 0;
  }

  /** Integer value of the map checksum configstring (0 when absent). */
  mapChecksum(cs: ConfigstringLayout): number {
    return parseInt(this.strings.get(cs.mapchecksum) ?? '0', 10) | 0;
  }

  /** A player's name: its player-skin configstring before the `\`, '' if none. */
  playerName(cs: ConfigstringLayout, slot: number): string {
    const s = this.strings.get(cs.playerskins + slot) ?? '';
    const cut = s.indexOf('\\');
    return cut < 0 ? s : s.slice(0, cut);
  }

  /** Reads the baseline of entity `number` (its header bits in `bits`: low word, high word). */
  readBaseline(
    c: ByteCursor,
    number: number,
    bits: Int32Array,
    cs: ConfigstringLayout,
    esFlags: number,
  ): void {
    if (number < 1 || number >= cs.maxEdicts) {
      this.fail('BAD_ENTITY_NUMBER', `entity number ${number} outside 1..${cs.maxEdicts - 1}`);
    }
    const state = new EntityState(NULL_STATE);
    readEntityDelta(c, state, NULL_STATE, number, bits[0], esFlags, bits[1]);
    this.baselines[number] = state;
  }
}
