/**
 * `npm run bench:view`: how fast `navgen view` opens a big nav with its map and pans, in
 * headless Chromium on this machine (Debian's chromium through playwright-core).
 *
 * Navs: urbanjungle's own engine nav (the largest fixture nav: 4,233 nodes, 23,325 links) as it
 * is, and the same padded to 30,000 links (each node linked on to its nearest nodes, at most 32
 * links per node), the issue's 4,000 nodes and 30,000 links. For each, `ROUNDS` rounds of:
 * - `navgen view NAV --bsp MAP` started, to its URL printed (the server reads the map, its
 *   collision model and mesh): the server's start;
 * - the page opened, to its first full paint (`window.navgenView.ready`, the page's own
 *   `firstPaintMs` from navigation start): the target, ≤ 2 s;
 * - `PAN_FRAMES` frames of a continuous pan (one `panBy` per animation frame): frame times from
 *   the animation-frame timestamps, their mean rate and 95th percentile: the target, ≥ 50
 *   frames per second.
 * Then the drawing stacks the page could use, on the same browser: 30,000 segments of up to
 * 60 pixels (a nav's links at the zoom that shows a whole map) drawn whole, in ten colours, by
 * Canvas 2D and by WebGL (`gl.LINES` from one buffer), each frame read back one pixel so the
 * rasterising counts: the median of 15 frames. This is the measurement behind the page's
 * choice (docs/viewer.md).
 * Prints the medians over the rounds, each against its target, and exits 1 when one misses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../tools/browser/chromium.js';
import { startView } from '../tools/browser/navgen-view-process.js';

const dist = '../dist/';
const { readAnyNav } = (await import(
  dist + 'nav/formats/read-any-nav.js'
)) as typeof import('../src/nav/formats/read-any-nav.js');
const { encodeNav } = (await import(
  dist + 'nav/formats/aqtion/encode.js'
)) as typeof import('../src/nav/formats/aqtion/encode.js');
const { linkCost } = (await import(
  dist + 'nav/link-cost.js'
)) as typeof import('../src/nav/link-cost.js');
const { defaultNodeTypes } = (await import(
  dist + 'nav/node-types.js'
)) as typeof import('../src/nav/node-types.js');
type NavFile = import('../src/nav/types.js').NavFile;

/** What the page offers the benchmark (src/view-page/hook.ts). */
interface PageGlobals {
  navgenView: { ready: Promise<void>; firstPaintMs: number };
}

const ROUNDS = 3;
const PAN_FRAMES = 180;
const OPEN_TARGET_MS = 2000;
const FPS_TARGET = 50;
const fixtures = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures');
const MAP = 'urbanjungle';
const bsp = join(fixtures, 'maps', `${MAP}.bsp`);

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

