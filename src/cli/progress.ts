/**
 * Progress of a long build: a bar on a terminal (cli-progress: demos done, read vs cached,
 * frames per second, ETA), plain lines otherwise (one per demo, for logs), nothing with
 * `--quiet`. Everything goes to stderr so that `--json` output on stdout stays clean.
 */
import cliProgress from 'cli-progress';
import type { BuildObserver, DemoReport } from '../pipeline/build.js';

export function progressObserver(mode: 'bar' | 'lines' | 'none'): BuildObserver & { stop(): void } {
  if (mode === 'none') return { stop: () => undefined };
  const started = Date.now();
  let frames = 0;
  let read = 0;
  let cached = 0;
  const rate = (): string => {
    const s = (Date.now() - started) / 1000;
    return s > 0 ? `${Math.round(frames / s)}` : '0';
  };
  if (mode === 'lines') {
    return {
      start: (total) => process.stderr.write(`navgen: ${total} demo(s)\n`),
      demo: (r: DemoReport, done, total) => {
        frames += r.frames;
        process.stderr.write(
          `navgen: [${done}/${total}] ${r.file}: ${r.source}${r.used ? '' : ` (${r.note ?? 'not used'})`}${r.error ? ` — ${r.error}` : ''}\n`,
        );
      },
      phase: (name) => process.stderr.write(`navgen: ${name}…\n`),
      stop: () => undefined,
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      format:
        'demos {bar} {value}/{total} | read {read} cached {cached} | {fps} frames/s | ETA {eta_formatted} {phase}',
      hideCursor: true,
      stream: process.stderr,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    start: (total) => bar.start(total, 0, { read: 0, cached: 0, fps: '0', phase: '' }),
    demo: (r: DemoReport, done) => {
      frames += r.frames;
      if (r.source === 'cache') cached++;
      else read++;
      bar.update(done, { read, cached, fps: rate(), phase: '' });
    },
    phase: (name) => bar.update({ phase: `| ${name}…` }),
    stop: () => bar.stop(),
  };
}
