/**
 * The editor's tools (served by `navgen view` with the map loaded): delete a node or a link,
 * add a link (pick its source, then its target; the type from the type list), change a node's
 * type, move a node (pick it, then click its new place; z kept unless typed), undo, redo, save.
 * Every edit goes to the server, which checks it with the simulated bot and keeps or refuses
 * it; the page changes only by the nav an accepted answer brings.
 */
import type { EditPoint, NavEdit } from '../nav/edits/nav-edit.js';
import type { EditAnswer } from '../sinks/view/view-api.js';
import type { ViewType } from '../sinks/view/view-model.js';
import type { ApiClient } from './api-client.js';
import { button, el } from './dom.js';
import type { NavIndex } from './nav-index.js';
import type { NodeIdentity } from './node-identity.js';
import type { EditReport } from './panel-context.js';
import type { Selection } from './selection.js';

export type ToolName = 'delete-node' | 'delete-link' | 'add-link' | 'set-type' | 'move-node';

const TOOLS: readonly { readonly name: ToolName; readonly label: string; readonly hint: string }[] =
  [
    { name: 'delete-node', label: 'delete node', hint: 'click a node to delete it and its links' },
    {
      name: 'delete-link',
      label: 'delete link',
      hint: 'click a link to delete it (of a two-way line, the way leaving the end clicked nearer)',
    },
    { name: 'add-link', label: 'add link', hint: 'click the source node, then the target node' },
    { name: 'set-type', label: 'set type', hint: 'click a node to give it the type chosen' },
    { name: 'move-node', label: 'move node', hint: 'click a node, then its new place' },
  ];

/** What the tools need of the viewer. */
export interface EditHost {
  index(): NavIndex;
  readonly identity: NodeIdentity;
  typeName(type: number): string;
  /** An accepted answer: the nav replaced, the panel told. */
  accepted(answer: Extract<EditAnswer, { ok: true }>, report: EditReport): void;
  refused(report: EditReport): void;
  status(message: string, error?: boolean): void;
  requestFrame(): void;
}

export class EditTools {
  readonly element: HTMLElement;
  tool: ToolName | null = null;
  /** The node an add-link or a move picked first, or -1. */
  picked = -1;
  /** Unsaved edits exist (the server's word, from its last answer). */
  dirty = false;
  private busy = false;
  private readonly buttons = new Map<ToolName, HTMLButtonElement>();
  private readonly typeSelect: HTMLSelectElement;
  private readonly zInput: HTMLInputElement;
  private readonly counts = el('span', { class: 'nv-counts', testid: 'edit-counts' });

  constructor(
    private readonly api: ApiClient,
    private readonly host: EditHost,
    types: readonly ViewType[],
  ) {
    this.typeSelect = el(
      'select',
      { testid: 'link-type', title: 'the type of an added link, or the type set-type gives' },
      ...types.map((t) => el('option', { text: t.name, attrs: { value: t.name } })),
    );
    if (types.some((t) => t.name === 'MOVE')) this.typeSelect.value = 'MOVE';
    this.zInput = el('input', {
      class: 'nv-z',
      testid: 'move-z',
      title: 'the moved node’s new z; empty keeps its z',
      attrs: { type: 'number', placeholder: 'z: keep', step: '1' },
    });
    for (const t of TOOLS)
      this.buttons.set(
        t.name,
        button(t.label, () => this.arm(this.tool === t.name ? null : t.name), {
          testid: `tool-${t.name}`,
          title: t.hint,
          class: 'nv-tool',
        }),
      );
    this.element = el(
      'div',
      { class: 'nv-tools' },
      ...this.buttons.values(),
      this.typeSelect,
      this.zInput,
      button('undo', () => void this.undo(), {
        testid: 'undo',
        title: 'undo the last edit (Ctrl+Z)',
      }),
      button('redo', () => void this.redo(), {
        testid: 'redo',
        title: 'redo (Ctrl+Y, Ctrl+Shift+Z)',
      }),
      button('save', () => void this.save(), {
        testid: 'save',
        title: 'write the nav and the edits file (Ctrl+S)',
      }),
      this.counts,
    );
    this.showCounts(0, 0);
  }

  /** Arms a tool (null: none), forgetting a pick. */
  arm(tool: ToolName | null): void {
    this.tool = tool;
    this.picked = -1;
    for (const [name, b] of this.buttons) b.classList.toggle('nv-active', name === tool);
    const hint = TOOLS.find((t) => t.name === tool)?.hint;
    this.host.status(hint ?? 'no tool: clicks select');
    this.host.requestFrame();
  }

