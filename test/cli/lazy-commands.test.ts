/**
 * `navgen` loads only the command that runs. Every entry of `commands/index.ts` registers a
 * command of its name and arguments; and in the bundle users run (dist/navgen/), what a
 * command loads before its work starts — the static imports of `run.js` and of the command's
 * chunk, followed to the end — is read from the chunks themselves (esbuild marks each
 * module's code with a `// src/…` line): `--help` loads no command, `info` no build code, and
 * the worker threads only their own modules.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { buildProgram, commandToLoad } from '../../src/cli/program.js';
import { BUILTIN_STAGES } from '../../src/pipeline/builtin-stages.js';
import { DEMO_PHASE_STAGES } from '../../src/pipeline/demo-stages.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

const BUNDLE = join(REPO_ROOT, 'dist', 'navgen');

interface Closure {
  /** Source modules (`src/…ts`) whose code is loaded. */
  readonly modules: Set<string>;
  /** Packages and node built-ins imported. */
  readonly externals: Set<string>;
}

/** What loading `file` loads, through static imports only (`import()` is lazy). */
function staticClosure(
  file: string,
  into: Closure = { modules: new Set(), externals: new Set() },
  seen = new Set<string>(),
): Closure {
  if (seen.has(file)) return into;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^\/\/ (src\/\S+\.ts)$/gm)) into.modules.add(m[1]);
  for (const m of text.matchAll(/^(?:import|export)\s[^;]*?(?:from\s+)?"([^"]+)";?$/gms)) {
    const spec = m[1];
    if (spec.startsWith('.')) staticClosure(join(dirname(file), spec), into, seen);
    else into.externals.add(spec);
  }
  return into;
}

function chunkOf(name: string): string {
  const f = readdirSync(join(BUNDLE, 'chunks')).find((c) =>
    new RegExp(`^${name}-[A-Z0-9]+\\.js$`).test(c),
  );
  if (!f) throw new Error(`no chunk for ${name} in ${BUNDLE}/chunks`);
  return join(BUNDLE, 'chunks', f);
}

describe('command descriptors', () => {
  for (const entry of commands) {
    it(`${entry.name}: its module registers "${entry.name} ${entry.args}"`, async () => {
      const program = await buildProgram(entry);
      const cmd = program.commands.find((c) => c.name() === entry.name)!;
      const args = cmd.registeredArguments.map((a) => {
        const n = a.name() + (a.variadic ? '...' : '');
        return a.required ? `<${n}>` : `[${n}]`;
      });
      expect(args.join(' ')).toBe(entry.args);
    });
  }

  it('finds the command to load after program flags and in "help X"', () => {
    expect(commandToLoad(['--help'])).toBeUndefined();
    expect(commandToLoad(['info', 'x.mvd2'])?.name).toBe('info');
    expect(commandToLoad(['help', 'build'])?.name).toBe('build');
    expect(commandToLoad(['-h', 'render'])?.name).toBe('render');
    expect(commandToLoad(['bild'])).toBeUndefined();
  });
});

describe('what the bundle loads', () => {
  beforeAll(() => {
    // bin/navgen rebundles a stale checkout; --version does it without loading any command.
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'navgen'), '--version'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
  }, 120_000);

  it('--help: the program and the command list only', () => {
    const c = staticClosure(join(BUNDLE, 'run.js'));
    expect(
      [...c.modules].filter(
        (m) =>
          !/^src\/(cli\/(program|run|exit-codes|unknown-command|commands\/index)|version|suggest)\.ts$/.test(
            m,
          ),
      ),
    ).toEqual([]);
    expect([...c.externals].filter((e) => !e.startsWith('node:'))).toEqual([]);
  });

  it('info: the demo reader, nothing of builds, pictures or pipelines', () => {
    const c = staticClosure(chunkOf('info'), staticClosure(join(BUNDLE, 'run.js')));
    expect(c.modules.has('src/sources/mvd2/decoder.ts')).toBe(true);
    expect(
      [...c.modules].filter((m) => /^src\/(pipeline|operators|sinks|iterate|nav)\//.test(m)),
    ).toEqual([]);
    // gzip damage recovery (pako) loads only on damage
    expect(c.modules.has('src/sources/demo/gzip-recovery.ts')).toBe(false);
    expect([...c.externals].filter((e) => !e.startsWith('node:'))).toEqual([]);
  });

  it('the inflate thread: its own module and the byte source only', () => {
    const c = staticClosure(join(BUNDLE, 'inflate-thread.js'));
    expect([...c.modules].sort()).toEqual([
      'src/dist-file.ts',
      'src/sources/demo/inflate-thread.ts',
    ]);
    expect([...c.externals].filter((e) => !e.startsWith('node:'))).toEqual([]);
  });

  it('the build worker registers every built-in demo-phase stage, and only those', () => {
    const demo = [...BUILTIN_STAGES.values()].filter((s) => s.meta.phase === 'demo');
    expect(DEMO_PHASE_STAGES.map((s) => s.meta.name).sort()).toEqual(
      demo.map((s) => s.meta.name).sort(),
    );
  });

  it('the build worker: per-demo stages, no graph stages, reports or pictures', () => {
    const c = staticClosure(join(BUNDLE, 'demo-worker.js'));
    expect(c.modules.has('src/pipeline/worker.ts')).toBe(true);
    expect(
      [...c.modules].filter((m) =>
        /^src\/(cli|iterate|map-analysis|sinks\/(render|html-report|nav))|operators\/(cluster|classify|fill|spawn-points|movers|feedback)\.ts/.test(
          m,
        ),
      ),
    ).toEqual([]);
    expect(c.externals.has('@resvg/resvg-js')).toBe(false);
  });
});
