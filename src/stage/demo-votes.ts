/**
 * What one demo contributes to a nav: its node and link votes, its strafe traces and the
 * summaries of its stages, packed as typed arrays (struct of arrays) so that a worker can
 * transfer it without copying and the cache can store it compactly with msgpackr.
 *
 * {@link collectDemoVotes} is the sink of the per-demo part of a pipeline.
 */
import type { NavEvent } from './nav-events.js';
import { DemoParseError, type DemoParseErrorData } from '../sources/demo/errors.js';

export interface DemoVotes {
  /** Node votes. [Form: (x, y, z) × nodeCount; Units: world units] */
  readonly positions: Float32Array;
  readonly weights: Float32Array;
  /** [Units: u/s] */
  readonly vz: Float32Array;
  /** [Units: world units] */
  readonly dxy: Float32Array;
  /** VOTE_* bits. */
  readonly flags: Uint8Array;
  /** Link votes, as indices into the node votes. */
  readonly linkFrom: Uint32Array;
  readonly linkTo: Uint32Array;
  readonly linkWeights: Float32Array;
  /** 1 when the traversal had free flight. */
  readonly linkAirborne: Uint8Array;
  /** How far each traversal rose above its start. [Units: world units] */
  readonly linkRise: Float32Array;
  /** Strafe traces: endpoints, speed, duration and frames. */
  readonly strafe: StrafeTraces;
  /** Stage summaries by stage name (JSON data). */
  readonly summaries: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Reader warnings (truncation, trailing data). */
  readonly warnings: readonly string[];
  /** Stream facts from the reader's `end` event, if it got there. */
  readonly stream: {
    readonly fileBytes: number;
    readonly streamBytes: number;
    readonly frames: number;
  } | null;
}

export interface StrafeTraces {
  /** [Form: (x, y, z) × count] */
  readonly from: Float32Array;
  readonly to: Float32Array;
  /** [Units: u/s] */
  readonly speed: Float32Array;
  /** [Units: s] */
  readonly dt: Float32Array;
  /** Start of trace i's frames in `path` is pathStart[i] (in frames); length count + 1. */
  readonly pathStart: Uint32Array;
  /** [Form: (x, y, z, t) × frames] */
  readonly path: Float32Array;
}

export function nodeVoteCount(v: DemoVotes): number {
  return v.weights.length;
}

export function linkVoteCount(v: DemoVotes): number {
  return v.linkWeights.length;
}

/** True when a stage asked for the demo to be left out (the gate, for spectator demos). */
export function demoSkipped(v: DemoVotes): boolean {
  return Object.values(v.summaries).some((d) => d.skip === true);
}

/** Growable number list that ends as a typed array. */
class Column {
  private data: number[] = [];
  push(...values: number[]): void {
    for (const x of values) this.data.push(x);
  }
  get length(): number {
    return this.data.length;
  }
  f32(): Float32Array {
    return Float32Array.from(this.data);
  }
  u32(): Uint32Array {
    return Uint32Array.from(this.data);
  }
  u8(): Uint8Array {
    return Uint8Array.from(this.data);
  }
}

/**
 * Accumulates the events of one demo's pipeline. `add` every event, then `finish()`.
 * Node votes must arrive with consecutive indices from 0 (as `vote` numbers them).
 */
export class DemoVotesCollector {
  private readonly pos = new Column();
  private readonly w = new Column();
  private readonly vz = new Column();
  private readonly dxy = new Column();
  private readonly flags = new Column();
  private readonly lf = new Column();
  private readonly lt = new Column();
  private readonly lw = new Column();
  private readonly la = new Column();
  private readonly lr = new Column();
  private readonly sFrom = new Column();
  private readonly sTo = new Column();
  private readonly sSpeed = new Column();
  private readonly sDt = new Column();
  private readonly sStart = new Column();
  private readonly sPath = new Column();
  private readonly summaries: Record<string, Readonly<Record<string, unknown>>> = {};
  private readonly warnings: string[] = [];
  private stream: DemoVotes['stream'] = null;

  add(e: NavEvent): void {
    switch (e.kind) {
      case 'node-vote':
        if (e.index !== this.w.length)
          throw new Error(`node vote ${e.index} out of order (expected ${this.w.length})`);
        this.pos.push(e.origin[0], e.origin[1], e.origin[2]);
        this.w.push(e.weight);
        this.vz.push(e.vz);
        this.dxy.push(e.dxy);
        this.flags.push(e.flags);
        break;
      case 'link-vote':
        this.lf.push(e.from);
        this.lt.push(e.to);
        this.lw.push(e.weight);
        this.la.push(e.airborne ? 1 : 0);
        this.lr.push(e.rise);
        break;
      case 'strafe-trace':
        this.sFrom.push(...e.from);
        this.sTo.push(...e.to);
        this.sSpeed.push(e.speed);
        this.sDt.push(e.dt);
        this.sStart.push(this.sPath.length / 4);
        this.sPath.push(...e.path);
        break;
      case 'summary': {
        // A stage used twice in one pipeline reports twice: the second is `stage#2`.
        let key = e.stage;
        for (let n = 2; key in this.summaries; n++) key = `${e.stage}#${n}`;
        this.summaries[key] = e.data;
        break;
      }
      case 'warning':
        this.warnings.push(e.message);
        break;
      case 'end':
        this.stream = { fileBytes: e.fileBytes, streamBytes: e.streamBytes, frames: e.frames };
        break;
      default:
        break;
    }
  }

  finish(): DemoVotes {
    const start = this.sStart.u32();
    const pathStart = new Uint32Array(start.length + 1);
    pathStart.set(start);
    pathStart[start.length] = this.sPath.length / 4;
    return {
      positions: this.pos.f32(),
      weights: this.w.f32(),
      vz: this.vz.f32(),
      dxy: this.dxy.f32(),
      flags: this.flags.u8(),
      linkFrom: this.lf.u32(),
      linkTo: this.lt.u32(),
      linkWeights: this.lw.f32(),
      linkAirborne: this.la.u8(),
      linkRise: this.lr.f32(),
      strafe: {
        from: this.sFrom.f32(),
        to: this.sTo.f32(),
        speed: this.sSpeed.f32(),
        dt: this.sDt.f32(),
        pathStart,
        path: this.sPath.f32(),
      },
      summaries: this.summaries,
      warnings: this.warnings,
      stream: this.stream,
    };
  }
}

/** The outcome of one demo: votes, or an error that quarantined it. */
export type DemoOutcome =
  | { readonly ok: true; readonly votes: DemoVotes }
  | { readonly ok: false; readonly error: DemoParseErrorData | { name: 'Error'; message: string } };

export function errorData(e: unknown): DemoParseErrorData | { name: 'Error'; message: string } {
  if (e instanceof DemoParseError) return e.toData();
  return { name: 'Error', message: e instanceof Error ? e.message : String(e) };
}
