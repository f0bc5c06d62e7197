/**
 * Ctrl-C and SIGTERM during a build: before the writes the build stops at once and says that
 * nothing changed (exit 130 / 143, the admin's nav as it was); during the writes it finishes them
 * (the nav and its backup) first, then says what it wrote.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_SIGINT, EXIT_SIGTERM, Interruption } from '../../src/cli/interruption.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { startNavgen, tempFolder, wizsDemos } from '../robustness/navgen-cli.js';

describe('Interruption', () => {
  const harness = () => {
    const said: string[] = [];
    const exits: number[] = [];
    const done: string[] = [];
    const i = new Interruption(
      () => done,
      (l) => said.push(l),
      (c) => exits.push(c),
    );
    return { i, said, exits, done };
  };

  it('stops at once before the writes, saying what was (not) done', () => {
    const { i, said, exits, done } = harness();
    done.push('stopped before writing anything');
    i.onSignal('SIGINT');
    expect(exits).toEqual([EXIT_SIGINT]);
    expect(said).toEqual([
      'navgen: interrupted (SIGINT)',
      'navgen: stopped before writing anything',
    ]);
  });

  it('lets the writes under way finish, then stops with 143 for SIGTERM', () => {
    const { i, said, exits, done } = harness();
    i.beginWrites();
    i.onSignal('SIGTERM');
    i.onSignal('SIGTERM');
    expect(exits).toEqual([]);
    expect(i.stopping).toBe(true);
    done.push('wrote the nav');
    i.endWrites();
    expect(exits).toEqual([EXIT_SIGTERM]);
    expect(said).toEqual([
      'navgen: interrupted (SIGTERM): finishing the writes under way first',
      'navgen: SIGTERM again: still finishing the writes under way',
      'navgen: wrote the nav',
    ]);
  });
});

describeFixtures('navgen build, interrupted', () => {
  it('Ctrl-C before the writes: exit 130, the nav in place untouched, and a word saying so', async () => {
    const dir = tempFolder('interrupt');
    mkdirSync(join(dir, 'game'), { recursive: true });
    const nav = join(dir, 'game', 'wizs.nav');
    writeFileSync(nav, 'the admin\u2019s nav');
    const run = startNavgen(dir, [
      'build',
      '--map',
      'wizs',
      '--bsp',
      fixture('maps', 'wizs.bsp'),
      '--out',
      nav,
      '--no-cache',
      '--no-html',
      ...wizsDemos(),
    ]);
    // Once the demos are being read, well before the writes (a cold build of wizs takes seconds).
    await new Promise<void>((resolve) => {
      run.child.stderr!.on('data', (d: Buffer) => {
        if (/\[1\/4\]|read/.test(d.toString())) resolve();
      });
    });
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code, r.stderr).toBe(EXIT_SIGINT);
    expect(r.stderr).toContain('navgen: interrupted (SIGINT)');
    expect(r.stderr).toContain(`navgen: stopped before writing anything: ${nav} is as it was`);
    expect(readFileSync(nav, 'utf8')).toBe('the admin\u2019s nav');
    expect(existsSync(`${nav}.orig`)).toBe(false);
  }, 120_000);
});

describeFixtures('navgen build --all-maps, interrupted', () => {
  it('starts no new map, finishes the one under way, says which maps were done and which not', async () => {
    const dir = tempFolder('interrupt-all');
    const demos = join(dir, 'demos');
    mkdirSync(demos);
    for (const map of ['wizs', 'simplicity', 'beer']) {
      const folder = fixture('demos', 'mvd2', 'corpus', map);
      const first = readdirSync(folder).sort()[0];
      symlinkSync(join(folder, first), join(demos, first));
    }
    const out = join(dir, 'navs');
    const run = startNavgen(dir, [
      'build',
      '--all-maps',
      '--maps-dir',
      fixture('maps'),
      '--out-dir',
      out,
      '--workers',
      '1',
      '--no-cache',
      '--no-html',
      demos,
    ]);
    // Once the first map is done (its line), the second is under way.
    await new Promise<void>((resolve) => {
      let text = '';
      run.child.stderr!.on('data', (d: Buffer) => {
        text += d.toString();
        if (/\[\d\/3\] \w+: \d+ of \d+ demo/.test(text)) resolve();
      });
      run.child.on('close', () => resolve());
    });
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code, r.stderr).toBe(EXIT_SIGINT);
    expect(r.stderr).toContain(
      'navgen: interrupted (SIGINT): finishing the writes under way first',
    );
    const done = /maps done before stopping: (.*)/.exec(r.stderr)![1].split(', ');
    const left = /maps not built: (.*) \(their navs are as they were\)/
      .exec(r.stderr)![1]
      .split(', ');
    expect(done).toHaveLength(2);
    expect(left).toHaveLength(1);
    for (const m of done) expect(existsSync(join(out, `${m}.nav`)), m).toBe(true);
    expect(existsSync(join(out, `${left[0]}.nav`))).toBe(false);
  }, 240_000);
});
