/**
 * The `.strafe_traces` archive: the high-speed traversals the speed filter took out of the
 * link votes, kept as training data for a future strafe-jumping bot.
 *
 * Layout, little-endian, built like a `.nav`:
 * ```
 * 4 bytes  magic "NGST"
 * u8       version (1)
 * i32      uncompressed payload length
 * i32      compressed payload length
 * …        zlib stream (level 9, pako) of the payload:
 *   u8 n, n bytes   map name (Latin-1)
 *   u32             trace count
 *   per trace:      f32 × 3 from, f32 × 3 to, f32 speed (u/s), f32 dt (s),
 *                   u16 frames, then frames × (f32 x, f32 y, f32 z, f32 t)
 * ```
 * Traces are in build order (demos by content hash, then time), so the same inputs give the
 * same bytes. {@link readStrafeTraces} reads it back.
 */
import { readFile } from 'node:fs/promises';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import { deflate, inflate } from 'pako';
import { writeFileAtomic } from '../files/atomic-write.js';

export interface StrafeTrace {
  /** [Units: world units; Form: (x, y, z)] */
  readonly from: ReadonlyVec3;
  readonly to: ReadonlyVec3;
  /** [Units: u/s] */
  readonly speed: number;
  /** [Units: s] */
  readonly dt: number;
  /** [Form: (x, y, z, t) × frames] */
  readonly path: readonly number[];
}

export interface StrafeTraceFile {
  readonly map: string;
  readonly traces: readonly StrafeTrace[];
}

const MAGIC = [0x4e, 0x47, 0x53, 0x54]; // NGST
const VERSION = 1;
const HEADER = 13;
const MAX_FRAMES = 0xffff;

export class StrafeTraceError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    reason: string,
  ) {
    super(`${file}@0x${offset.toString(16)}: ${reason}`);
    this.name = 'StrafeTraceError';
  }
}

export function encodeStrafeTraces(f: StrafeTraceFile): Uint8Array {
  const name = Buffer.from(f.map, 'latin1').subarray(0, 255);
  let size = 1 + name.length + 4;
  for (const t of f.traces) size += 8 * 4 + 2 + Math.min(MAX_FRAMES, t.path.length / 4) * 16;
  const payload = new Uint8Array(size);
  const v = new DataView(payload.buffer);
  let p = 0;
  v.setUint8(p++, name.length);
  payload.set(name, p);
  p += name.length;
  v.setUint32(p, f.traces.length, true);
  p += 4;
  for (const t of f.traces) {
    for (const x of [...t.from, ...t.to, t.speed, t.dt]) {
      v.setFloat32(p, x, true);
      p += 4;
    }
    const frames = Math.min(MAX_FRAMES, t.path.length / 4);
    v.setUint16(p, frames, true);
    p += 2;
    for (let i = 0; i < frames * 4; i++) {
      v.setFloat32(p, t.path[i], true);
      p += 4;
    }
  }
  const z = deflate(payload, { level: 9 });
  const out = new Uint8Array(HEADER + z.length);
  const h = new DataView(out.buffer);
  out.set(MAGIC, 0);
  h.setUint8(4, VERSION);
  h.setInt32(5, payload.length, true);
  h.setInt32(9, z.length, true);
  out.set(z, HEADER);
  return out;
}

export function decodeStrafeTraces(bytes: Uint8Array, file: string): StrafeTraceFile {
  if (bytes.length < HEADER)
    throw new StrafeTraceError(file, 0, `file is ${bytes.length} bytes, shorter than the header`);
  if (!MAGIC.every((b, i) => bytes[i] === b))
    throw new StrafeTraceError(file, 0, 'not a .strafe_traces file (magic)');
  const h = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (h.getUint8(4) !== VERSION)
    throw new StrafeTraceError(file, 4, `unsupported version ${h.getUint8(4)}`);
  const length = h.getInt32(5, true);
  const zlen = h.getInt32(9, true);
  if (zlen !== bytes.length - HEADER)
    throw new StrafeTraceError(
      file,
      9,
      `compressed length ${zlen} but ${bytes.length - HEADER} bytes follow`,
    );
  let payload: Uint8Array;
  try {
    payload = inflate(bytes.subarray(HEADER));
  } catch (e) {
    throw new StrafeTraceError(file, HEADER, `zlib stream damaged: ${String(e)}`);
  }
  if (payload.length !== length)
    throw new StrafeTraceError(
      file,
      5,
      `payload is ${payload.length} bytes, header says ${length}`,
    );
  const v = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  let p = 0;
  const need = (n: number): void => {
    if (p + n > payload.length)
      throw new StrafeTraceError(file, p, `payload ends inside a record (offset in payload)`);
  };
  need(1);
  const nameLength = v.getUint8(p++);
  need(nameLength + 4);
  const map = Buffer.from(payload.buffer, payload.byteOffset + p, nameLength).toString('latin1');
  p += nameLength;
  const count = v.getUint32(p, true);
  p += 4;
  const traces: StrafeTrace[] = [];
  for (let k = 0; k < count; k++) {
    need(8 * 4 + 2);
    const f = Array.from({ length: 8 }, (_, i) => v.getFloat32(p + i * 4, true));
    p += 32;
    const frames = v.getUint16(p, true);
    p += 2;
    need(frames * 16);
    const path = Array.from({ length: frames * 4 }, (_, i) => v.getFloat32(p + i * 4, true));
    p += frames * 16;
    traces.push({ from: [f[0], f[1], f[2]], to: [f[3], f[4], f[5]], speed: f[6], dt: f[7], path });
  }
  if (p !== payload.length) throw new StrafeTraceError(file, p, 'bytes after the last trace');
  return { map, traces };
}

export async function readStrafeTraces(path: string): Promise<StrafeTraceFile> {
  return decodeStrafeTraces(await readFile(path), path);
}

/** Writes atomically, after checking that the bytes read back to the same traces count. */
export async function writeStrafeTraces(path: string, f: StrafeTraceFile): Promise<number> {
  const bytes = encodeStrafeTraces(f);
  await writeFileAtomic(path, bytes, {
    verify: async (temp) => {
      const back = decodeStrafeTraces(await readFile(temp), temp);
      if (back.traces.length !== f.traces.length)
        throw new Error(`${path}: re-read ${back.traces.length} traces, wrote ${f.traces.length}`);
    },
  });
  return bytes.length;
}
