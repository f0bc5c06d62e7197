/**
 * A small mesh made by hand (areas A, B, C, D; cells of 16 units, origin 0): A cells (0,0)–(3,3),
 * B (4,0)–(7,3) east of A, C (0,4)–(3,5) south of A, D (4,4)–(7,5) 40 up. A and B are joined by a
 * walk connection each way; C (a wall between it and A) and D (a ledge higher than a step) by
 * none.
 */
import { CROSS_WALK, noLadders, noLinks, type NavMesh } from '../../src/navmesh/mesh.js';

export function roomsMesh(): NavMesh {
  const z = (h: number) => [h, h, h, h];
  return {
    cellSize: 16,
    originX: 0,
    originY: 0,
    bspSize: 0,
    areaCount: 4,
    areaId: Uint32Array.from([1, 2, 3, 4]),
    areaFlags: new Uint32Array(4),
    areaLayer: new Uint32Array(4),
    areaCells: Int32Array.from([0, 0, 3, 3, 4, 0, 7, 3, 0, 4, 3, 5, 4, 4, 7, 5]),
    areaZ: Float32Array.from([...z(24), ...z(24), ...z(24), ...z(64)]),
    // A east → B, B west → A; C and D none.
    connStart: Uint32Array.from([0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2]),
    connTarget: Uint32Array.from([1, 0]),
    connKind: Uint8Array.from([CROSS_WALK, CROSS_WALK]),
    connLanding: Uint8Array.from([1, 1]),
    connPortal: Float32Array.from([64, 8, 56, 64, 8, 56]),
    ...noLadders(),
    ...noLinks(),
  };
}
