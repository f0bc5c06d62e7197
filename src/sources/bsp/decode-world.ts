/**
 * Decodes the geometry lumps of a header-checked BSP into a {@link BspWorld}, checking every
 * cross-lump index the way the engine's loader does, so that later code can follow indices
 * without bounds checks and a point query can walk the node tree without looping forever.
 *
 * Every array is sized from a lump length that the header check has bounded by the file size,
 * and is never wider than the records it comes from: decoding allocates at most about the
 * size of the file. Records are read through a `DataView` because lumps need not be aligned.
 */
import { BspError } from './errors.js';
import { LUMP_NAMES, LUMP_RECORD_SIZES, Lump, type LumpExtent } from './lumps.js';
import type {
  BspBrushSides,
  BspBrushes,
  BspFaces,
  BspLeaves,
  BspModels,
  BspNodes,
  BspPlanes,
  BspTexinfo,
  BspWorld,
} from './world.js';

/** Reads records of one lump and reports bad indices at the record's absolute offset. */
class LumpReader {
  readonly count: number;
  readonly base: number;

  constructor(
    readonly view: DataView,
    readonly file: string,
    readonly lump: number,
    extent: LumpExtent,
  ) {
    this.base = extent.offset;
    this.count = extent.length / LUMP_RECORD_SIZES[lump];
  }

  /** Absolute file offset of record `i`. */
  at(i: number): number {
    return this.base + i * LUMP_RECORD_SIZES[this.lump];
  }

  /** Throws unless `value` indexes one of `limit` records of the lump named `target`. */
  index(i: number, value: number, limit: number, what: string, target: number): number {
    if (value < 0 || value >= limit) {
      this.fail(i, `${what} ${value} is not one of the ${limit} ${LUMP_NAMES[target]}`);
    }
    return value;
  }

  /** Throws unless `[first, first + count)` lies inside the `limit` records of `target`. */
  range(
    i: number,
    first: number,
    count: number,
    limit: number,
    what: string,
    target: number,
  ): void {
    if (first < 0 || count < 0 || first + count > limit) {
      this.fail(
        i,
        `${what} [${first}, ${first + count}) runs past the ${limit} ${LUMP_NAMES[target]}`,
      );
    }
  }

  fail(i: number, reason: string): never {
    const record = `${LUMP_NAMES[this.lump]} record ${i}`;
    throw new BspError('BAD_INDEX', `${record}: ${reason}`, {
      file: this.file,
      offset: this.at(i),
    });
  }
}

/** Decodes and cross-checks all geometry lumps. `lumps` must come from `readBspHeader`. */
export function decodeWorld(
  bytes: Uint8Array,
  lumps: readonly LumpExtent[],
  file: string,
): BspWorld {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reader = (lump: number) => new LumpReader(view, file, lump, lumps[lump]);

  for (const lump of [Lump.models, Lump.leaves, Lump.nodes]) {
    if (lumps[lump].length === 0) {
      throw new BspError('EMPTY_LUMP', `lump ${lump} (${LUMP_NAMES[lump]}) is empty`, {
        file,
        offset: 8 + lump * 8 + 4,
      });
    }
  }

  const planes = decodePlanes(reader(Lump.planes));
  const vertices = decodeVertices(reader(Lump.vertices));
  const edges = decodeEdges(reader(Lump.edges), vertices.length / 3);
  const surfEdges = decodeSurfEdges(reader(Lump.surfEdges), edges.length / 2);
  const texinfo = decodeTexinfo(reader(Lump.texinfo), bytes);
  const faces = decodeFaces(reader(Lump.faces), planes.count, surfEdges.length, texinfo.count);
  const leafFaces = decodeIndexList(reader(Lump.leafFaces), faces.count, 'face', Lump.faces);
  const brushSides = decodeBrushSides(reader(Lump.brushSides), planes.count, texinfo.count);
  const brushes = decodeBrushes(reader(Lump.brushes), brushSides.count);
  const leafBrushes = decodeIndexList(
    reader(Lump.leafBrushes),
    brushes.count,
    'brush',
    Lump.brushes,
  );
  const leaves = decodeLeaves(reader(Lump.leaves), leafFaces.length, leafBrushes.length);
  const nodes = decodeNodes(reader(Lump.nodes), planes.count, leaves.count);
  const models = decodeModels(reader(Lump.models), nodes.count, leaves.count, faces.count);
  checkTree(reader(Lump.nodes), nodes, models);

  return {
    planes,
    vertices,
    edges,
    surfEdges,
    faces,
    texinfo,
    leaves,
    leafFaces,
    leafBrushes,
    brushes,
    brushSides,
    models,
    nodes,
  };
}

function decodePlanes(r: LumpReader): BspPlanes {
  const normals = new Float32Array(r.count * 3);
  const dists = new Float32Array(r.count);
  for (let i = 0; i < r.count; i++) {
    const p = r.at(i);
    normals[i * 3] = r.view.getFloat32(p, true);
    normals[i * 3 + 1] = r.view.getFloat32(p + 4, true);
    normals[i * 3 + 2] = r.view.getFloat32(p + 8, true);
    dists[i] = r.view.getFloat32(p + 12, true);
  }
  return { count: r.count, normals, dists };
}

