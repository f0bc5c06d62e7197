/**
 * The MVD commands besides serverdata and frame, as the recorder writes them (`SV_Mvd*` in the
 * engine's `mvd.c`): multicasts and unicasts with their length split between a byte and the
 * command byte's extra bits, sounds, prints, configstrings, nops, and raw bytes for anything a
 * test wants to inject (reserved opcodes, damaged commands).
 */
import {
  MvdOp,
  SND_ATTENUATION,
  SND_INDEX16,
  SND_OFFSET,
  SND_VOLUME,
  SVCMD_BITS,
} from '../../src/sources/mvd2/protocol.js';
import { ByteWriter, checkInt } from './byte-writer.js';

/** Largest multicast or unicast payload: 8 bits plus 3 extra bits (the engine stops at 2048). [Units: bytes] */
export const MAX_PAYLOAD = 0x7ff;

/** Who a multicast is for (`multicast_t` without the reliable twins). */
export type MulticastTarget = 'all' | 'phs' | 'pvs';

export interface MulticastCommand {
  readonly kind: 'multicast';
  readonly to: MulticastTarget;
  readonly reliable?: boolean;
  /** BSP leaf the PHS / PVS is taken from; only sent for phs and pvs. Default 0. */
  readonly leaf?: number;
  /** svc bytes the server multicast; the reader skips them by length. [Limit: <= 2047 bytes] */
  readonly payload: Uint8Array;
}

/** One svc command inside a unicast. `raw` stands for any other svc (the reader stops there). */
export type UnicastItem =
  | { readonly kind: 'layout'; readonly text: string }
  | { readonly kind: 'print'; readonly level: number; readonly text: string }
  | { readonly kind: 'stufftext'; readonly text: string }
  | { readonly kind: 'configstring'; readonly index: number; readonly value: string }
  | { readonly kind: 'raw'; readonly bytes: Uint8Array };

export interface UnicastCommand {
  readonly kind: 'unicast';
  readonly reliable?: boolean;
  /** Player slot the data was for. */
  readonly client: number;
  readonly items: readonly UnicastItem[];
}

export interface SoundCommand {
  readonly kind: 'sound';
  /** Sound configstring index; above 255 it is sent as 16 bits (SND_INDEX16). */
  readonly index: number;
  /** Entity the sound is attached to. */
  readonly entity: number;
  /** [Limit: 0..7] */
  readonly channel?: number;
  /** Raw volume byte; omitted = not sent. */
  readonly volume?: number;
  /** Raw attenuation byte; omitted = not sent. */
  readonly attenuation?: number;
  /** Raw time offset byte; omitted = not sent. */
  readonly offset?: number;
  /** Extra SND_* bits to set in the flag byte (SND_INDEX16 for a small index, for example). */
  readonly extraFlags?: number;
  /** Extra bit 0: CHAN_NO_PHS_ADD. */
  readonly noPhsAdd?: boolean;
  /** Extra bit 1: CHAN_RELIABLE. */
  readonly reliable?: boolean;
}

export interface PrintCommand {
  readonly kind: 'print';
  readonly level: number;
  readonly text: string;
}

export interface ConfigstringCommand {
  readonly kind: 'configstring';
  readonly index: number;
  readonly value: string;
}

export interface NopCommand {
  readonly kind: 'nop';
}

/** Bytes written as they are, for commands the writer has no model of. */
export interface RawCommand {
  readonly kind: 'raw';
  readonly bytes: Uint8Array;
}

export type MvdCommand =
  | MulticastCommand
  | UnicastCommand
  | SoundCommand
  | PrintCommand
  | ConfigstringCommand
  | NopCommand
  | RawCommand;

const MULTICAST_OP: Readonly<Record<MulticastTarget, number>> = {
  all: MvdOp.MulticastAll,
  phs: MvdOp.MulticastPhs,
  pvs: MvdOp.MulticastPvs,
};
/** Distance from a multicast opcode to its reliable twin. */
const RELIABLE_OFFSET = MvdOp.MulticastAllR - MvdOp.MulticastAll;