  /**
   * A click on the map with a tool armed; `hit` is what lies under the pointer, (x, y) the world
   * point. Returns false without a tool (the click selects).
   */
  click(hit: Selection | null, x: number, y: number): boolean {
    const tool = this.tool;
    if (!tool) return false;
    if (this.busy) {
      this.host.status('the last edit is still being checked');
      return true;
    }
    const index = this.host.index();
    const node = hit?.kind === 'node' ? hit.node : -1;
    const at = (n: number): EditPoint => index.position(n);
    switch (tool) {
      case 'delete-node':
        if (node < 0) return this.hint('click a node to delete');
        void this.send({ op: 'delete-node', at: at(node) }, `delete node ${node}`);
        return true;
      case 'delete-link':
        if (hit?.kind !== 'link') return this.hint('click a link to delete');
        void this.send(
          { op: 'delete-link', from: at(hit.from), to: at(hit.to) },
          `delete link ${hit.from} → ${hit.to}`,
        );
        return true;
      case 'set-type': {
        if (node < 0) return this.hint('click a node to give it a type');
        const type = this.typeSelect.value;
        void this.send({ op: 'set-type', at: at(node), type }, `set node ${node} to ${type}`);
        return true;
      }
      case 'add-link': {
        if (this.picked < 0) {
          if (node < 0) return this.hint('click the source node of the new link');
          this.picked = node;
          this.host.status(`source ${node}: now click the target node (Esc cancels)`);
          this.host.requestFrame();
          return true;
        }
        if (node < 0 || node === this.picked)
          return this.hint('click the target node, another node');
        const from = this.picked;
        const type = this.typeSelect.value;
        this.picked = -1;
        void this.send(
          { op: 'add-link', from: at(from), to: at(node), type },
          `add link ${from} → ${node} ${type}`,
        );
        return true;
      }
      case 'move-node': {
        if (this.picked < 0) {
          if (node < 0) return this.hint('click the node to move');
          this.picked = node;
          this.host.status(`node ${node}: now click its new place (Esc cancels)`);
          this.host.requestFrame();
          return true;
        }
        const moved = this.picked;
        const typed = this.zInput.value.trim();
        const z = typed === '' ? index.position(moved)[2] : Number(typed);
        if (!Number.isFinite(z)) return this.hint(`not a height: ${typed}`);
        const to: EditPoint = [Math.round(x), Math.round(y), Math.round(z * 10) / 10];
        this.picked = -1;
        this.host.identity.moving(moved, to);
        void this.send(
          { op: 'move-node', at: at(moved), to },
          `move node ${moved} to ${to.join(' ')}`,
        );
        return true;
      }
    }
  }

  /** Esc: forgets a pick, then the tool. */
  cancel(): void {
    if (this.picked >= 0) {
      this.picked = -1;
      this.host.status('pick cancelled');
      this.host.requestFrame();
    } else if (this.tool) this.arm(null);
  }

  async undo(): Promise<void> {
    await this.ask('undo', () => this.api.undo());
  }

  async redo(): Promise<void> {
    await this.ask('redo', () => this.api.redo());
  }

  async save(): Promise<void> {
    if (this.busy) return this.host.status('wait for the edit being checked, then save');
    this.busy = true;
    this.host.status('saving…');
    try {
      const a = await this.api.save();
      if (!a.ok) return this.host.status(`not saved: ${a.error}`, true);
      this.dirty = false;
      this.showCounts(0, 0);
      this.host.status(
        `saved ${a.nav}${a.kept ? ` (the old nav kept as ${a.kept})` : ''}; ${a.count} edits in ${a.edits}`,
      );
    } catch (e) {
      this.host.status((e as Error).message, true);
    } finally {
      this.busy = false;
    }
  }

  private hint(message: string): true {
    this.host.status(message);
    return true;
  }

  private send(edit: NavEdit, what: string): Promise<void> {
    return this.ask(what, () => this.api.edit(edit));
  }

  private async ask(what: string, request: () => Promise<EditAnswer>): Promise<void> {
    if (this.busy) return this.host.status('the last edit is still being checked');
    this.busy = true;
    this.host.status(`${what}…`);
    try {
      const a = await request();
      if (!a.ok) {
        this.host.refused({ what, refused: a.error, check: a.check, checks: [] });
        this.host.status(`${what}: refused: ${a.error}`, true);
        return;
      }
      this.dirty = a.dirty;
      this.showCounts(a.edits, a.redo);
      this.host.accepted(a, { what, refused: null, checks: a.checks });
      const failed = a.checks.filter((c) => !c.check.passed).length;
      this.host.status(
        `${what}: done${failed > 0 ? `; ${failed} of its links fail the simulated bot (see the panel)` : ''}`,
      );
    } catch (e) {
      this.host.status((e as Error).message, true);
    } finally {
      this.busy = false;
    }
  }

  private showCounts(edits: number, redo: number): void {
    this.counts.textContent = `edits ${edits} · redo ${redo}${this.dirty ? ' · unsaved' : ''}`;
    this.counts.classList.toggle('nv-dirty', this.dirty);
  }
}