function decodeVertices(r: LumpReader): Float32Array {
  const out = new Float32Array(r.count * 3);
  for (let i = 0; i < r.count * 3; i++) out[i] = r.view.getFloat32(r.base + i * 4, true);
  return out;
}

function decodeEdges(r: LumpReader, vertexCount: number): Uint16Array {
  const out = new Uint16Array(r.count * 2);
  for (let i = 0; i < r.count; i++) {
    const p = r.at(i);
    out[i * 2] = r.index(i, r.view.getUint16(p, true), vertexCount, 'vertex', Lump.vertices);
    out[i * 2 + 1] = r.index(
      i,
      r.view.getUint16(p + 2, true),
      vertexCount,
      'vertex',
      Lump.vertices,
    );
  }
  return out;
}

function decodeSurfEdges(r: LumpReader, edgeCount: number): Int32Array {
  const out = new Int32Array(r.count);
  for (let i = 0; i < r.count; i++) {
    const e = r.view.getInt32(r.at(i), true);
    r.index(i, Math.abs(e), edgeCount, 'edge', Lump.edges);
    out[i] = e;
  }
  return out;
}

function decodeTexinfo(r: LumpReader, bytes: Uint8Array): BspTexinfo {
  const flags = new Int32Array(r.count);
  const value = new Int32Array(r.count);
  const next = new Int32Array(r.count);
  const texture: string[] = [];
  for (let i = 0; i < r.count; i++) {
    const p = r.at(i);
    flags[i] = r.view.getInt32(p + 32, true);
    value[i] = r.view.getInt32(p + 36, true);
    texture.push(latin1Until0(bytes, p + 40, p + 72));
    const n = r.view.getInt32(p + 72, true);
    next[i] = n < 0 ? -1 : r.index(i, n, r.count, 'next texinfo', Lump.texinfo);
  }
  return { count: r.count, flags, value, texture, next };
}

function decodeFaces(
  r: LumpReader,
  planeCount: number,
  surfEdgeCount: number,
  texinfoCount: number,
): BspFaces {
  const plane = new Uint16Array(r.count);
  const side = new Uint8Array(r.count);
  const firstSurfEdge = new Uint32Array(r.count);
  const count = new Uint16Array(r.count);
  const texinfo = new Uint16Array(r.count);
  for (let i = 0; i < r.count; i++) {
    const p = r.at(i);
    plane[i] = r.index(i, r.view.getUint16(p, true), planeCount, 'plane', Lump.planes);
    side[i] = r.view.getUint16(p + 2, true) === 0 ? 0 : 1;
    const first = r.view.getInt32(p + 4, true);
    const n = r.view.getUint16(p + 8, true);
    if (n < 3) r.fail(i, `a face needs at least 3 edges, has ${n}`);
    r.range(i, first, n, surfEdgeCount, 'edge range', Lump.surfEdges);
    firstSurfEdge[i] = first;
    count[i] = n;
    texinfo[i] = r.index(i, r.view.getUint16(p + 10, true), texinfoCount, 'texinfo', Lump.texinfo);
  }
  return { count: r.count, plane, side, firstSurfEdge, surfEdgeCount: count, texinfo };
}

function decodeIndexList(r: LumpReader, limit: number, what: string, target: number): Uint16Array {
  const out = new Uint16Array(r.count);
  for (let i = 0; i < r.count; i++) {
    out[i] = r.index(i, r.view.getUint16(r.at(i), true), limit, what, target);
  }
  return out;
}

function decodeBrushSides(r: LumpReader, planeCount: number, texinfoCount: number): BspBrushSides {
  const plane = new Uint16Array(r.count);
  const texinfo = new Int16Array(r.count);
  for (let i = 0; i < r.count; i++) {
    const p = r.at(i);
    plane[i] = r.index(i, r.view.getUint16(p, true), planeCount, 'plane', Lump.planes);
    const t = r.view.getInt16(p + 2, true);
    texinfo[i] = t === -1 ? -1 : r.index(i, t, texinfoCount, 'texinfo', Lump.texinfo);
  }
  return { count: r.count, plane, texinfo };
}

function decodeBrushes(r: LumpReader, sideCount: number): BspBrushes {
  const firstSide = new Uint32Array(r.count);
  const count = new Uint32Array(r.count);
  const contents = new Int32Array(r.count);
  for (let i = 0; i < r.count; i++) {
    const p = r.at(i);
    const first = r.view.getInt32(p, true);
    const n = r.view.getInt32(p + 4, true);
    r.range(i, first, n, sideCount, 'side range', Lump.brushSides);
    firstSide[i] = first;
    count[i] = n;
    contents[i] = r.view.getInt32(p + 8, true);
  }
  return { count: r.count, firstSide, sideCount: count, contents };
}

