// The layer order of src/, bottom first: a module may import from its own unit and from units
// below it, never from one above (docs/architecture.md explains each layer). With every unit a
// layer of its own, no two folders can import each other, so the order also forbids cycles
// between folders. `npm run lint` enforces it (./layer-order.js); the architecture test keeps
// docs/architecture.md's list the same as this one.
//
// A unit is a folder of src/ (everything below it) or one file at the top of src/.
export const LAYERS = [
  'hex.ts',
  'version.ts',
  'suggest.ts',
  'dist-file.ts',
  'source-fingerprint.ts',
  'player.ts',
  'geometry',
  'pausing',
  'files',
  'graph',
  'nav',
  'sources',
  'world',
  'movement',
  'simulated-bot',
  'stage',
  'map-analysis',
  'navmesh',
  'navtest',
  'engine',
  'operators',
  'sinks',
  'testers',
  'pipeline',
  'iterate',
  'view',
  'plugin-api.ts',
  'cli',
  'view-page',
];

// Outside src/: which top folders each may import from (src/ imports none of them).
export const OUTSIDE = {
  tools: ['src', 'tools'],
  bench: ['src', 'tools', 'bench'],
  test: ['src', 'tools', 'test'],
  scripts: ['src', 'tools', 'scripts'],
};
