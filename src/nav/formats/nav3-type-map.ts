/**
 * How AQtion's node and link types (the node-type table, `node-types.ts`) and `NAV3`'s node
 * flags and link types (the Quake II re-release's) map onto each other, both ways, and `NAV2`'s
 * node flags onto `NAV3`'s. One table for the `NAV3` writer, `convert --to` and the readers that
 * show a re-release nav as an AQtion-shaped {@link NavFile}. Named, as every file of a format,
 * after the format (`nav3/`), not after the game that reads it (docs/architecture.md, "Names").
 *
 * AQtion → NAV3, links: MOVE, STEP, WATER and the rest → Walk; JUMP → BarrierJump when it
 * climbs more than a step, else LongJump; BOXJUMP → BarrierJump; STAND_DROP, CROUCH_DROP,
 * UNSAFE_DROP → WalkOffLedge; LADDER, LADDER_UP, LADDER_DOWN → Ladder; CROUCH → Crouch;
 * TELEPORTER → Teleport; JUMPPAD → Pusher; PLATFORM → Elevator. Nodes: LADDER* → Ladder,
 * WATER → UnderWater, CROUCH → Crouch, TELEPORTER → Teleporter, JUMPPAD → Pusher, PLATFORM →
 * Elevator. The way back picks one AQtion type per NAV3 type.
 */
import { nodeTypeName, type NodeTypeName, type NodeTypeTable } from '../node-types.js';
import { nav3LinkType, nav3NodeFlag, type Nav3LinkTypeName } from './nav3/layout.js';
import { STEP_SIZE } from '../../player.js';

/** [Units: world units] pmove's step: a jump that climbs more is a barrier jump. */
const STEP_HEIGHT = STEP_SIZE;

/** The `NAV3` link type of an AQtion link type; `rise` = target z − source z. */
export function nav3LinkTypeOf(
  table: NodeTypeTable,
  aqtionType: number,
  rise: number,
): Nav3LinkTypeName {
  switch (nodeTypeName(table, aqtionType)) {
    case 'JUMP':
      return rise > STEP_HEIGHT ? 'BarrierJump' : 'LongJump';
    case 'BOXJUMP':
      return 'BarrierJump';
    case 'STAND_DROP':
    case 'CROUCH_DROP':
    case 'UNSAFE_DROP':
      return 'WalkOffLedge';
    case 'LADDER':
    case 'LADDER_UP':
    case 'LADDER_DOWN':
      return 'Ladder';
    case 'CROUCH':
      return 'Crouch';
    case 'TELEPORTER':
      return 'Teleport';
    case 'JUMPPAD':
      return 'Pusher';
    case 'PLATFORM':
      return 'Elevator';
    default:
      return 'Walk';
  }
}

/** The `NAV3` node flags of an AQtion node type. */
export function nav3NodeFlagsOf(table: NodeTypeTable, aqtionType: number): number {
  switch (nodeTypeName(table, aqtionType)) {
    case 'LADDER':
    case 'LADDER_UP':
    case 'LADDER_DOWN':
      return nav3NodeFlag('Ladder');
    case 'WATER':
      return nav3NodeFlag('UnderWater');
    case 'CROUCH':
      return nav3NodeFlag('Crouch');
    case 'TELEPORTER':
      return nav3NodeFlag('Teleporter');
    case 'JUMPPAD':
      return nav3NodeFlag('Pusher');
    case 'PLATFORM':
      return nav3NodeFlag('Elevator');
    default:
      return 0;
  }
}

const LINK_BACK: Readonly<Record<number, NodeTypeName>> = {
  [nav3LinkType('Walk')]: 'MOVE',
  [nav3LinkType('LongJump')]: 'JUMP',
  [nav3LinkType('Teleport')]: 'TELEPORTER',
  [nav3LinkType('WalkOffLedge')]: 'STAND_DROP',
  [nav3LinkType('Pusher')]: 'JUMPPAD',
  [nav3LinkType('BarrierJump')]: 'BOXJUMP',
  [nav3LinkType('Elevator')]: 'PLATFORM',
  [nav3LinkType('Train')]: 'PLATFORM',
  [nav3LinkType('Manual_LongJump')]: 'JUMP',
  [nav3LinkType('Crouch')]: 'CROUCH',
  [nav3LinkType('Ladder')]: 'LADDER',
  [nav3LinkType('Manual_BarrierJump')]: 'BOXJUMP',
  [nav3LinkType('PivotAndJump')]: 'JUMP',
  [nav3LinkType('RocketJump')]: 'JUMP',
};

/** The AQtion link type that stands for a `NAV3` link type (types 0..8 mean the same in NAV2). */
export function aqtionLinkTypeOf(table: NodeTypeTable, nav3Type: number): number {
  return table[LINK_BACK[nav3Type] ?? 'MOVE'];
}

/** The AQtion node type that stands for `NAV3` node flags. */
export function aqtionNodeTypeOf(table: NodeTypeTable, flags: number): number {
  if (flags & nav3NodeFlag('Ladder')) return table.LADDER;
  if (flags & nav3NodeFlag('UnderWater')) return table.WATER;
  if (flags & nav3NodeFlag('Crouch')) return table.CROUCH;
  if (flags & nav3NodeFlag('Teleporter')) return table.TELEPORTER;
  if (flags & nav3NodeFlag('Pusher')) return table.JUMPPAD;
  if (flags & nav3NodeFlag('Elevator')) return table.PLATFORM;
  return table.MOVE;
}

/** `NAV2` node flags (the table of the re-release nav format guide) → `NAV3` bits, for the shared view. */
export function nav3FlagsOfNav2(flags: number): number {
  let out = 0;
  if (flags & 1) out |= nav3NodeFlag('Teleporter');
  if (flags & 2) out |= nav3NodeFlag('Pusher');
  if (flags & 12) out |= nav3NodeFlag('Elevator');
  if (flags & 16) out |= nav3NodeFlag('UnderWater');
  if (flags & 32) out |= nav3NodeFlag('CheckForHazard');
  return out;
}
