import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/files/atomic-write.js';
import {
  processAlive,
  sweepStaleTempFiles,
  tempFileOwner,
} from '../../src/files/stale-temp-files.js';

const work = mkdtempSync(join(tmpdir(), 'navgen-stale-temp-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The id of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '0']);
  expect(processAlive(r.pid!)).toBe(false);
  return r.pid!;
}

describe('stale temporary files', () => {
  it('recognises the names writeFileAtomic gives its temporary files', async () => {
    let temp = '';
    await writeFileAtomic(join(work, 'named.nav'), new Uint8Array([1, 2, 3]), {
      verify: (t) => {
        temp = t;
      },
    });
    expect(tempFileOwner(basename(temp))).toBe(process.pid);
    expect(tempFileOwner('wizs.nav')).toBeNull();
    expect(tempFileOwner('.wizs.nav.tmp')).toBeNull();
    expect(tempFileOwner('.wizs.nav.123-abc.tmp')).toBeNull();
  });

  it('removes the files of processes that are gone and keeps everything else', async () => {
    const a = join(work, 'out');
    const b = join(work, 'cache', 'ab');
    mkdirSync(a);
    mkdirSync(b, { recursive: true });
    const dead = deadPid();
    const names = {
      deadNav: `.wizs.nav.${dead}-0123456789ab.tmp`,
      deadEntry: `.abcd.ngdc.${dead}-ba9876543210.tmp`,
      mine: `.wizs.report.json.${process.pid}-00112233aabb.tmp`,
      init: `.wizs.strafe_traces.1-ffffffffffff.tmp`,
      other: '.notes.tmp',
      output: 'wizs.nav',
    };
    for (const n of [names.deadNav, names.mine, names.init, names.other, names.output])
      writeFileSync(join(a, n), 'x');
    writeFileSync(join(b, names.deadEntry), 'x');

    const removed = await sweepStaleTempFiles([a, b, a, join(work, 'missing')]);
    expect(removed).toEqual([join(b, names.deadEntry), join(a, names.deadNav)].sort());
    expect(readdirSync(a).sort()).toEqual(
      [names.mine, names.init, names.other, names.output].sort(),
    );
    expect(existsSync(join(b, names.deadEntry))).toBe(false);
  });
});
