/**
 * One `navgen view` editing session: the nav as it was opened, the edits kept since (each
 * checked before it was kept), the ones undone that `redo` can bring back, and the save that
 * writes both the nav and the edits file.
 *
 * The nav shown is always the opened nav with the kept edits applied in order
 * (`nav/edits/apply-edits.ts`, the same function every later build applies them with), so undo
 * is dropping the last edit and what the admin sees is what the next build makes again.
 */
import { existsSync } from 'node:fs';
import { applyEditsToNav, nearestNode } from '../nav/edits/apply-edits.js';
import { EDIT_MATCH_RADIUS, type NavEdit } from '../nav/edits/nav-edit.js';
import { readEditsFile, writeEditsFile } from '../nav/edits/edits-file.js';
import { formatPoint } from '../nav/edits/describe-edit.js';
import { NODE_TYPE_NAMES, nodeTypeName, type NodeTypeTable } from '../nav/node-types.js';
import type { NavFile } from '../nav/types.js';
import { validateNav } from '../nav/formats/aqtion/validate.js';
import { MAX_LINKS_PER_NODE } from '../nav/formats/aqtion/format.js';
import { writeNavFile } from '../sinks/nav/write-nav-file.js';
import { prepareNavBackup } from '../files/nav-backup.js';
import type { CollisionModel } from '../world/collision-model.js';
import type { EditAnswer, LinkCheck, SaveAnswer } from '../sinks/view/view-api.js';
import { viewNavOf } from '../sinks/view/view-model-of.js';
import type { HeightBand } from '../sinks/render/height-band.js';
import { checkLink } from './link-check.js';

export interface EditSessionOptions {
  /** The nav file the session opened and saves to. */
  readonly navPath: string;
  readonly nav: NavFile;
  /** The map's collision model; null: the session is read-only (nothing to check edits with). */
  readonly model: CollisionModel | null;
  readonly nodeTypes: NodeTypeTable;
  readonly bands: readonly HeightBand[];
  /** The edits file saves append to, and the map name it records. */
  readonly editsPath: string;
  readonly map: string;
}

export class EditSession {
  private base: NavFile;
  private kept: NavEdit[] = [];
  private undone: NavEdit[] = [];
  private current: NavFile;
  private saved = true;

  constructor(private readonly o: EditSessionOptions) {
    this.base = o.nav;
    this.current = o.nav;
  }

  get editable(): boolean {
    return this.o.model !== null;
  }

  nav(): NavFile {
    return this.current;
  }

  /** The current nav as the page draws it. */
  navView(): ReturnType<typeof viewNavOf> {
    return viewNavOf(this.current, this.o.bands);
  }

  private typeName(n: number): string {
    return nodeTypeName(this.o.nodeTypes, n) ?? `TYPE_${n}`;
  }

  /** The simulated bot on the link from node `a` to node `b` of `nav`. */
  private checkNodes(nav: NavFile, a: number, b: number, linkType: string): LinkCheck {
    const na = nav.nodes[a];
    const nb = nav.nodes[b];
    return checkLink(this.o.model!, {
      from: na.origin,
      to: nb.origin,
      linkType,
      fromType: this.typeName(na.type),
      toType: this.typeName(nb.type),
    });
  }

  /** The simulated bot's verdict on a link between two points of the current nav. */
  check(from: readonly number[], to: readonly number[], type: string): LinkCheck | string {
    if (!this.o.model) return 'the map is not loaded: start navgen view with --bsp or --game-dir';
    if (!(NODE_TYPE_NAMES as readonly string[]).includes(type)) return `unknown link type ${type}`;
    const a = nearestNode(this.current.nodes, from);
    const b = nearestNode(this.current.nodes, to);
    if (a < 0) return `no node within ${EDIT_MATCH_RADIUS} units of ${formatPoint(from)}`;
    if (b < 0) return `no node within ${EDIT_MATCH_RADIUS} units of ${formatPoint(to)}`;
    return this.checkNodes(this.current, a, b, type);
  }

  private answer(checks: { from: number; to: number; check: LinkCheck }[] = []): EditAnswer {
    return {
      ok: true,
      nav: this.navView(),
      edits: this.kept.length,
      redo: this.undone.length,
      checks,
      dirty: !this.saved,
    };
  }

