#!/usr/bin/env node
// TEST DOUBLE — not a nav tester. A stand-in for the game's `bot_navtest` server in the tests
// of `navgen iterate`: it reads the installed draft .nav and writes a navtest report that
// fails the nodes and links the test chose BY POSITION, so the test knows the truth.
//
//   node fake-navtest.mjs --nav {nav} --report {report} --map {map} --iteration {iteration}
//
// Behaviour comes from the JSON in FAKE_NAVTEST_CONFIG:
//   mode        "report" (default) | "hang" | "crash" | "silent" | "malformed" | "not-json" | "out-of-range"
//   radius      nodes within this distance of a point match it (default 48)
//   badNear     [[x,y,z], …]            nodes near these points are bad, every iteration
//   badNearByIteration [[[x,y,z], …], …] the same, per iteration (index = iteration - 1)
//   badLinks    [[[x,y,z],[x,y,z]], …]  links from a node near the first point to a node near the second
//   badLinksByIteration                  the same, per iteration
//   pass        "when-clean" (default: passed = nothing bad found) | "never" | "always"
//   coverage    number, or [number per iteration]   (default 0.9)
//   deathRate, stuckRate  numbers (default 0.1, 0.2)
//   pidFile     "hang" mode: writes {"pid", "grandchild"} here (the grandchild also hangs)
//   ignoreTerm  "hang" mode: ignore SIGTERM (so only SIGKILL ends it)
//   log         append one JSON line per run: {iteration, nodes, links, badNodes, badLinks}
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { setInterval } from 'node:timers';
import { inflateSync } from 'node:zlib';

const args = {};
for (let i = 2; i < process.argv.length; i += 2)
  args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const config = JSON.parse(process.env.FAKE_NAVTEST_CONFIG ?? '{}');
const iteration = Number(args.iteration ?? 1);
const perIteration = (list) => (Array.isArray(list) ? (list[iteration - 1] ?? []) : []);

/** The .nav layout (engine-facts.md): u8 version, i32 sizes, zlib payload of node records. */
function readNav(path) {
  const file = readFileSync(path);
  const version = file[0];
  const payload = inflateSync(file.subarray(9));
  const v = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const nodes = [];
  let at = 2;
  for (let n = 0, count = v.getUint16(0, true); n < count; n++) {
    if (version === 2) at += 4; // area
    const origin = [v.getFloat32(at, true), v.getFloat32(at + 4, true), v.getFloat32(at + 8, true)];
    const linkCount = v.getUint8(at + 19);
    at += 20;
    const links = [];
    for (let l = 0; l < linkCount; l++, at += 7) links.push(v.getInt16(at, true));
    nodes.push({ origin, links });
  }
  return nodes;
}

const mode = config.mode ?? 'report';
if (mode === 'hang') {
  if (config.ignoreTerm) process.on('SIGTERM', () => {});
  const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
  });
  if (config.pidFile)
    writeFileSync(config.pidFile, JSON.stringify({ pid: process.pid, grandchild: grandchild.pid }));
  process.stdout.write('fake navtest: bots are walking…\n');
  setInterval(() => {}, 1000);
} else if (mode === 'crash') {
  process.stdout.write('fake navtest: loading map\n');
  process.stderr.write(
    'fake navtest: spawning bots\nfake navtest: FATAL: segmentation fault in BOTLIB_NavTest_Think\n',
  );
  process.exit(3);
} else if (mode === 'silent') {
  process.exit(0);
} else if (mode === 'not-json') {
  writeFileSync(args.report, '{"map": "wizs", "passed": tru');
} else if (mode === 'malformed') {
  writeFileSync(
    args.report,
    JSON.stringify({ map: args.map, passed: 'yes', coverage_ratio: 1.7, bad_nodes: [1.5] }),
  );
} else {
  const nodes = readNav(args.nav);
  const radius = config.radius ?? 48;
  const near = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) <= radius;
  const points = [...(config.badNear ?? []), ...perIteration(config.badNearByIteration)];
  const badNodes = [];
  nodes.forEach((n, i) => {
    if (points.some((p) => near(n.origin, p))) badNodes.push(i);
  });
  const pairs = [...(config.badLinks ?? []), ...perIteration(config.badLinksByIteration)];
  const badLinks = [];
  nodes.forEach((n, i) => {
    for (const t of n.links)
      if (pairs.some(([a, b]) => near(n.origin, a) && near(nodes[t].origin, b)))
        badLinks.push([i, t]);
  });
  if (mode === 'out-of-range') badNodes.push(nodes.length + 100);
  const clean = badNodes.length === 0 && badLinks.length === 0;
  const passed = config.pass === 'always' ? true : config.pass === 'never' ? false : clean;
  const coverage = Array.isArray(config.coverage)
    ? config.coverage[iteration - 1]
    : (config.coverage ?? 0.9);
  const report = {
    map: args.map,
    passed,
    coverage_ratio: coverage,
    death_rate_per_bot_min: config.deathRate ?? 0.1,
    stuck_rate_per_bot_min: config.stuckRate ?? 0.2,
    bad_nodes: badNodes,
    bad_links: badLinks,
    unreachable_nodes: [],
    test_duration_s: 1,
    bot_count: 8,
    total_node_visits: nodes.length * 3,
    total_environmental_deaths: badNodes.length,
  };
  writeFileSync(args.report, JSON.stringify(report, null, 2));
  if (config.log) {
    const links = nodes.reduce((s, n) => s + n.links.length, 0);
    appendFileSync(
      config.log,
      JSON.stringify({
        iteration,
        nodes: nodes.length,
        links,
        badNodes: badNodes.length,
        badLinks: badLinks.length,
      }) + '\n',
    );
  }
}
