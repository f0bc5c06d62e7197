/**
 * The edits file: strict parsing with errors that name the file and the JSON path, the same
 * bytes for the same edits, atomic writes and a clear error for a missing file.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EditsFileError,
  formatEditsFile,
  parseEdit,
  parseEditsFile,
  readEditsFile,
  writeEditsFile,
} from '../../../src/nav/edits/edits-file.js';
import type { NavEdit } from '../../../src/nav/edits/nav-edit.js';

const EDITS: NavEdit[] = [
  { op: 'delete-node', at: [1, 2, 3] },
  { op: 'delete-link', from: [10, 20, 30], to: [40, 50, 60] },
  { op: 'delete-link', from: [10, 20, 30], to: [40, 50, 60], type: 'JUMP' },
  { op: 'add-link', from: [-1.5, 0, 24], to: [100, 200, 300.25], type: 'MOVE' },
  { op: 'set-type', at: [5, 6, 7], type: 'LADDER' },
  { op: 'move-node', at: [5, 6, 7], to: [8, 9, 10] },
];

const file = (edits: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'navgen-edits', version: 1, map: 'wizs', edits, ...extra });

/** The message of what `fn` throws, checked to be an EditsFileError. */
function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EditsFileError);
    return (e as Error).message;
  }
  throw new Error('did not throw');
}

describe('parseEditsFile', () => {
  it('reads every op back as written', () => {
    const parsed = parseEditsFile(formatEditsFile('wizs', EDITS), 'wizs.edits.json');
    expect(parsed).toEqual({ map: 'wizs', edits: EDITS });
  });

  it('names the file and the JSON path of a bad point', () => {
    const edits = [
      ...EDITS.slice(0, 3),
      { op: 'add-link', from: [0, 0, 0], to: [1, 2], type: 'MOVE' },
    ];
    expect(errorOf(() => parseEditsFile(file(edits), 'wizs.edits.json'))).toBe(
      'wizs.edits.json: edits[3].to: expected 3 finite numbers',
    );
    const nan = [{ op: 'delete-node', at: [0, 'x', 0] }];
    expect(errorOf(() => parseEditsFile(file(nan), 'a.json'))).toBe(
      'a.json: edits[0].at: expected 3 finite numbers',
    );
  });

  it('refuses unknown type names with a suggestion, and unknown ops and keys', () => {
    expect(
      errorOf(() =>
        parseEditsFile(file([{ op: 'set-type', at: [0, 0, 0], type: 'stand-drop' }]), 'f.json'),
      ),
    ).toMatch(
      /^f\.json: edits\[0\]\.type: unknown node type "stand-drop"; did you mean "STAND_DROP"\?/,
    );
    expect(
      errorOf(() => parseEditsFile(file([{ op: 'delete-nodes', at: [0, 0, 0] }]), 'f.json')),
    ).toBe('f.json: edits[0].op: unknown op "delete-nodes"; did you mean "delete-node"?');
    expect(
      errorOf(() =>
        parseEditsFile(file([{ op: 'delete-node', at: [0, 0, 0], to: [1, 1, 1] }]), 'f.json'),
      ),
    ).toMatch(/^f\.json: edits\[0\]\.to: unknown key "to"/);
    expect(
      errorOf(() =>
        parseEditsFile(file([{ op: 'add-link', from: [0, 0, 0], to: [1, 1, 1] }]), 'f.json'),
      ),
    ).toBe('f.json: edits[0].type: add-link needs a node type here');
  });

  it('checks the header: format, version, map, edits', () => {
    expect(errorOf(() => parseEditsFile('{', 'f.json'))).toMatch(/^f\.json: not JSON: /);
    expect(errorOf(() => parseEditsFile(file([], { format: 'other' }), 'f.json'))).toBe(
      'f.json: format: expected "navgen-edits", found "other"',
    );
    expect(errorOf(() => parseEditsFile(file([], { version: 2 }), 'f.json'))).toBe(
      'f.json: version: version 2 is newer than this navgen reads (1)',
    );
    expect(errorOf(() => parseEditsFile(file([], { map: '' }), 'f.json'))).toMatch(
      /^f\.json: map: /,
    );
    expect(errorOf(() => parseEditsFile(file([], { edit: [] }), 'f.json'))).toBe(
      'f.json: edit: unknown key "edit"; did you mean "edits"?',
    );
  });

  it('parseEdit checks one edit with the same words', () => {
    expect(parseEdit({ op: 'delete-node', at: [1, 2, 3] }, 'the request')).toEqual({
      op: 'delete-node',
      at: [1, 2, 3],
    });
    expect(
      errorOf(() => parseEdit({ op: 'move-node', at: [1, 2, 3], to: null }, 'the request')),
    ).toBe('the request: to: expected 3 finite numbers');
  });
});

describe('formatEditsFile and the file', () => {
  it('gives the same bytes for the same edits: fixed key order, one edit per line, a final newline', () => {
    const text = formatEditsFile('wizs', EDITS);
    // Keys in another order give the same text.
    const shuffled = EDITS.map((e) => Object.fromEntries(Object.entries(e).reverse()) as NavEdit);
    expect(formatEditsFile('wizs', shuffled)).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    const lines = text.split('\n');
    expect(lines).toContain('    { "op": "delete-node", "at": [1, 2, 3] },');
    expect(lines).toContain(
      '    { "op": "add-link", "from": [-1.5, 0, 24], "to": [100, 200, 300.25], "type": "MOVE" },',
    );
    expect(lines.filter((l) => l.includes('"op"'))).toHaveLength(EDITS.length);
    expect(formatEditsFile('wizs', [])).toBe(
      '{\n  "format": "navgen-edits",\n  "version": 1,\n  "map": "wizs",\n  "edits": []\n}\n',
    );
  });

  it('writes atomically (no temporary file left) and reads back; a missing file names its path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-edits-file-'));
    const path = join(dir, 'wizs.edits.json');
    await writeEditsFile(path, 'wizs', EDITS);
    expect(readdirSync(dir)).toEqual(['wizs.edits.json']);
    expect(readFileSync(path, 'utf8')).toBe(formatEditsFile('wizs', EDITS));
    expect(await readEditsFile(path)).toEqual({ map: 'wizs', edits: EDITS });
    const missing = join(dir, 'none.edits.json');
    await expect(readEditsFile(missing)).rejects.toThrow(`${missing}: no such edits file`);
    writeFileSync(path, file([{ op: 'delete-node' }]));
    await expect(readEditsFile(path)).rejects.toThrow(
      `${path}: edits[0].at: delete-node needs a point here`,
    );
  });
});