/** svc opcodes of the unicast items (`svc_ops_t`). */
const SVC_LAYOUT = 4;
const SVC_PRINT = 10;
const SVC_STUFFTEXT = 11;
const SVC_CONFIGSTRING = 13;

/** Appends one command to `w`. */
export function writeCommand(w: ByteWriter, cmd: MvdCommand): void {
  switch (cmd.kind) {
    case 'multicast': {
      checkInt('multicast payload length', cmd.payload.length, 0, MAX_PAYLOAD);
      const op = MULTICAST_OP[cmd.to] + (cmd.reliable ? RELIABLE_OFFSET : 0);
      writeLengthCommand(w, op, cmd.payload.length);
      if (cmd.to !== 'all') w.u16(cmd.leaf ?? 0, 'multicast leaf');
      w.bytes(cmd.payload);
      return;
    }
    case 'unicast': {
      const payload = unicastPayload(cmd.items);
      checkInt('unicast payload length', payload.length, 0, MAX_PAYLOAD);
      writeLengthCommand(w, cmd.reliable ? MvdOp.UnicastR : MvdOp.Unicast, payload.length);
      w.u8(cmd.client, 'unicast client');
      w.bytes(payload);
      return;
    }
    case 'sound':
      writeSound(w, cmd);
      return;
    case 'print':
      w.u8(MvdOp.Print);
      w.u8(cmd.level, 'print level');
      w.string(cmd.text, 'print text');
      return;
    case 'configstring':
      w.u8(MvdOp.Configstring);
      w.u16(cmd.index, 'configstring index');
      w.string(cmd.value, `configstring ${cmd.index}`);
      return;
    case 'nop':
      w.u8(MvdOp.Nop);
      return;
    case 'raw':
      w.bytes(cmd.bytes);
      return;
  }
}

/** Command byte with the length's high 3 bits as extra bits, then its low byte. */
function writeLengthCommand(w: ByteWriter, op: number, length: number): void {
  w.u8(op | ((length >> 8) << SVCMD_BITS));
  w.u8(length & 0xff);
}

function unicastPayload(items: readonly UnicastItem[]): Uint8Array {
  const w = new ByteWriter(64);
  for (const item of items) {
    switch (item.kind) {
      case 'layout':
        w.u8(SVC_LAYOUT);
        w.string(item.text, 'layout');
        break;
      case 'print':
        w.u8(SVC_PRINT);
        w.u8(item.level, 'print level');
        w.string(item.text, 'print text');
        break;
      case 'stufftext':
        w.u8(SVC_STUFFTEXT);
        w.string(item.text, 'stufftext');
        break;
      case 'configstring':
        w.u8(SVC_CONFIGSTRING);
        w.u16(item.index, 'configstring index');
        w.string(item.value, `configstring ${item.index}`);
        break;
      case 'raw':
        w.bytes(item.bytes);
        break;
    }
  }
  return w.toBytes();
}

function writeSound(w: ByteWriter, s: SoundCommand): void {
  let flags = s.extraFlags ?? 0;
  if (s.index > 0xff) flags |= SND_INDEX16;
  if (s.volume !== undefined) flags |= SND_VOLUME;
  if (s.attenuation !== undefined) flags |= SND_ATTENUATION;
  if (s.offset !== undefined) flags |= SND_OFFSET;
  const extrabits = (s.noPhsAdd ? 1 : 0) | (s.reliable ? 2 : 0);
  w.u8(MvdOp.Sound | (extrabits << SVCMD_BITS));
  w.u8(flags, 'sound flags');
  if (flags & SND_INDEX16) w.u16(s.index, 'sound index');
  else w.u8(s.index, 'sound index');
  if (s.volume !== undefined) w.u8(s.volume, 'sound volume');
  if (s.attenuation !== undefined) w.u8(s.attenuation, 'sound attenuation');
  if (s.offset !== undefined) w.u8(s.offset, 'sound offset');
  const channel = s.channel ?? 0;
  checkInt('sound channel', channel, 0, 7);
  checkInt('sound entity', s.entity, 0, 0x1fff);
  w.u16((s.entity << 3) | channel);
}
