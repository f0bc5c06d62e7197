/**
 * What the nav viewer's page draws and explains: one plain-data object, the contract between
 * whoever makes it (`view-model-of.ts`: the `navgen view` server and the HTML build report) and
 * the page (`src/view-page/`), which reads nothing else. It travels as JSON, so every figure is
 * a number, a string or an array of them; big lists are struct-of-arrays, flat and rounded to
 * what a picture needs, so a map of 4,000 nodes and 30,000 links stays a few hundred kilobytes.
 *
 * Positions are world units (x east, y north, z up), as the game console prints them.
 */

/** The model's shape version; the page refuses a model of another. */
export const VIEW_MODEL_VERSION = 1;

export interface ViewModel {
  readonly version: typeof VIEW_MODEL_VERSION;
  /** The nav's file name, for the title. */
  readonly title: string;
  /** The map's file name; null when the nav is drawn without its map. */
  readonly map: string | null;
  /**
   * True when the page may edit: served by `navgen view` with the map loaded (every added or
   * moved link is checked by the simulated bot). False in the HTML report.
   */
  readonly editable: boolean;
  /** Around floors, spawns and nodes. [Units: world units; Form: (minX, minY, maxX, maxY)] */
  readonly bounds: readonly number[];
  /** The height bands, lowest first (the render code's bands, `sinks/render/`). */
  readonly bands: readonly ViewBand[];
  readonly floors: ViewFloors;
  readonly liquids: readonly ViewArea[];
  readonly ladders: readonly ViewBox[];
  /** `trigger_hurt` volumes. */
  readonly hurts: readonly ViewHurt[];
  readonly spawns: readonly ViewSpawn[];
  /** Every node type the nav uses or the editor offers, with its colour. */
  readonly types: readonly ViewType[];
  readonly nav: ViewNav;
  /** Where each node came from, when a build report was given. */
  readonly provenance: ViewProvenance | null;
  readonly navtest: ViewNavtest | null;
  readonly trial: ViewTrial | null;
  /** Floor of the map no node reaches (navmesh areas), when the map was given. */
  readonly holes: readonly ViewHole[];
}

/** Floors with `from <= z < to`; null is no limit. */
export interface ViewBand {
  readonly from: number | null;
  readonly to: number | null;
  /** For the band switcher, e.g. `floors 120 ≤ z < 300`. */
  readonly label: string;
}

/** Convex floor polygons seen from above. */
export interface ViewFloors {
  /** Per polygon: its band. */
  readonly band: readonly number[];
  /** Per polygon: its floor height at the centre, for the floor's shade. [Units: world units] */
  readonly z: readonly number[];
  /** Polygon `i` is points `[start[i], start[i + 1])` of `xy`. [Length: polygons + 1] */
  readonly start: readonly number[];
  /** [Units: world units, rounded; Form: (x, y) × points] */
  readonly xy: readonly number[];
}

/** A liquid seen from above. */
export interface ViewArea {
  readonly kind: 'water' | 'slime' | 'lava';
  readonly band: number;
  /** [Form: (x, y) × corners] */
  readonly xy: readonly number[];
}

/** A box seen from above, in every band its height range reaches. */
export interface ViewBox {
  readonly bands: readonly number[];
  /** [Form: (minX, minY, maxX, maxY)] */
  readonly rect: readonly number[];
  readonly minZ: number;
  readonly maxZ: number;
}

export interface ViewHurt extends ViewBox {
  readonly damage: number;
  /** The trigger_hurt's entity number, as the map's entity list counts. */
  readonly entity: number;
}

export interface ViewSpawn {
  readonly band: number;
  /** [Form: (x, y, z)] */
  readonly origin: readonly number[];
  readonly classname: string;
}

export interface ViewType {
  /** The number the nav stores. */
  readonly number: number;
  /** The name (`MOVE`, `JUMP`, …), or `TYPE_<n>` for a number the table does not know. */
  readonly name: string;
  /** CSS colour, as the pictures draw it. */
  readonly colour: string;
}

/** The nav: nodes and links as struct-of-arrays. */
export interface ViewNav {
  /** [Form: (x, y, z) × nodes, rounded to 0.1 unit] */
  readonly xyz: readonly number[];
  /** Per node: its type number. */
  readonly type: readonly number[];
  /** Per node: the band of the floor it stands on, -1 outside every band. */
  readonly band: readonly number[];
  /** Per link: source node, target node, target type number, cost. */
  readonly from: readonly number[];
  readonly to: readonly number[];
  readonly linkType: readonly number[];
  readonly cost: readonly number[];
  /** The engine's limits, for the editor's refusals. */
  readonly maxNodes: number;
  readonly maxLinksPerNode: number;
}

/** From the build report: what made each node. */
export interface ViewProvenance {
  /** The build report's file name. */
  readonly report: string;
  /** The demo files of that build, in the report's order. */
  readonly demos: readonly string[];
  /**
   * Per node: `votes` (demos), `spawn` (a spawn entity), `map` (the map alone, `fill`), or
   * `edit` (not in the report: a node an edit moved).
   */
  readonly source: readonly string[];
  /** Per node: indexes into `demos` of the demos that voted for it. */
  readonly voters: readonly (readonly number[])[];
}

/** From an offline nav test report (`navgen navtest`). */
export interface ViewNavtest {
  readonly report: string;
  readonly passed: boolean;
  readonly coverage: number;
  readonly badNodes: readonly number[];
  readonly unreachable: readonly number[];
  /** Every link that failed, with the simulated bot's reason and detail. */
  readonly badLinks: readonly ViewLinkFailure[];
}

export interface ViewLinkFailure {
  readonly from: number;
  readonly to: number;
  /** `died`, `fell`, `blocked`, `timed-out`, `bad-start`. */
  readonly reason: string;
  /** One line for people, naming the start the bot failed from. */
  readonly detail: string;
}

/** From a trial report (`navgen trial`: real bots in the real server). */
export interface ViewTrial {
  readonly report: string;
  readonly runs: number;
  readonly botMinutes: number;
  /** Where bots stood stuck. */
  readonly stuck: readonly ViewSpot[];
  /** Where bots died of the world (falls, hurt, drowning). */
  readonly deaths: readonly ViewSpot[];
  /** Per node with any finding. */
  readonly nodes: readonly ViewNodeStats[];
  /** Per link some bot tried. */
  readonly links: readonly ViewLinkStats[];
}

export interface ViewSpot {
  /** [Form: (x, y, z)] */
  readonly origin: readonly number[];
  readonly band: number;
  /** The nav node nearest the spot. */
  readonly node: number;
  /** Stuck seconds, or 0 for a death. [Units: s] */
  readonly seconds: number;
  /** The cause of a death (`falling`, `hurt`, …), or `stuck`. */
  readonly cause: string;
}

export interface ViewNodeStats {
  readonly node: number;
  readonly visits: number;
  readonly deaths: number;
  readonly stuckSeconds: number;
}

export interface ViewLinkStats {
  readonly from: number;
  readonly to: number;
  readonly traversals: number;
  readonly failures: number;
  readonly died: number;
}

/** A navmesh area no node reaches. */
export interface ViewHole {
  readonly band: number;
  /** [Form: (x, y) × corners of the area's outline] */
  readonly xy: readonly number[];
  /** Its floor. [Units: square world units] */
  readonly floor: number;
}
