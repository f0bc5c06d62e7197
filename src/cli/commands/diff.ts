/**
 * `navgen diff <a.nav> <b.nav> [--json] [--match-radius <units>]`: what changed from A to B.
 * Nodes are matched by position (node numbers differ between generations), then nodes and the
 * links between matched nodes are reported as added, removed or retyped.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { diffNavs, navDiffDefaults, type NavDiff } from '../../nav/diff.js';
import { defaultNodeTypes, nodeTypeLabel } from '../../nav/node-types.js';
import type { Vec3 } from '../../nav/types.js';
import { readNavForCli } from './inspect.js';

/** [Limit: 10] Entries of each list the human summary shows (`--json` shows all). */
const LISTED = 10;

function parseRadius(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new InvalidArgumentError('must be a number > 0 (world units)');
  return value;
}

export function register(program: Command): void {
  program
    .command('diff')
    .description(
      'Compare two .nav files of one map. Nodes within the match radius are paired (nearest pairs ' +
        'first, deterministic); unpaired nodes are added (only in B) or removed (only in A), paired ' +
        'nodes of another type are retyped, and links between paired nodes are added, removed or ' +
        'retyped (other target type). Prints a summary with the first entries of each list.',
    )
    .argument('<a>', 'the earlier .nav file')
    .argument('<b>', 'the later .nav file')
    .option('--json', 'print the whole diff as JSON (every entry of every list)')
    .option(
      '--match-radius <units>',
      'nodes at most this far apart (world units) are the same node',
      parseRadius,
      navDiffDefaults.matchRadius,
    )
    .action(async (a: string, b: string, opts: { json?: boolean; matchRadius: number }) => {
      const navA = (await readNavForCli(a)).nav;
      const navB = (await readNavForCli(b)).nav;
      const diff = diffNavs(navA, navB, { matchRadius: opts.matchRadius });
      const report = { a, b, ...diff };
      process.stdout.write(
        opts.json ? JSON.stringify(report, null, 2) + '\n' : formatDiff(a, b, diff),
      );
    });
}

const typeName = (t: number) => nodeTypeLabel(defaultNodeTypes, t);
const at = (o: Vec3) => `(${o.map((v) => +v.toFixed(1)).join(' ')})`;

function listed<T>(title: string, items: readonly T[], line: (item: T) => string): string[] {
  if (items.length === 0) return [];
  const more =
    items.length > LISTED ? [`  … ${items.length - LISTED} more (--json lists all)`] : [];
  return [`${title}:`, ...items.slice(0, LISTED).map((i) => `  ${line(i)}`), ...more];
}

export function formatDiff(a: string, b: string, d: NavDiff): string {
  const lines = [
    `A  ${a}: ${d.nodesA} nodes`,
    `B  ${b}: ${d.nodesB} nodes`,
    `matched  ${d.matchedNodes} node pairs within ${d.matchRadius} units (shift mean ${d.meanShift.toFixed(1)}, max ${d.maxShift.toFixed(1)})`,
    `nodes    +${d.addedNodes.length} added, -${d.removedNodes.length} removed, ${d.retypedNodes.length} retyped`,
    `links    +${d.addedLinks.length} added, -${d.removedLinks.length} removed, ${d.retypedLinks.length} retyped, ` +
      `${d.unchangedLinks} unchanged between matched nodes; ${d.linksOfRemovedNodes} gone with removed nodes, ` +
      `${d.linksOfAddedNodes} new with added nodes`,
  ];
  const sections = [
    listed(
      'added nodes',
      d.addedNodes,
      (n) => `B#${n.index} ${typeName(n.type)} at ${at(n.origin)}`,
    ),
    listed(
      'removed nodes',
      d.removedNodes,
      (n) => `A#${n.index} ${typeName(n.type)} at ${at(n.origin)}`,
    ),
    listed(
      'retyped nodes',
      d.retypedNodes,
      (n) => `A#${n.a} = B#${n.b}: ${typeName(n.typeA)} → ${typeName(n.typeB)}`,
    ),
    listed(
      'added links',
      d.addedLinks,
      (l) => `B#${l.fromB} → B#${l.toB} ${typeName(l.type)} (A#${l.fromA} → A#${l.toA})`,
    ),
    listed(
      'removed links',
      d.removedLinks,
      (l) => `A#${l.fromA} → A#${l.toA} ${typeName(l.type)} (B#${l.fromB} → B#${l.toB})`,
    ),
    listed(
      'retyped links',
      d.retypedLinks,
      (l) =>
        `A#${l.fromA} → A#${l.toA} = B#${l.fromB} → B#${l.toB}: ${typeName(l.typeA)} → ${typeName(l.typeB)}`,
    ),
  ];
  for (const s of sections) if (s.length > 0) lines.push('', ...s);
  return lines.join('\n') + '\n';
}
