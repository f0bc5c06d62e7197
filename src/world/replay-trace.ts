/**
 * Replays one golden collision line recorded inside the engine (`../shared/fixtures/trace/`,
 * schema in `../shared/fixtures/pmove/README.md`) against a collision model and lists every
 * output field that differs. Floats are compared as float32 bit patterns (the recorded `%.9g`
 * text rounded back with `Math.fround`), never with a tolerance.
 *
 * Kinds: `world` (a sweep through the world tree), `box` (a sweep through the box hull of a
 * bounding-box entity, built from `boxmins`/`boxmaxs`), `bmodel` (a sweep through an inline
 * model, `headnode` being its node in the BSP), `pointcontents` (a world point query).
 */
import { headnodeForBox, surfaceName, type CollisionModel } from './collision-model.js';
import { pointContents } from './point-contents.js';
import { boxTrace, newTraceResult, transformedBoxTrace, type TraceResult } from './trace.js';

export type TraceLineKind = 'world' | 'box' | 'bmodel' | 'pointcontents';
export const TRACE_LINE_KINDS: readonly TraceLineKind[] = [
  'world',
  'box',
  'bmodel',
  'pointcontents',
];

/** One output field that differs from the engine's. */
export interface TraceMismatch {
  /** Field name, with the component for vectors (`endpos[2]`). */
  readonly field: string;
  readonly expected: number | string | boolean;
  readonly actual: number | string | boolean;
  /** Float32 bit patterns (hex) of float fields. */
  readonly expectedBits?: string;
  readonly actualBits?: string;
}

export interface TraceReplay {
  readonly kind: TraceLineKind;
  readonly mismatches: TraceMismatch[];
}

/** The engine's trace surface keeps 15 bytes of the texture name (`csurface_t.name[16]`). */
const SURFACE_NAME_BYTES = 15;

const bitsView = new DataView(new ArrayBuffer(4));
function float32Bits(x: number): string {
  bitsView.setFloat32(0, x, true);
  return '0x' + bitsView.getUint32(0, true).toString(16).padStart(8, '0');
}

const scratch = newTraceResult();

/** Replays `line` (one parsed JSON object) against `m`. Throws on an unknown kind. */
export function replayTraceLine(
  m: CollisionModel,
  line: Record<string, unknown>,
  out: TraceResult = scratch,
): TraceReplay {
  const kind = line.kind as TraceLineKind;
  const mismatches: TraceMismatch[] = [];
  const vec = (key: string) => line[key] as number[];

  if (kind === 'pointcontents') {
    const actual = pointContents(m, vec('point'), line.headnode as number);
    exactInt(mismatches, 'contents', line.contents as number, actual);
    return { kind, mismatches };
  }
  if (kind === 'world') {
    boxTrace(
      m,
      vec('start'),
      vec('end'),
      vec('mins'),
      vec('maxs'),
      line.headnode as number,
      line.brushmask as number,
      out,
    );
  } else if (kind === 'box' || kind === 'bmodel') {
    const headnode =
      kind === 'box'
        ? headnodeForBox(m, vec('boxmins'), vec('boxmaxs'))
        : (line.headnode as number);
    transformedBoxTrace(
      m,
      vec('start'),
      vec('end'),
      vec('mins'),
      vec('maxs'),
      headnode,
      line.brushmask as number,
      vec('origin'),
      vec('angles'),
      out,
    );
  } else {
    throw new Error(`unknown trace line kind ${JSON.stringify(line.kind)}`);
  }

  exactFloat(mismatches, 'fraction', line.fraction as number, out.fraction);
  const endpos = vec('endpos');
  const normal = vec('normal');
  for (let k = 0; k < 3; k++) {
    exactFloat(mismatches, `endpos[${k}]`, endpos[k], out.endpos[k]);
    exactFloat(mismatches, `normal[${k}]`, normal[k], out.normal[k]);
  }
  exactFloat(mismatches, 'dist', line.dist as number, out.dist);
  exactBool(mismatches, 'startsolid', line.startsolid as boolean, out.startsolid);
  exactBool(mismatches, 'allsolid', line.allsolid as boolean, out.allsolid);
  exactInt(mismatches, 'contents', line.contents as number, out.contents);
  exactInt(mismatches, 'surfflags', line.surfflags as number, out.surfaceFlags);
  exactInt(mismatches, 'surfvalue', line.surfvalue as number, out.surfaceValue);
  const name = surfaceName(m, out.surface).slice(0, SURFACE_NAME_BYTES);
  if (name !== line.surface) {
    mismatches.push({ field: 'surface', expected: line.surface as string, actual: name });
  }
  return { kind, mismatches };
}

function exactFloat(list: TraceMismatch[], field: string, expected: number, actual: number) {
  const e = float32Bits(Math.fround(expected));
  const a = float32Bits(actual);
  if (e !== a) {
    list.push({ field, expected, actual, expectedBits: e, actualBits: a });
  }
}

function exactInt(list: TraceMismatch[], field: string, expected: number, actual: number) {
  if (expected !== actual) list.push({ field, expected, actual });
}

function exactBool(list: TraceMismatch[], field: string, expected: boolean, actual: boolean) {
  if (expected !== actual) list.push({ field, expected, actual });
}

/** One line per mismatch: `endpos[2]: expected -638.96875 (0xc41fbe00), got … (…)`. */
export function formatMismatches(mismatches: readonly TraceMismatch[]): string {
  return mismatches
    .map((d) => {
      const e = d.expectedBits ? `${d.expected} (${d.expectedBits})` : JSON.stringify(d.expected);
      const a = d.actualBits ? `${d.actual} (${d.actualBits})` : JSON.stringify(d.actual);
      return `${d.field}: expected ${e}, got ${a}`;
    })
    .join('\n');
}
