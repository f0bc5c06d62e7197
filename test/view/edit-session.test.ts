/**
 * The editing session's refusals that the page cannot cause on a well-formed nav: a link onto a
 * node that holds the engine's 32 already, and a save of a nav the engine would refuse (here a
 * node of 33 links, as a hand-edited file may hold); the nav on disk untouched.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNodeTypes as T } from '../../src/nav/node-types.js';
import type { NavFile, NavNode } from '../../src/nav/types.js';
import { linkCost } from '../../src/nav/link-cost.js';
import { loadCollisionModel, type CollisionModel } from '../../src/world/collision-model.js';
import { EditSession } from '../../src/view/edit-session.js';
import { ALL_HEIGHTS } from '../../src/sinks/render/height-band.js';

const fixtures = join(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures');
let dir: string;
let model: CollisionModel;

/** Node 0 linked to nodes 1..`links`, on a line 40 units apart. */
function star(links: number): NavFile {
  const nodes: NavNode[] = [];
  for (let i = 0; i <= links + 1; i++)
    nodes.push({ area: 0, origin: [i * 40, 0, 24], type: T.MOVE, nodenum: i, inuse: 1, links: [] });
  for (let i = 1; i <= links; i++)
    nodes[0].links.push({
      target: i,
      targetType: T.MOVE,
      cost: linkCost(nodes[0].origin, nodes[i].origin),
    });
  return { version: 2, nodes };
}

const session = (nav: NavFile) =>
  new EditSession({
    navPath: join(dir, 'star.nav'),
    nav,
    model,
    nodeTypes: T,
    bands: [ALL_HEIGHTS],
    editsPath: join(dir, 'star.edits.json'),
    map: 'wizs',
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'navgen-edit-session-'));
  model = await loadCollisionModel(join(fixtures, 'maps', 'wizs.bsp'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('EditSession', () => {
  it('refuses a 33rd link on a node, naming the engine limit', () => {
    const nav = star(32);
    const s = session(nav);
    const a = s.edit({ op: 'add-link', from: [0, 0, 24], to: [33 * 40, 0, 24], type: 'MOVE' });
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.error).toMatch(/node 0 has 32 links already, the most the engine holds/);
    expect(s.nav().nodes[0].links).toHaveLength(32);
  });

  it('refuses to save a nav the engine would refuse, and writes nothing', async () => {
    const s = session(star(33));
    const saved = await s.save();
    expect(saved.ok).toBe(false);
    if (!saved.ok) expect(saved.error).toMatch(/the engine would refuse this nav: .*33 links/);
    expect(existsSync(join(dir, 'star.nav'))).toBe(false);
    expect(existsSync(join(dir, 'star.edits.json'))).toBe(false);
  });
});
