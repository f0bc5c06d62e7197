/**
 * The source's lifecycle: nothing is read before subscription, `take(n)` stops the reading
 * and releases the file, and every subscription reads the file on its own.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { firstValueFrom, lastValueFrom, take, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDemo } from '../../../tools/mvd2-writer/writer.js';
import { readDemo } from '../../../src/sources/demo/read-demo.js';
import type { DemoEvent } from '../../../src/sources/demo/events.js';
import { TempDir } from '../mvd2/demo-harness.js';

const temp = new TempDir();
afterAll(() => temp.remove());

/** Open descriptors of this process that point at `path` (Linux /proc). */
function openDescriptors(path: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === path) n++;
    } catch {
      // closed while listing
    }
  }
  return n;
}

/** Bytes this process has read through system calls so far (Linux /proc). */
function bytesRead(): number {
  const m = /rchar:\s*(\d+)/.exec(readFileSync('/proc/self/io', 'latin1'));
  return Number(m![1]);
}

async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

let path = '';
let size = 0;

beforeAll(() => {
  // About 8 MB: 4000 frames, each with a 2000-byte multicast.
  const payload = new Uint8Array(2000).fill(0x55);
  const demo = writeDemo({
    segments: [
      {
        serverdata: { version: 2010, maxclients: 4, map: 'big' },
        baseline: { players: [] },
        frames: Array.from({ length: 4000 }, () => ({
          players: [],
          after: [{ kind: 'multicast' as const, to: 'all' as const, payload }],
        })),
      },
    ],
  });
  size = demo.bytes.length;
  path = temp.file(demo.bytes);
});

describe('readDemo lifecycle', () => {
  it('reads nothing before subscription', async () => {
    const before = bytesRead();
    const events = readDemo(path);
    await new Promise((r) => setTimeout(r, 50));
    expect(openDescriptors(path)).toBe(0);
    expect(bytesRead() - before).toBeLessThan(size / 10);
    expect(events).toBeDefined();
  });

  it('take(3) stops reading and closes the file', async () => {
    const before = bytesRead();
    const events = await lastValueFrom(readDemo(path).pipe(take(3), toArray()));
    expect(events.map((e) => e.kind)).toEqual(['segment', 'frame', 'frame']);
    await eventually(() => openDescriptors(path) === 0);
    // One read chunk (256 KiB) or so, not the 8 MB file.
    expect(bytesRead() - before).toBeLessThan(size / 4);
  });

  it('an unsubscription from inside next stops the events at once', async () => {
    const seen: DemoEvent[] = [];
    await new Promise<void>((resolve) => {
      const sub = readDemo(path).subscribe({
        next: (e) => {
          seen.push(e);
          if (seen.length === 5) {
            sub.unsubscribe();
            resolve();
          }
        },
      });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(5);
    await eventually(() => openDescriptors(path) === 0);
  });

  it('two subscriptions read the file independently', async () => {
    const demo = readDemo(path);
    const [a, b, first] = await Promise.all([
      lastValueFrom(demo.pipe(toArray())),
      lastValueFrom(demo.pipe(toArray())),
      firstValueFrom(demo),
    ]);
    expect(a).toHaveLength(4003); // segment, 4001 frames, end
    expect(b).toEqual(a);
    expect(b[1]).not.toBe(a[1]); // fresh objects per subscription
    expect(first).toEqual(a[0]);
    const again = await lastValueFrom(demo.pipe(toArray()));
    expect(again).toEqual(a);
    await eventually(() => openDescriptors(path) === 0);
  });
});
