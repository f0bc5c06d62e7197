/**
 * A server admin's first contact with `navgen`, with the damaged and wrong inputs they meet:
 * a demo cut short, random bytes named .mvd2, a 14-byte broken gzip, a wrong --map, the BSP of
 * another map, a missing or empty folder, a glob matching nothing, an --out that is a folder
 * or cannot be written, an unknown command. Each failure must name its cause whatever the
 * verbosity, exit with its documented code, and leave an existing nav as it was.
 *
 * Builds run with --no-map where the map plays no part (seconds each); the one wrong-BSP case
 * needs the map checks. Builds are spawned without blocking this thread (`navgenAsync`): a
 * test worker blocked for long loses its RPC to vitest. Fixture demos are linked or cut into temporary folders, never copied
 * into the repository.
 */
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { navgen, navgenAsync, sha256, startNavgen, tempFolder } from '../robustness/navgen-cli.js';

const WIZS = () => fixture('demos', 'mvd2', 'corpus', 'wizs', 'wizs_dm_6bots_240s_sk9_c3.mvd2.gz');

describe('unknown commands', () => {
  it('are an error (exit 2) even with --help, with a did-you-mean from the command registry', () => {
    const dir = tempFolder('first-contact-cmd');
    // A command that exists nowhere (`mesh` and `path` exist now: the navmesh commands).
    const unknown = navgen(dir, 'waypoints', '--help');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/unknown command "waypoints"/);
    expect(unknown.stderr).toMatch(/commands: build, .*navtest/);
    const typo = navgen(dir, 'bild', 'x');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean "build"\?/);
    expect(navgen(dir, 'help', 'navtst').stderr).toMatch(/did you mean "navtest"\?/);
    expect(navgen(dir, 'info', '--help').code).toBe(0);
  });
});