function decodeLeaves(r: LumpReader, leafFaceCount: number, leafBrushCount: number): BspLeaves {
  const n = r.count;
  const leaves = {
    count: n,
    contents: new Int32Array(n),
    cluster: new Int16Array(n),
    area: new Int16Array(n),
    mins: new Int16Array(n * 3),
    maxs: new Int16Array(n * 3),
    firstLeafFace: new Uint16Array(n),
    leafFaceCount: new Uint16Array(n),
    firstLeafBrush: new Uint16Array(n),
    leafBrushCount: new Uint16Array(n),
  };
  for (let i = 0; i < n; i++) {
    const p = r.at(i);
    leaves.contents[i] = r.view.getInt32(p, true);
    leaves.cluster[i] = r.view.getInt16(p + 4, true);
    leaves.area[i] = r.view.getInt16(p + 6, true);
    for (let k = 0; k < 3; k++) {
      leaves.mins[i * 3 + k] = r.view.getInt16(p + 8 + k * 2, true);
      leaves.maxs[i * 3 + k] = r.view.getInt16(p + 14 + k * 2, true);
    }
    const firstFace = r.view.getUint16(p + 20, true);
    const faceCount = r.view.getUint16(p + 22, true);
    r.range(i, firstFace, faceCount, leafFaceCount, 'face range', Lump.leafFaces);
    const firstBrush = r.view.getUint16(p + 24, true);
    const brushCount = r.view.getUint16(p + 26, true);
    r.range(i, firstBrush, brushCount, leafBrushCount, 'brush range', Lump.leafBrushes);
    leaves.firstLeafFace[i] = firstFace;
    leaves.leafFaceCount[i] = faceCount;
    leaves.firstLeafBrush[i] = firstBrush;
    leaves.leafBrushCount[i] = brushCount;
  }
  return leaves;
}

/** Checks a child or head-node reference: a node index, or `-1 - leaf`. */
function checkChild(r: LumpReader, i: number, c: number, nodeCount: number, leafCount: number) {
  if (c >= 0) r.index(i, c, nodeCount, 'child node', Lump.nodes);
  else r.index(i, -1 - c, leafCount, 'child leaf', Lump.leaves);
  return c;
}

function decodeNodes(r: LumpReader, planeCount: number, leafCount: number): BspNodes {
  const plane = new Uint32Array(r.count);
  const children = new Int32Array(r.count * 2);
  for (let i = 0; i < r.count; i++) {
    const p = r.at(i);
    plane[i] = r.index(i, r.view.getInt32(p, true), planeCount, 'plane', Lump.planes);
    children[i * 2] = checkChild(r, i, r.view.getInt32(p + 4, true), r.count, leafCount);
    children[i * 2 + 1] = checkChild(r, i, r.view.getInt32(p + 8, true), r.count, leafCount);
  }
  return { count: r.count, plane, children };
}

function decodeModels(
  r: LumpReader,
  nodeCount: number,
  leafCount: number,
  faceCount: number,
): BspModels {
  const n = r.count;
  const models = {
    count: n,
    mins: new Float32Array(n * 3),
    maxs: new Float32Array(n * 3),
    origin: new Float32Array(n * 3),
    headNode: new Int32Array(n),
    firstFace: new Uint32Array(n),
    faceCount: new Uint32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const p = r.at(i);
    for (let k = 0; k < 3; k++) {
      models.mins[i * 3 + k] = r.view.getFloat32(p + k * 4, true);
      models.maxs[i * 3 + k] = r.view.getFloat32(p + 12 + k * 4, true);
      models.origin[i * 3 + k] = r.view.getFloat32(p + 24 + k * 4, true);
    }
    models.headNode[i] = checkChild(r, i, r.view.getInt32(p + 36, true), nodeCount, leafCount);
    const first = r.view.getInt32(p + 40, true);
    const count = r.view.getInt32(p + 44, true);
    r.range(i, first, count, faceCount, 'face range', Lump.faces);
    models.firstFace[i] = first;
    models.faceCount[i] = count;
  }
  return models;
}

/**
 * Walks every model's tree and fails if a node is reached twice: with each node owned by one
 * parent, a walk from the root down to a leaf takes at most `nodes.count` steps.
 */
function checkTree(r: LumpReader, nodes: BspNodes, models: BspModels): void {
  const seen = new Uint8Array(nodes.count);
  const stack: number[] = [];
  for (let m = 0; m < models.count; m++) {
    if (models.headNode[m] >= 0) stack.push(models.headNode[m]);
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (seen[n]) {
        throw new BspError(
          'BAD_TREE',
          `node ${n} is reached twice (the tree has a cycle or a shared node)`,
          {
            file: r.file,
            offset: r.at(n),
          },
        );
      }
      seen[n] = 1;
      for (let k = 0; k < 2; k++) {
        const c = nodes.children[n * 2 + k];
        if (c >= 0) stack.push(c);
      }
    }
  }
}

/** Bytes `[start, end)` as Latin-1 up to the first NUL (Quake strings are bytes). */
function latin1Until0(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let p = start; p < end && bytes[p] !== 0; p++) s += String.fromCharCode(bytes[p]);
  return s;
}
