/**
 * The colours of the pictures, in one place so that the SVG, the PNG and the HTML report agree.
 *
 * Floors run from a slate (low; lighter than the background, so low floors still show) to a light
 * sand (high): nodes are saturated colours with a
 * dark outline, so they stand out on both ends of the ramp. Node types have fixed colours by
 * name (not by number), so a renumbered type table keeps its colours.
 */
import { nodeTypeName, type NodeTypeName, type NodeTypeTable } from '../../nav/node-types.js';

/** Node-type colours. Related types share a hue: drops are warm, ladders amber, water cyan. */
const NODE_TYPE_COLOURS: Readonly<Record<NodeTypeName, string>> = {
  NONE: '#9e9e9e',
  MOVE: '#3d9bff',
  JUMPPAD: '#ff4dd2',
  LADDER: '#ffb300',
  WATER: '#00e5ff',
  CROUCH: '#b388ff',
  BOXJUMP: '#ff8a65',
  POI: '#ffffff',
  POI_LOOKAT: '#cfd8dc',
  STEP: '#9ccc65',
  JUMP: '#ffee58',
  STAND_DROP: '#ff7043',
  CROUCH_DROP: '#f06292',
  UNSAFE_DROP: '#e53935',
  LADDER_UP: '#ffd54f',
  LADDER_DOWN: '#ff8f00',
  DOOR: '#a1887f',
  PLATFORM: '#26a69a',
  TELEPORTER: '#d500f9',
  ITEM: '#66bb6a',
  GRAPPLE: '#c0ca33',
  SPAWNPOINT: '#00c853',
  LEARN: '#90a4ae',
  CTF_FLAG: '#ff1744',
  ESP_TARGET: '#7c4dff',
};

/** A type number no name in the table has. */
const UNKNOWN_TYPE_COLOUR = '#757575';

/** The colour of node-type number `type` under `table`. */
export function nodeTypeColour(table: NodeTypeTable, type: number): string {
  const name = nodeTypeName(table, type);
  return name === undefined ? UNKNOWN_TYPE_COLOUR : NODE_TYPE_COLOURS[name];
}

export const colours = {
  /** Outside every floor: the void between rooms. */
  background: '#101317',
  /** Panel frame, text and scale bar. */
  frame: '#3b4252',
  text: '#e5e9f0',
  mutedText: '#9aa3b2',
  /** Floor ramp ends: lowest and highest floor of a band. */
  floorLow: '#384556',
  floorHigh: '#ded5c1',
  water: '#1e88e5',
  slime: '#7cb342',
  lava: '#ff5722',
  /** trigger_hurt volumes. */
  hurt: '#d500f9',
  ladder: '#ffb300',
  /** Outline of every node dot and spawn mark. */
  outline: '#000000',
  spawn: '#ffffff',
  /** Overlay: only in the drawn nav (gained), only in the other graph (lost), retyped, shared. */
  gained: '#00e676',
  lost: '#ff1744',
  retyped: '#ffd600',
  matched: '#b0bec5',
} as const;

/** Opacity of liquid tints and ladder fills. [Limit: 0..1] */
export const LIQUID_OPACITY = 0.45;
export const LADDER_OPACITY = 0.85;

/**
 * A colour between the floor ramp's ends: `t` 0 is the lowest floor of the band, 1 the highest.
 * [Limit: t is clamped to 0..1]
 */
export function floorColour(t: number): string {
  const k = Math.min(1, Math.max(0, t));
  const mix = (a: string, b: string, at: number) =>
    Math.round(parseInt(a.slice(at, at + 2), 16) * (1 - k) + parseInt(b.slice(at, at + 2), 16) * k)
      .toString(16)
      .padStart(2, '0');
  const a = colours.floorLow;
  const b = colours.floorHigh;
  return `#${mix(a, b, 1)}${mix(a, b, 3)}${mix(a, b, 5)}`;
}
