/**
 * Which node of the nav the page loaded each node of the edited nav is. The model's findings
 * (provenance, nav test, trial) number the loaded nav's nodes; deleting a node renumbers every
 * node after it, so after an edit those numbers would name the wrong nodes. A node keeps its
 * identity through its position (positions are rounded to 0.1 unit in both navs), and a moved
 * node through the move: its new place is remembered as another place of the same node, so
 * undo and redo find it again.
 */
import type { ViewNav } from '../sinks/view/view-model.js';

function placeKey(x: number, y: number, z: number): string {
  return `${Math.round(x * 10)},${Math.round(y * 10)},${Math.round(z * 10)}`;
}

export class NodeIdentity {
  /** Every place a loaded node has stood at. */
  private readonly places = new Map<string, number>();
  /** The places of the current nav's nodes, each with the first current node standing there. */
  private occupied: Map<string, number>;
  /** Per current node: the loaded node, or -1 for none. */
  private loadedOf: Int32Array;
  /** Per loaded node: the current node, or -1 when it is gone. */
  private currentOf: Int32Array;

  constructor(loaded: ViewNav) {
    const n = Math.floor(loaded.xyz.length / 3);
    for (let i = n - 1; i >= 0; i--) {
      const xyz = loaded.xyz;
      this.places.set(placeKey(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]), i);
    }
    this.occupied = new Map(this.places);
    this.loadedOf = new Int32Array(n).map((_, i) => i);
    this.currentOf = this.loadedOf.slice();
  }

  /** The loaded node current node `i` is, or -1 (no finding is about it). */
  loaded(i: number): number {
    return i >= 0 && i < this.loadedOf.length ? this.loadedOf[i] : -1;
  }

  /** The current node loaded node `i` is, or -1 when it was deleted. */
  current(i: number): number {
    return i >= 0 && i < this.currentOf.length ? this.currentOf[i] : -1;
  }

  /**
   * Before a move of current node `i` to `to` is sent: its new place names the same node. A
   * place another node stands on keeps naming that node: renamed, it would hand the standing
   * node the moved one's identity (and its findings) and leave its own findings on no node.
   */
  moving(i: number, to: readonly number[]): void {
    const loaded = this.loaded(i);
    const key = placeKey(to[0], to[1], to[2]);
    const standing = this.occupied.get(key);
    if (loaded >= 0 && (standing === undefined || standing === i)) this.places.set(key, loaded);
  }

  /** After an edit, undo or redo: matches the new nav's nodes to the loaded ones. */
  update(nav: ViewNav): void {
    const n = Math.floor(nav.xyz.length / 3);
    const before = this.currentOf;
    this.loadedOf = new Int32Array(n);
    this.currentOf = new Int32Array(before.length).fill(-1);
    this.occupied = new Map();
    for (let i = 0; i < n; i++) {
      const xyz = nav.xyz;
      const key = placeKey(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
      if (!this.occupied.has(key)) this.occupied.set(key, i);
      const loaded = this.places.get(key) ?? -1;
      this.loadedOf[i] = loaded;
      if (loaded < 0) continue;
      // Two nodes on one place (a move onto another node): the identity stays with the node
      // that had it (a move renumbers nothing), else with the first.
      const other = this.currentOf[loaded];
      if (other < 0) this.currentOf[loaded] = i;
      else if (i === before[loaded]) {
        this.loadedOf[other] = -1;
        this.currentOf[loaded] = i;
      } else this.loadedOf[i] = -1;
    }
  }
}