describeFixtures('first contact with damaged and wrong inputs', () => {
  let dir: string;
  let bad: string;
  let cut: string;
  let random: string;
  let broken: string;
  let cutOffset: number;
  /** `navgen build` of wizs without a map, writing `out`, in the test folder. */
  const buildWizs = (out: string, ...rest: string[]) =>
    navgenAsync(dir, 'build', '--map', 'wizs', '--no-map', '--out', out, ...rest);

  beforeAll(() => {
    dir = tempFolder('first-contact');
    bad = join(dir, 'bad');
    mkdirSync(bad);
    cut = join(bad, 'cut.mvd2.gz');
    writeFileSync(cut, readFileSync(WIZS()).subarray(0, 150_000));
    random = join(bad, 'random.mvd2');
    // Deterministic "random" bytes: no demo magic, no valid client block.
    const bytes = Buffer.alloc(20_000);
    for (let i = 0, x = 12345; i < bytes.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      bytes[i] = x >>> 24;
    }
    writeFileSync(random, bytes);
    broken = join(bad, 'broken.mvd2.gz');
    // A gzip header and four bytes of no deflate stream: 14 bytes, nothing after gunzip.
    writeFileSync(broken, Buffer.from('1f8b080000000000000361626364', 'hex'));
    const info = navgen(dir, 'info', '--json', cut);
    cutOffset = parseInt(/@0x([0-9a-f]+)/.exec(info.stdout)![1], 16);
  });

  describe('navgen info', () => {
    it('never prints negative positions or a wrong size', () => {
      for (const [file, size] of [
        [random, 20_000],
        [broken, 14],
      ] as const) {
        const r = navgen(dir, 'info', file);
        expect(r.code).toBe(1);
        expect(r.stdout).not.toMatch(/-1\b/);
        expect(r.stdout).not.toMatch(/\b0 byte\(s\) long|\b0 B on disk/);
        expect(r.stdout).toContain(`bytes     ${size >= 1024 ? '19.5 KiB' : `${size} B`} on disk`);
      }
      expect(navgen(dir, 'info', broken).stdout).toMatch(
        /gzip file of 14 byte\(s\) holds 0 byte\(s\) after gunzip/,
      );
      // Named .mvd2 but neither format: the message says so (not "not a client demo").
      expect(navgen(dir, 'info', random).stdout).toMatch(
        /random\.mvd2@0x0 block 0: not a demo: it does not start with "MVD2" \(a multi-view demo\), and as a client demo its first block length \d+ is outside 0\.\.32768 \[BAD_MAGIC\]/,
      );
    });
  });

  describe('a damaged demo is named in the summary, whatever the verbosity', () => {
    it('--json: a cut demo is in warnings with its offset and the frames used; exit 3', async () => {
      const out = join(dir, 'json');
      const r = await buildWizs(join(out, 'w.nav'));
      expect(r.code).toBe(2); // no demos given
      const j = await navgenAsync(
        dir,
        ...['build', '--map', 'wizs', '--no-map', '--out', join(out, 'w.nav')],
        ...['--no-cache', '--no-html', '--json', cut],
      );
      expect(j.code, j.stderr).toBe(3);
      const s = JSON.parse(j.stdout) as {
        warnings: string[];
        demos: { status: string; warnings?: string[]; frames: number }[];
      };
      const hex = `@0x${cutOffset.toString(16)}`;
      expect(s.demos[0].warnings?.join()).toContain(hex);
      const line = s.warnings.find((w) => w.includes(hex))!;
      expect(line).toMatch(/stops without the end mark/);
      expect(line).toContain(`used the ${s.demos[0].frames} frame(s) before it`);
      expect(s.demos[0].frames).toBeGreaterThan(500);
    });

    it('--quiet: the damage on stderr, file and offset; --no-progress: in the summary', async () => {
      const out = join(dir, 'quiet');
      const args = ['build', '--map', 'wizs', '--no-map', '--out', join(out, 'w.nav')];
      const q = await navgenAsync(dir, ...args, '--no-cache', '--no-html', '--quiet', cut, WIZS());
      expect(q.code, q.stderr).toBe(3);
      expect(q.stdout).toBe('');
      expect(q.stderr).toMatch(/damaged demo .*cut\.mvd2\.gz@0x[0-9a-f]+: demo stops without/);
      const p = await navgenAsync(
        dir,
        ...args,
        '--no-cache',
        '--no-html',
        '--no-progress',
        random,
        WIZS(),
      );
      expect(p.code, p.stderr).toBe(3);
      expect(p.stderr).toContain('kept the nav being replaced as');
      expect(p.stdout).toMatch(
        /damaged demo .*random\.mvd2@0x0 block 0: .*; nothing of it used \(quarantined, no frame before the damage\)/,
      );
    });

    it('no demo contributed: said with the damage, no empty nav, an existing nav left as it was', async () => {
      const out = join(dir, 'none');
      const nav = join(out, 'w.nav');
      const args = ['build', '--map', 'wizs', '--no-map', '--out', nav, '--no-cache', '--no-html'];
      const first = await navgenAsync(dir, ...args, '--quiet', random, broken);
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/no demo contributed to map wizs \(2 damaged\); no nav written/);
      expect(first.stderr).toMatch(/random\.mvd2@0x0 block 0/);
      expect(first.stderr).toMatch(/broken\.mvd2\.gz@0x0: gzip file of 14 byte/);
      expect((await navgenAsync(dir, ...args, '--quiet', WIZS())).code).toBe(0);
      const before = sha256(nav);
      const again = await navgenAsync(dir, ...args, random);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`${nav} was left as it was`);
      expect(sha256(nav)).toBe(before);
    });
  });

  describe('wrong inputs', () => {
    it('a wrong --map lists the maps the demos hold (exit 1)', async () => {
      const demos = join(dir, 'demos-of-maps');
      mkdirSync(demos);
      symlinkSync(WIZS(), join(demos, 'a.mvd2.gz'));
      symlinkSync(
        fixture('demos', 'mvd2', 'multimap_tdm_wizs_city_storm_8bots.mvd2.gz'),
        join(demos, 'b.mvd2.gz'),
      );
      const r = await navgenAsync(
        dir,
        ...['build', '--map', 'wizs2', '--no-map', '--out', join(dir, 'x', 'w.nav')],
        ...['--no-cache', '--no-html', '--quiet', demos],
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /none of the 2 demo\(s\) was played on map wizs2; they hold city \(1 demo\), storm \(1 demo\), wizs \(2 demos\)/,
      );
    });

    it('the flag form needs --bsp (or --no-map on purpose): exit 2', async () => {
      const r = await navgenAsync(dir, 'build', '--map', 'wizs', '--out', 'w.nav', WIZS());
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/needs the map: --bsp MAP\.bsp.*--no-map/);
    });

    it('no input found: one exit code (2) for an empty folder, a missing one, a glob matching nothing', async () => {
      const empty = join(dir, 'empty');
      mkdirSync(empty);
      const base = ['build', '--map', 'wizs', '--no-map', '--out', 'w.nav'];
      for (const input of [empty, join(dir, 'missing'), 'nothing*.mvd2']) {
        const r = await navgenAsync(dir, ...base, input);
        expect(r.code, input).toBe(2);
        expect(r.stderr).toMatch(/^navgen: no demos found: /);
      }
    });

    it('an --out that is a folder or cannot be written: one line naming the path, before any work', async () => {
      const folder = join(dir, 'a-folder');
      mkdirSync(folder);
      const r = await buildWizs(folder, WIZS());
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `navgen: cannot write the nav to ${folder}: it is a folder (give a file name, such as ${folder}/NAME.nav)`,
      );
    });

    it('an unwritable --out folder (as an unprivileged user)', async () => {
      const ro = join(dir, 'read-only');
      mkdirSync(ro);
      chmodSync(dir, 0o755);
      chmodSync(ro, 0o555);
      const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const args = ['build', '--map', 'wizs', '--no-map', '--out', join(ro, 'w.nav'), WIZS()];
      const r = await startNavgen(ro, args, asUser).done;
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `navgen: cannot write the nav to ${join(ro, 'w.nav')}: the folder ${ro} is not writable (permission denied)`,
      );
    });

    it('the BSP of another map: refused with the share that fits, the nav untouched (exit 1)', async () => {
      const out = join(dir, 'other-bsp');
      mkdirSync(out);
      const nav = join(out, 'wizs.nav');
      writeFileSync(nav, 'the nav before');
      const r = await navgenAsync(
        dir,
        ...['build', '--map', 'wizs', '--bsp', fixture('maps', 'city.bsp'), '--out', nav],
        ...['--no-cache', '--no-html', '--quiet', WIZS()],
      );
      expect(r.code).toBe(1);
      const m = /only (\d+\.\d)% \((\d+) of (\d+) nodes learned from the demos\)/.exec(r.stderr);
      expect(m, r.stderr).not.toBeNull();
      expect(Number(m![1])).toBeLessThan(50);
      expect(r.stderr).toMatch(/is it the BSP of another map\?/);
      expect(readFileSync(nav, 'utf8')).toBe('the nav before');
    }, 180_000);
  });
});
