// Compiles src/ to dist/ with the project's TypeScript and stamps the build time, so that
// bin/navgen can tell whether dist/ is older than the sources.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = new Date();
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(join(root, 'dist'), { recursive: true, force: true });
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(join(root, 'dist'), { recursive: true });
// The stamp carries the time the build started: a source saved during the build is newer.
writeFileSync(join(root, 'dist', '.build-stamp'), started.toISOString() + '\n');
const { utimesSync } = await import('node:fs');
utimesSync(join(root, 'dist', '.build-stamp'), started, started);
