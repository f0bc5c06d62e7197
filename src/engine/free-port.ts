/**
 * UDP ports for servers that run at once. A port is free when a socket can bind it on
 * 127.0.0.1 (the servers listen there only); ports handed out by this process are never handed
 * out twice, so trials started together get different ones even before their servers bind.
 *
 * Without a range the system picks (port 0); `NAVGEN_ENGINE_PORTS=LOW-HIGH` (or a range passed
 * in) restricts the choice, e.g. on a machine where several people run trials.
 */
import { createSocket } from 'node:dgram';

const handedOut = new Set<number>();

export interface PortRange {
  readonly low: number;
  readonly high: number;
}

/** Parses `LOW-HIGH`; throws naming the text when it is not a range of UDP ports above 1023. */
export function parsePortRange(text: string): PortRange {
  const m = /^(\d+)-(\d+)$/.exec(text.trim());
  const low = m ? Number(m[1]) : NaN;
  const high = m ? Number(m[2]) : NaN;
  if (!(low >= 1024 && high <= 65535 && low <= high))
    throw new Error(`port range "${text}": expected LOW-HIGH within 1024-65535`);
  return { low, high };
}

/** Binds `port` (0: any) on 127.0.0.1 and returns the bound port, or null when it is taken. */
function tryBind(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const s = createSocket('udp4');
    s.once('error', () => {
      s.close();
      resolve(null);
    });
    s.bind(port, '127.0.0.1', () => {
      const bound = s.address().port;
      s.close(() => resolve(bound));
    });
  });
}

/** A free UDP port on 127.0.0.1, from `range` (default: `NAVGEN_ENGINE_PORTS`, else any). */
export async function freePort(range: PortRange | null = envRange()): Promise<number> {
  if (range === null) {
    for (let tries = 0; tries < 100; tries++) {
      const p = await tryBind(0);
      if (p !== null && !handedOut.has(p)) {
        handedOut.add(p);
        return p;
      }
    }
    throw new Error('no free UDP port found on 127.0.0.1');
  }
  const size = range.high - range.low + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const p = range.low + ((start + i) % size);
    if (handedOut.has(p)) continue;
    if ((await tryBind(p)) !== null) {
      handedOut.add(p);
      return p;
    }
  }
  throw new Error(`no free UDP port in ${range.low}-${range.high} on 127.0.0.1`);
}

/** Lets a port be handed out again (its server has exited). */
export function releasePort(port: number): void {
  handedOut.delete(port);
}

function envRange(): PortRange | null {
  const v = process.env.NAVGEN_ENGINE_PORTS;
  return v ? parsePortRange(v) : null;
}
