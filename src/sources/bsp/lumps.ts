/**
 * The fixed layout of a Quake 2 BSP (version 38) file: the header and its 19 lumps, each with
 * the size of one on-disk record. Everything is little-endian; lumps need not be aligned.
 *
 * Header (160 bytes): `IBSP` magic, `u32` version (38), then 19 × (`u32` offset, `u32` length).
 * The record sizes are those of the engine's loader (`inc/format/bsp.h`, `src/common/bsp.c`
 * in q2pro); lumps this project does not decode (visibility, lighting, pop, areas, area
 * portals) are still bounds-checked.
 */

/** `IBSP` read as a little-endian u32. */
export const BSP_MAGIC = 0x50534249;
/** The only version Quake 2 and AQtion maps use. */
export const BSP_VERSION = 38;
export const BSP_LUMP_COUNT = 19;
/** Magic, version and the lump directory. [Units: bytes] */
export const BSP_HEADER_SIZE = 8 + BSP_LUMP_COUNT * 8;

/** Lump numbers, in header order. */
export const Lump = {
  entities: 0,
  planes: 1,
  vertices: 2,
  visibility: 3,
  nodes: 4,
  texinfo: 5,
  faces: 6,
  lighting: 7,
  leaves: 8,
  leafFaces: 9,
  leafBrushes: 10,
  edges: 11,
  surfEdges: 12,
  models: 13,
  brushes: 14,
  brushSides: 15,
  pop: 16,
  areas: 17,
  areaPortals: 18,
} as const;

/** Lump names by number, as they appear in error messages. */
export const LUMP_NAMES: readonly string[] = [
  'entities',
  'planes',
  'vertices',
  'visibility',
  'nodes',
  'texinfo',
  'faces',
  'lighting',
  'leaves',
  'leaf faces',
  'leaf brushes',
  'edges',
  'surface edges',
  'models',
  'brushes',
  'brush sides',
  'pop',
  'areas',
  'area portals',
];

/**
 * Size of one record of each lump; a lump's length must be a multiple of it. Byte lumps
 * (entities, visibility, lighting, pop) have size 1. [Units: bytes]
 */
export const LUMP_RECORD_SIZES: readonly number[] = [
  1, // entities: text
  20, // planes: f32 normal[3], f32 dist, i32 type
  12, // vertices: f32 point[3]
  1, // visibility: cluster bit vectors
  28, // nodes: i32 plane, i32 children[2], i16 mins[3], i16 maxs[3], u16 firstface, u16 numfaces
  76, // texinfo: f32 vecs[2][4], i32 flags, i32 value, char texture[32], i32 nexttexinfo
  20, // faces: u16 plane, u16 side, i32 firstedge, u16 numedges, u16 texinfo, u8 styles[4], i32 lightofs
  1, // lighting: lightmap bytes
  28, // leaves: i32 contents, i16 cluster, i16 area, i16 mins[3], i16 maxs[3], u16 × 4 ranges
  2, // leaf faces: u16 face
  2, // leaf brushes: u16 brush
  4, // edges: u16 v[2]
  4, // surface edges: i32 (negative = edge walked backwards)
  48, // models: f32 mins[3], f32 maxs[3], f32 origin[3], i32 headnode, i32 firstface, i32 numfaces
  12, // brushes: i32 firstside, i32 numsides, i32 contents
  4, // brush sides: u16 plane, i16 texinfo
  1, // pop
  8, // areas: i32 numareaportals, i32 firstareaportal
  8, // area portals: i32 portalnum, i32 otherarea
];

/** Where one lump lies in the file. [Units: bytes] */
export interface LumpExtent {
  readonly offset: number;
  readonly length: number;
}
