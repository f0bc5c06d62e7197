/**
 * `npm run bench:no-combat [-- --maps wizs,beer,city,urbanjungle] [--seconds 120] [--runs 2] [--bots 8]`:
 * what `--no-combat` (`cheats 1` + `mvdstuff notarget` on the MVD recorder's client) changes,
 * on the engine's own navs of the fixture maps: every map played with and without combat, all
 * servers at once, and per map and mode the kills (obituaries before the recording stopped that
 * are no environmental death), coverage, stuck seconds (and how much of it in stretches of 10 s
 * or more), stuck events, distance and environmental deaths per bot-minute.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateEngine } from '../src/engine/engine-install.js';
import { obituaries } from '../src/engine/obituaries.js';
import { resolveRunAs, runningAsRoot } from '../src/engine/run-as.js';
import { runSession } from '../src/engine/trial-session.js';
import { readNavFile } from '../src/nav/formats/aqtion/read-nav.js';
import {
  autogenNav,
  ENGINE_DIR,
  engineUser,
  fixtureMap,
  HAVE_ENGINE,
} from '../tools/engine-oracle.js';
import { argReader } from '../tools/cli-args.js';

process.env.NAVGEN_INFLATE_THREAD ??= '0';
const args = process.argv.slice(2);
const arg = argReader(args);
const maps = arg('--maps', 'wizs,beer,city,urbanjungle').split(',').filter(Boolean);
const seconds = Number(arg('--seconds', '120'));
const runs = Number(arg('--runs', '2'));
const bots = Number(arg('--bots', '8'));
if (!HAVE_ENGINE) {
  console.error(`bench:no-combat: no engine at ${ENGINE_DIR}`);
  process.exit(2);
}
const install = locateEngine(ENGINE_DIR);
const runAs = resolveRunAs(engineUser(), runningAsRoot());
const root = mkdtempSync(join(tmpdir(), 'navgen-no-combat-'));
const rows: string[] = [];
await Promise.all(
  maps.flatMap((map) =>
    [false, true].map(async (noCombat) => {
      const path = autogenNav(map);
      const nav = (await readNavFile(path)).nav;
      const s = await runSession({
        install,
        map,
        bspBytes: readFileSync(fixtureMap(map)),
        navs: [{ label: noCombat ? 'no-combat' : 'combat', path, nav }],
        bots,
        seconds,
        runs,
        noCombat,
        runAs,
        outDir: join(root, map),
      });
      const r = s.reports[0];
      const kills = s.trials[0].map((t) => {
        const played = t.consoleText.split('Stopped local MVD recording')[0];
        return obituaries(played, Object.values(t.analysis.names)).filter((o) => o.cause === null)
          .length;
      });
      const long =
        r.stuck_spots.filter((x) => x.seconds >= 10).reduce((a, x) => a + x.seconds, 0) /
        r.bot_minutes;
      rows.push(
        `| ${map} | ${noCombat ? 'no combat' : 'combat'} | ${kills.join(', ')} | ` +
          `${(kills.reduce((a, b) => a + b, 0) / r.bot_minutes).toFixed(2)} | ${r.coverage_ratio.toFixed(3)} | ` +
          `${r.stuck_s_per_bot_min.toFixed(2)} | ${long.toFixed(2)} | ${r.stuck_rate_per_bot_min.toFixed(2)} | ` +
          `${r.dist_per_bot_min.toFixed(0)} | ${r.death_rate_per_bot_min.toFixed(3)} |`,
      );
    }),
  ),
);
console.log(`${bots} bots × ${seconds} s × ${runs} run(s) per mode, engine autogen navs`);
console.log(
  '| map | mode | kills per run | kills per bot-min | coverage | stuck s per bot-min | of which in stretches ≥ 10 s | stuck events per bot-min | distance per bot-min | env. deaths per bot-min |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows.sort()) console.log(r);
rmSync(root, { recursive: true, force: true });