  /** Checks an edit and keeps it, or refuses it with the reason (the nav unchanged). */
  edit(edit: NavEdit): EditAnswer {
    if (!this.o.model)
      return { ok: false, error: 'read-only: start navgen view with --bsp or --game-dir to edit' };
    const { nav, outcomes } = applyEditsToNav(this.current, [edit], this.o.nodeTypes);
    const outcome = outcomes[0];
    if (!outcome.applied) return { ok: false, error: outcome.reason ?? 'the edit did not apply' };
    const checks: { from: number; to: number; check: LinkCheck }[] = [];
    if (edit.op === 'add-link') {
      const a = nearestNode(nav.nodes, edit.from);
      const b = nearestNode(nav.nodes, edit.to);
      if (nav.nodes[a].links.length > MAX_LINKS_PER_NODE)
        return {
          ok: false,
          error: `node ${a} has ${MAX_LINKS_PER_NODE} links already, the most the engine holds`,
        };
      const check = this.check(edit.from, edit.to, edit.type);
      if (typeof check === 'string') return { ok: false, error: check };
      if (!check.passed)
        return {
          ok: false,
          error: `the simulated bot cannot take this link: ${check.reason}${check.detail ? ` (${check.detail})` : ''}`,
          check,
        };
      checks.push({ from: a, to: b, check });
    }
    if (edit.op === 'move-node') {
      // The moved node's links, in and out, run again from its new place.
      const n = nearestNode(nav.nodes, edit.to);
      nav.nodes.forEach((node, i) =>
        node.links.forEach((l) => {
          if (i === n || l.target === n)
            checks.push({
              from: i,
              to: l.target,
              check: this.checkNodes(nav, i, l.target, this.typeName(l.targetType)),
            });
        }),
      );
    }
    this.kept.push(edit);
    this.undone = [];
    this.current = nav;
    this.saved = false;
    return this.answer(checks);
  }

  private replay(): void {
    this.current = applyEditsToNav(this.base, this.kept, this.o.nodeTypes).nav;
  }

  undo(): EditAnswer {
    const e = this.kept.pop();
    if (!e) return { ok: false, error: 'nothing to undo' };
    this.undone.push(e);
    this.replay();
    this.saved = false;
    return this.answer();
  }

  redo(): EditAnswer {
    const e = this.undone.pop();
    if (!e) return { ok: false, error: 'nothing to redo' };
    this.kept.push(e);
    this.replay();
    this.saved = false;
    return this.answer();
  }

  /**
   * Writes the nav (atomically; the nav it replaces kept as `.orig`, then `.bak.N`) and the
   * edits file (its earlier edits, then this session's). A nav the engine would refuse is not
   * written.
   */
  async save(): Promise<SaveAnswer> {
    const problems = validateNav(this.current, this.o.nodeTypes).filter(
      (p) => p.severity === 'error',
    );
    if (problems.length > 0)
      return {
        ok: false,
        error: `the engine would refuse this nav: ${problems
          .slice(0, 3)
          .map((p) => p.message)
          .join('; ')}`,
      };
    // The edits file's earlier edits stay first; a broken file is said, never overwritten.
    let earlier: readonly NavEdit[] = [];
    if (existsSync(this.o.editsPath))
      try {
        const file = await readEditsFile(this.o.editsPath);
        if (file.map !== this.o.map)
          return {
            ok: false,
            error: `${this.o.editsPath} holds the edits of map ${file.map}, not ${this.o.map}: give another file with --edits`,
          };
        earlier = file.edits;
      } catch (e) {
        return { ok: false, error: `${(e as Error).message}: mend or move it, then save again` };
      }
    const all = [...earlier, ...this.kept];
    const backup = await prepareNavBackup(this.o.navPath);
    await writeNavFile(this.o.navPath, this.current, { nodeTypes: this.o.nodeTypes });
    const kept = await backup.keep();
    await writeEditsFile(this.o.editsPath, this.o.map, all);
    this.base = this.current;
    this.kept = [];
    this.undone = [];
    this.saved = true;
    return { ok: true, nav: this.o.navPath, edits: this.o.editsPath, kept, count: all.length };
  }

  /** Unsaved edits exist. */
  get dirty(): boolean {
    return !this.saved;
  }
}
