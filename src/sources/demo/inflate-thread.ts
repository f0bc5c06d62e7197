/**
 * Gunzip on a thread of its own, so the decoder never waits for zlib and zlib never waits for
 * the decoder. Inflating through node:zlib streams on the decoding thread needs that thread
 * for every hand-over (each output chunk is pushed, and the next inflate scheduled, by a
 * callback on it): while it decodes a chunk, zlib sits idle, and parse time came out close to
 * gunzip time plus decode time. Here a worker thread runs the same byte source
 * (`openDemoBytes`) and posts the inflated chunks (transferred, not copied) a few ahead of the
 * decoder; its errors come back with their zlib codes, so truncation and damage keep their
 * meaning.
 *
 * One worker serves every demo this thread opens, one at a time, and is started on first use
 * and unref'd (it never keeps the process alive). `NAVGEN_INFLATE_THREAD=0` turns it off.
 */
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { WORKER_EXEC_ARGV, workerModule } from '../../dist-file.js';
import type { DemoByteStream } from './byte-stream.js';

/** Chunks the worker may post before the reader asks for more. */
const AHEAD = 4;

type FromWorker =
  | {
      readonly id: number;
      readonly type: 'meta';
      readonly gzip: boolean;
      readonly fileSize: number;
    }
  | { readonly id: number; readonly type: 'chunk'; readonly chunk: Uint8Array }
  | { readonly id: number; readonly type: 'end' }
  | {
      readonly id: number;
      readonly type: 'error';
      readonly code: string | undefined;
      readonly message: string;
    };

type ToWorker =
  | { readonly id: number; readonly type: 'open'; readonly path: string }
  | { readonly id: number; readonly type: 'credit' }
  | { readonly id: number; readonly type: 'close' };

// ---------------------------------------------------------------- the worker side

async function serve(): Promise<void> {
  const { openDemoBytes } = await import('./byte-stream.js');
  const port = parentPort!;
  const streams = new Map<number, { close(): void; credit(): void }>();
  port.on('message', (m: ToWorker) => {
    if (m.type === 'credit') streams.get(m.id)?.credit();
    else if (m.type === 'close') streams.get(m.id)?.close();
    else if (m.type === 'open') void pump(m.id, m.path);
  });

  async function pump(id: number, path: string): Promise<void> {
    let credits = AHEAD;
    let wake: (() => void) | null = null;
    let closed = false;
    let bytes: DemoByteStream | null = null;
    streams.set(id, {
      credit() {
        credits++;
        wake?.();
      },
      close() {
        closed = true;
        bytes?.close();
        wake?.();
      },
    });
    try {
      bytes = await openDemoBytes(path);
      port.postMessage({
        id,
        type: 'meta',
        gzip: bytes.gzip,
        fileSize: bytes.fileSize,
      } satisfies FromWorker);
      for await (const chunk of bytes.chunks) {
        if (closed) break;
        // A chunk of its own (zlib may slice several outputs from one buffer) to transfer.
        const own = new Uint8Array(chunk);
        port.postMessage({ id, type: 'chunk', chunk: own } satisfies FromWorker, [own.buffer]);
        credits--;
        while (credits <= 0 && !closed) await new Promise<void>((r) => (wake = r));
        wake = null;
      }
      if (!closed) port.postMessage({ id, type: 'end' } satisfies FromWorker);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      port.postMessage({
        id,
        type: 'error',
        code: err?.code,
        message: err?.message ?? String(e),
      } satisfies FromWorker);
    } finally {
      bytes?.close();
      streams.delete(id);
    }
  }
}

/** Marks the worker started below (other worker threads, e.g. the build's, also load this module). */
const WORKER_MARK = 'navgen-inflate-thread';

if (parentPort && (workerData as { role?: string } | null)?.role === WORKER_MARK) void serve();

// ---------------------------------------------------------------- the reader side

let worker: Worker | null = null;

/** This module compiled (the bundle's own in the bundled CLI; dist/ from sources under test). */
function moduleFile(): string {
  return workerModule(import.meta.url, 'inflate-thread', 'sources/demo/inflate-thread');
}
let nextId = 1;
const readers = new Map<number, (m: FromWorker) => void>();

/** Set when the worker could not run: this thread then reads demos itself. */
let failed = false;

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(moduleFile(), {
    workerData: { role: WORKER_MARK },
    execArgv: [...WORKER_EXEC_ARGV],
  });
  w.unref();
  w.on('message', (m: FromWorker) => readers.get(m.id)?.(m));
  const fail = (message: string): void => {
    failed = true;
    worker = null;
    for (const [id, deliver] of readers) deliver({ id, type: 'error', code: undefined, message });
  };
  w.on('error', (e) => fail(`inflate thread failed: ${e.message}`));
  w.on('exit', (code) => {
    if (readers.size > 0) fail(`inflate thread stopped (exit code ${code})`);
    worker = null;
  });
  worker = w;
  return w;
}

/**
 * Whether demos are read on the worker thread (`NAVGEN_INFLATE_THREAD=0` turns it off; a worker
 * that could not run turns it off for the rest of the process).
 */
export function inflateThreadEnabled(): boolean {
  return process.env.NAVGEN_INFLATE_THREAD !== '0' && !failed;
}

/** The byte source `readDemo` uses: on the inflate thread, or on this thread when turned off. */
export async function openDemoSource(path: string): Promise<DemoByteStream> {
  if (!inflateThreadEnabled()) {
    const { openDemoBytes } = await import('./byte-stream.js');
    return openDemoBytes(path);
  }
  return openDemoBytesThreaded(path);
}

/** The bytes of `path`, inflated on the worker thread (same contract as `openDemoBytes`). */
export async function openDemoBytesThreaded(path: string): Promise<DemoByteStream> {
  const w = thread();
  const id = nextId++;
  const queue: FromWorker[] = [];
  let wake: (() => void) | null = null;
  readers.set(id, (m) => {
    queue.push(m);
    wake?.();
  });
  w.ref();
  w.postMessage({ id, type: 'open', path } satisfies ToWorker);
  const next = async (): Promise<FromWorker> => {
    while (queue.length === 0) await new Promise<void>((r) => (wake = r));
    wake = null;
    return queue.shift()!;
  };
  const done = (): void => {
    readers.delete(id);
    if (readers.size === 0) w.unref();
  };
  const first = await next();
  if (first.type === 'error') {
    done();
    throw Object.assign(new Error(first.message), { code: first.code });
  }
  const meta = first as Extract<FromWorker, { type: 'meta' }>;
  let finished = false;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        const m = await next();
        if (m.type === 'chunk') {
          w.postMessage({ id, type: 'credit' } satisfies ToWorker);
          yield m.chunk;
        } else if (m.type === 'end') {
          finished = true;
          return;
        } else if (m.type === 'error') {
          finished = true;
          throw Object.assign(new Error(m.message), { code: m.code });
        }
      }
    } finally {
      if (!finished) w.postMessage({ id, type: 'close' } satisfies ToWorker);
      done();
    }
  }
  return {
    gzip: meta.gzip,
    fileSize: meta.fileSize,
    chunks: chunks(),
    close() {
      if (!finished) {
        finished = true;
        w.postMessage({ id, type: 'close' } satisfies ToWorker);
      }
      done();
    },
  };
}
