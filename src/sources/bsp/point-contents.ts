/**
 * What is at a point of the map: solid, water, slime, lava, ladder… Later code uses it to check
 * node types (a WATER node must be in water, no node may be in solid).
 *
 * Two answers, because maps store contents twice:
 * - {@link pointContents} is the engine's `pointcontents` for the world: walk the node tree to
 *   the leaf holding the point and return the leaf's contents.
 * - {@link brushContentsNear} ORs the contents of the brushes that contain the point, or come
 *   within `radius` of it. Ladder brushes are solid (`SOLID | LADDER` on the fixture maps), so
 *   a climbing player is next to one, never inside, and a solid brush "eats" the ladder bit of
 *   its leaf: only the brush query with a radius finds ladders.
 *
 * Leaf contents over-approximate for brushes that do not split leaves (detail and clip
 * brushes): a leaf carries their bits even where they do not reach. One deathmatch spawn on
 * bwcity2 (2512 1992 416) and one on simplicity (-2280 1920 432) lie in leaves marked
 * `DETAIL | PLAYERCLIP | MONSTERCLIP` though no brush contains them. Ask the brushes for an
 * exact answer.
 *
 * Both walks end: the world decoder has checked that the tree has no cycle.
 */
import type { BspWorld } from './world.js';

/** Index of the leaf that holds (x, y, z) in the tree of model `model` (0, the world). */
export function pointLeaf(world: BspWorld, x: number, y: number, z: number, model = 0): number {
  const { nodes, planes } = world;
  let n = world.models.headNode[model];
  while (n >= 0) {
    const p = nodes.plane[n];
    const d =
      planes.normals[p * 3] * x +
      planes.normals[p * 3 + 1] * y +
      planes.normals[p * 3 + 2] * z -
      planes.dists[p];
    n = nodes.children[n * 2 + (d < 0 ? 1 : 0)];
  }
  return -1 - n;
}

/** `CONTENTS_*` bits of the world leaf holding (x, y, z). */
export function pointContents(world: BspWorld, x: number, y: number, z: number): number {
  return world.leaves.contents[pointLeaf(world, x, y, z)];
}

/**
 * OR of the `CONTENTS_*` bits of the brushes of model `model` (0, the world) that contain
 * (x, y, z) once each of their side planes is pushed out by `radius` (0: the point must be
 * inside or on the brush). With a radius the test is a little generous at brush edges, where
 * the pushed planes meet beyond a sphere of that radius. Brush models are taken where the
 * compiler left them, which is where doors and walls without an `origin` key stand.
 * [radius Units: world units; Limit: >= 0]
 */
export function brushContentsNear(
  world: BspWorld,
  x: number,
  y: number,
  z: number,
  radius = 0,
  model = 0,
): number {
  const { nodes, planes, leaves, leafBrushes, brushes } = world;
  let contents = 0;
  const stack = [world.models.headNode[model]];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n < 0) {
      const leaf = -1 - n;
      const first = leaves.firstLeafBrush[leaf];
      for (let i = first; i < first + leaves.leafBrushCount[leaf]; i++) {
        const b = leafBrushes[i];
        if ((contents | brushes.contents[b]) === contents) continue;
        if (insideBrush(world, b, x, y, z, radius)) contents |= brushes.contents[b];
      }
      continue;
    }
    const p = nodes.plane[n];
    const d =
      planes.normals[p * 3] * x +
      planes.normals[p * 3 + 1] * y +
      planes.normals[p * 3 + 2] * z -
      planes.dists[p];
    if (d >= -radius) stack.push(nodes.children[n * 2]);
    if (d <= radius) stack.push(nodes.children[n * 2 + 1]);
  }
  return contents;
}

function insideBrush(
  world: BspWorld,
  brush: number,
  x: number,
  y: number,
  z: number,
  radius: number,
): boolean {
  const { brushes, brushSides, planes } = world;
  const first = brushes.firstSide[brush];
  for (let s = first; s < first + brushes.sideCount[brush]; s++) {
    const p = brushSides.plane[s];
    const d =
      planes.normals[p * 3] * x +
      planes.normals[p * 3 + 1] * y +
      planes.normals[p * 3 + 2] * z -
      planes.dists[p];
    if (d > radius) return false;
  }
  return true;
}