/** `nav` with links added from each node to its nearest nodes until `total` links. */
function padded(nav: NavFile, total: number): NavFile {
  const nodes = nav.nodes.map((n) => ({ ...n, links: [...n.links] }));
  let links = nodes.reduce((s, n) => s + n.links.length, 0);
  const move = defaultNodeTypes.MOVE;
  for (let round = 1; links < total && round < 32; round++)
    for (let i = 0; i < nodes.length && links < total; i++) {
      const a = nodes[i];
      if (a.links.length >= 32) continue;
      const taken = new Set(a.links.map((l) => l.target));
      let best = -1;
      let bestD = Infinity;
      for (let j = 0; j < nodes.length; j++) {
        if (j === i || taken.has(j)) continue;
        const d =
          (nodes[j].origin[0] - a.origin[0]) ** 2 +
          (nodes[j].origin[1] - a.origin[1]) ** 2 +
          (nodes[j].origin[2] - a.origin[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      if (best < 0) continue;
      a.links.push({
        target: best,
        targetType: move,
        cost: linkCost(a.origin, nodes[best].origin),
      });
      links++;
    }
  return { ...nav, nodes };
}

const work = mkdtempSync(join(tmpdir(), 'navgen-bench-view-'));
const engineNav = (await readAnyNav(join(fixtures, 'nav', `${MAP}.autogen.nav`))).nav;
const navs: { name: string; nav: NavFile }[] = [
  { name: `${MAP} engine nav`, nav: engineNav },
  { name: `${MAP} padded to 30,000 links`, nav: padded(engineNav, 30000) },
];

const browser = await launchChromium();
const rows: string[] = [];
let failed = false;
try {
  for (const { name, nav } of navs) {
    const file = join(work, `${MAP}.nav`);
    writeFileSync(file, encodeNav(nav, defaultNodeTypes, file).bytes);
    const links = nav.nodes.reduce((s, n) => s + n.links.length, 0);
    const start: number[] = [];
    const open: number[] = [];
    const fps: number[] = [];
    const p95: number[] = [];
    const blit: number[] = [];
    const full: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const view = await startView([file, '--bsp', bsp, '--edits', join(work, 'edits.json')], work);
      start.push(view.startMs);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(view.url);
      await page.evaluate(() => (globalThis as unknown as PageGlobals).navgenView.ready);
      open.push(
        await page.evaluate(() => (globalThis as unknown as PageGlobals).navgenView.firstPaintMs),
      );
      // As a string: tsx names functions with a helper the page does not have.
      const times = (await page.evaluate(`new Promise((done) => {
        const stamps = [];
        const step = (t) => {
          stamps.push(t);
          if (stamps.length > ${PAN_FRAMES}) return done(stamps.slice(1).map((s, i) => s - stamps[i]));
          navgenView.panBy(7, 4);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      })`)) as number[];
      // One frame of a pan (the cached picture blitted), and one with the band's whole picture
      // drawn again (a zoom, a band or layer switch, an edit), as the page's own hook times them.
      blit.push(
        (await page.evaluate(
          `(async () => { const v = []; for (let i = 0; i < 30; i++) { navgenView.panBy(3, 2); v.push(await navgenView.frame()); } v.sort((a, b) => a - b); return v[15]; })()`,
        )) as number,
      );
      const redraws: number[] = [];
      for (let k = 0; k < 6; k++)
        redraws.push((await page.evaluate('navgenView.redraw()')) as number);
      full.push(median(redraws));
      const mean = times.reduce((s, t) => s + t, 0) / times.length;
      fps.push(1000 / mean);
      p95.push([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]);
      await page.close();
      await view.stop();
    }
    const o = median(open);
    const f = median(fps);
    if (o > OPEN_TARGET_MS || f < FPS_TARGET) failed = true;
    rows.push(
      `${name} (${nav.nodes.length} nodes, ${links} links): server start ${median(start).toFixed(0)} ms; ` +
        `page to first paint ${o.toFixed(0)} ms (target ≤ ${OPEN_TARGET_MS}) ${o <= OPEN_TARGET_MS ? 'ok' : 'MISSED'}; ` +
        `pan ${f.toFixed(1)} frames/s (target ≥ ${FPS_TARGET}) ${f >= FPS_TARGET ? 'ok' : 'MISSED'}, frame time p95 ${median(p95).toFixed(1)} ms; ` +
        `a pan frame draws in ${median(blit).toFixed(2)} ms, the whole band drawn again in ${median(full).toFixed(1)} ms`,
    );
  }
  // The drawing stacks, on a blank page of the same browser.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(
    '<canvas id="a" width="1280" height="800"></canvas><canvas id="b" width="1280" height="800"></canvas>',
  );
  const stacks = (await page.evaluate(`(() => {
    const N = 30000, W = 1280, H = 800;
    const xy = new Float32Array(N * 4);
    for (let i = 0; i < N; i++) {
      const x = Math.random() * W, y = Math.random() * H, a = Math.random() * 6.283, l = Math.random() * 60;
      xy.set([x, y, x + Math.cos(a) * l, y + Math.sin(a) * l], i * 4);
    }
    const median = (f) => { f(); const v = []; for (let i = 0; i < 15; i++) v.push(f()); v.sort((a, b) => a - b); return v[7]; };
    const c = document.getElementById('a').getContext('2d');
    const canvas2d = () => {
      const t = performance.now();
      c.clearRect(0, 0, W, H);
      for (let k = 0; k < 10; k++) {
        c.strokeStyle = 'hsl(' + k * 36 + ', 80%, 60%)';
        c.beginPath();
        for (let i = k; i < N; i += 10) { c.moveTo(xy[i * 4], xy[i * 4 + 1]); c.lineTo(xy[i * 4 + 2], xy[i * 4 + 3]); }
        c.stroke();
      }
      c.getImageData(0, 0, 1, 1);
      return performance.now() - t;
    };
    const gl = document.getElementById('b').getContext('webgl', { preserveDrawingBuffer: true });
    let webgl = null, renderer = 'none';
    if (gl) {
      const shader = (type, text) => { const s = gl.createShader(type); gl.shaderSource(s, text); gl.compileShader(s); return s; };
      const program = gl.createProgram();
      gl.attachShader(program, shader(gl.VERTEX_SHADER, 'attribute vec2 p; void main() { gl_Position = vec4(p.x / 640.0 - 1.0, 1.0 - p.y / 400.0, 0.0, 1.0); }'));
      gl.attachShader(program, shader(gl.FRAGMENT_SHADER, 'precision mediump float; void main() { gl_FragColor = vec4(0.3, 0.6, 1.0, 1.0); }'));
      gl.linkProgram(program);
      gl.useProgram(program);
      gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
      gl.bufferData(gl.ARRAY_BUFFER, xy, gl.STATIC_DRAW);
      gl.enableVertexAttribArray(0);
      gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
      const px = new Uint8Array(4);
      renderer = String(gl.getParameter(gl.RENDERER));
      webgl = median(() => {
        const t = performance.now();
        gl.clear(gl.COLOR_BUFFER_BIT);
        gl.drawArrays(gl.LINES, 0, N * 2);
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
        return performance.now() - t;
      });
    }
    return { canvas2d: median(canvas2d), webgl, renderer };
  })()`)) as { canvas2d: number; webgl: number | null; renderer: string };
  await page.close();
  rows.push(
    `drawing stacks, 30,000 segments of up to 60 px drawn whole: Canvas 2D ${stacks.canvas2d.toFixed(1)} ms; ` +
      `WebGL (${stacks.renderer}) ${stacks.webgl === null ? 'not available' : `${stacks.webgl.toFixed(1)} ms`}`,
  );
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(
  `bench:view, headless Chromium (${(await import('../tools/browser/chromium.js')).chromiumPath()}), medians of ${ROUNDS} rounds, ${PAN_FRAMES} pan frames each:`,
);
for (const r of rows) console.log(`  ${r}`);
process.exitCode = failed ? 1 : 0;
