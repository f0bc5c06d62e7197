/**
 * The one table of AQtion node-type numbers (`nodetype_t` in the engine's `acebot.h`).
 *
 * A node's `type` byte and a link's target-type byte in a `.nav` file are these numbers. They
 * are positions in a C enum, so a newer engine build that inserts a member renumbers everything
 * after it; a pipeline file can therefore override numbers by name. Every other module gets its
 * numbers from a {@link NodeTypeTable} and never spells out a literal.
 *
 * @see engine-facts.md, "AQtion .nav (version 2)" for the numbers and how they were counted.
 */

/** Node-type names in engine order; a name's index is its default number. */
export const NODE_TYPE_NAMES = [
  'NONE',
  'MOVE',
  'JUMPPAD',
  'LADDER',
  'WATER',
  'CROUCH',
  'BOXJUMP',
  'POI',
  'POI_LOOKAT',
  'STEP',
  'JUMP',
  'STAND_DROP',
  'CROUCH_DROP',
  'UNSAFE_DROP',
  'LADDER_UP',
  'LADDER_DOWN',
  'DOOR',
  'PLATFORM',
  'TELEPORTER',
  'ITEM',
  'GRAPPLE',
  'SPAWNPOINT',
  'LEARN',
  'CTF_FLAG',
  'ESP_TARGET',
] as const;

export type NodeTypeName = (typeof NODE_TYPE_NAMES)[number];

/** Node-type number by name. [Limit: 0..255 (one byte in the file), numbers distinct] */
export type NodeTypeTable = Readonly<Record<NodeTypeName, number>>;

/** The largest number a type byte holds. */
export const MAX_NODE_TYPE_NUMBER = 255;

/** The numbers of the engine this project was verified against. */
export const defaultNodeTypes: NodeTypeTable = Object.freeze(
  Object.fromEntries(NODE_TYPE_NAMES.map((name, i) => [name, i])) as Record<NodeTypeName, number>,
);

/** An override that cannot be applied; the message names the offending entry. */
export class NodeTypeTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NodeTypeTableError';
  }
}

function isNodeTypeName(name: string): name is NodeTypeName {
  return (NODE_TYPE_NAMES as readonly string[]).includes(name);
}

/** Suggests the real name for a near miss such as `stand-drop` or `StandDrop`. */
function suggestName(name: string): NodeTypeName | undefined {
  const squash = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');
  return NODE_TYPE_NAMES.find((n) => squash(n) === squash(name));
}

/**
 * The default table with some numbers replaced, as a pipeline file asks. Unknown names,
 * non-integers, numbers outside 0..255 and two names sharing a number are errors (the engine
 * could not tell those types apart).
 */
export function buildNodeTypeTable(overrides: Readonly<Record<string, number>>): NodeTypeTable {
  const table: Record<NodeTypeName, number> = { ...defaultNodeTypes };
  for (const [name, value] of Object.entries(overrides)) {
    if (!isNodeTypeName(name)) {
      const hint = suggestName(name);
      throw new NodeTypeTableError(
        `unknown node type "${name}"${hint ? `; did you mean "${hint}"?` : ''}`,
      );
    }
    if (!Number.isInteger(value) || value < 0 || value > MAX_NODE_TYPE_NUMBER) {
      throw new NodeTypeTableError(
        `node type ${name}: ${String(value)} is not an integer in 0..${MAX_NODE_TYPE_NUMBER}`,
      );
    }
    table[name] = value;
  }
  const owner = new Map<number, NodeTypeName>();
  for (const name of NODE_TYPE_NAMES) {
    const other = owner.get(table[name]);
    if (other !== undefined) {
      throw new NodeTypeTableError(
        `node types ${other} and ${name} share the number ${table[name]}`,
      );
    }
    owner.set(table[name], name);
  }
  return Object.freeze(table);
}

/** The name of a type number in `table`, or undefined for a number no type has. */
export function nodeTypeName(table: NodeTypeTable, value: number): NodeTypeName | undefined {
  return NODE_TYPE_NAMES.find((name) => table[name] === value);
}

/** A printable name: the table's name, or `#<number>` for a number no type has. */
export function nodeTypeLabel(table: NodeTypeTable, value: number): string {
  return nodeTypeName(table, value) ?? `#${value}`;
}
