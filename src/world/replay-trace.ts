/**
 * Replays one golden collision line recorded inside the engine (`../shared/fixtures/trace/`,
 * schema in `../shared/fixtures/pmove/README.md`) against a collision model and lists every
 * output field that differs. Floats are compared as float32 bit patterns (`golden-mismatch.ts`).
 *
 * Kinds: `world` (a sweep through the world tree), `box` (a sweep through the box hull of a
 * bounding-box entity, built from `boxmins`/`boxmaxs`), `bmodel` (a sweep through an inline
 * model, `headnode` being its node in the BSP), `pointcontents` (a world point query).
 */
import { headnodeForBox, surfaceName, type CollisionModel } from './collision-model.js';
import {
  exactFloat,
  exactValue,
  formatGoldenMismatches,
  type GoldenMismatch,
} from './golden-mismatch.js';
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
export type TraceMismatch = GoldenMismatch<number | string | boolean>;

export interface TraceReplay {
  readonly kind: TraceLineKind;
  readonly mismatches: TraceMismatch[];
}

/** The engine's trace surface keeps 15 bytes of the texture name (`csurface_t.name[16]`). */
const SURFACE_NAME_BYTES = 15;

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
    exactValue(mismatches, 'contents', line.contents as number, actual);
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
  exactValue(mismatches, 'startsolid', line.startsolid as boolean, out.startsolid);
  exactValue(mismatches, 'allsolid', line.allsolid as boolean, out.allsolid);
  exactValue(mismatches, 'contents', line.contents as number, out.contents);
  exactValue(mismatches, 'surfflags', line.surfflags as number, out.surfaceFlags);
  exactValue(mismatches, 'surfvalue', line.surfvalue as number, out.surfaceValue);
  const name = surfaceName(m, out.surface).slice(0, SURFACE_NAME_BYTES);
  exactValue(mismatches, 'surface', line.surface as string, name);
  return { kind, mismatches };
}

/** One line per mismatch: `endpos[2]: expected -638.96875 (0xc41fbe00), got … (…)`. */
export const formatMismatches: (mismatches: readonly TraceMismatch[]) => string =
  formatGoldenMismatches;
