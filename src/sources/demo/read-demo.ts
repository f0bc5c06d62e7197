/**
 * The demo source: a demo file as an RxJS `Observable` of {@link DemoEvent}s (segment headers,
 * frames, warnings) in file order. Multi-view demos (`MVD2` magic) and Quake 2 client demos
 * (`.dm2`, anything else; `../dm2/decoder.ts`) are told apart by their first four bytes after
 * gunzip, not by the file name (the registry of `formats.ts`), and give the same event shapes.
 *
 * Like `fromEvent`, but for a demo file: nothing is read until subscription; each subscription
 * reads the file again with its own decoder; unsubscribing (for example through `take(3)`)
 * stops reading at once. Frames are emitted one by one: the decoder is synchronous per chunk,
 * so a `next` per frame costs a function call, not a scheduling step (measured in
 * `bench/parse.ts`: batching changed nothing measurable).
 *
 * A file that stops early completes normally after a `TRUNCATED` warning; damage that stops
 * the engine's reader errors with a {@link DemoParseError} after every frame before it.
 *
 * @example
 * readDemo('wizs.mvd2.gz').pipe(filter(isFrame), take(10)).subscribe(f => console.log(f.index));
 * @see demoFrames for frames only
 */
import { Observable, filter, type OperatorFunction } from 'rxjs';
import { isTruncatedGzip, isZlibError } from './byte-stream.js';
import { openDemoSource } from './inflate-thread.js';
import type { DemoDecoder } from './demo-decoder.js';
import { decoderFor } from './formats.js';
import { DemoParseError } from './errors.js';
import type { DemoEnd, DemoEvent, Frame, SegmentHeader, ParseWarning } from './events.js';

export interface ReadDemoOptions {
  /** Include every in-use entity with each frame. Default false. */
  readonly entities?: boolean;
  /** Include every player-state field (`PlayerFrame.detail`). Default false. */
  readonly fullPlayers?: boolean;
  /** Name for errors and warnings. Default: the path. */
  readonly name?: string;
  /**
   * Client demos only: report the other players, inferred from their entities, as players
   * (see `../dm2/entity-players.ts`). Default false: only the recorder.
   */
  readonly entityPlayers?: boolean;
  /**
   * Emit `FrameSlots` (the player slots in use) instead of frames, for a summary that
   * needs no player state (`summarizeDemo`). Default false.
   */
  readonly summary?: boolean;
}

/** Thrown through the decoder to stop it when the subscriber has gone. */
const STOP = Symbol('stop');

export function readDemo(path: string, options: ReadDemoOptions = {}): Observable<DemoEvent> {
  return new Observable<DemoEvent>((subscriber) => {
    const name = options.name ?? path;
    let close: (() => void) | null = null;
    const emit = (event: DemoEvent): void => {
      subscriber.next(event);
      if (subscriber.closed) throw STOP;
    };
    let decoder: DemoDecoder | null = null;
    const decoderOptions = {
      file: name,
      entities: options.entities,
      fullPlayers: options.fullPlayers,
      entityPlayers: options.entityPlayers,
      summary: options.summary,
    };
    /** The first bytes, while fewer than four have arrived. */
    let head: Uint8Array | null = null;
    const where = (): ReturnType<DemoDecoder['position']> =>
      decoder?.position() ?? { file: name, segment: -1, block: -1, offset: 0, frame: -1 };

    const run = async (): Promise<void> => {
      let bytes;
      try {
        bytes = await openDemoSource(path);
      } catch (e) {
        throw new DemoParseError('IO', `cannot open: ${(e as Error).message}`, where(), {
          cause: e,
        });
      }
      close = bytes.close;
      if (subscriber.closed) return;
      try {
        for await (const chunk of bytes.chunks) {
          if (!decoder) {
            // The format needs four bytes: hold back a shorter start until more arrive.
            head = head ? Buffer.concat([head, chunk]) : chunk;
            if (head.length < 4) continue;
            decoder = decoderFor(head, decoderOptions, emit);
            decoder.push(head);
            head = null;
          } else {
            decoder.push(chunk);
          }
          if (subscriber.closed) return;
        }
      } catch (e) {
        if (e === STOP || e instanceof DemoParseError) throw e;
        if (isTruncatedGzip(e)) {
          // A cut-short gzip: every complete frame was delivered; finish() warns.
        } else if (isZlibError(e)) {
          throw new DemoParseError(
            'BAD_GZIP',
            `gzip stream damaged after ${decoder?.offset ?? 0} decompressed bytes: ${(e as Error).message}`,
            where(),
            { cause: e },
          );
        } else {
          throw new DemoParseError('IO', `read failed: ${(e as Error).message}`, where(), {
            cause: e,
          });
        }
      }
      if (!decoder && bytes.gzip) {
        // Say that the gzip layer held (almost) nothing, not that the file is that short.
        const n = head?.length ?? 0;
        throw new DemoParseError(
          'EMPTY',
          `gzip file of ${bytes.fileSize} byte(s) holds ${n} byte(s) after gunzip (cut short or damaged), fewer than the 4 a demo starts with`,
          where(),
        );
      }
      if (!decoder) {
        // A stream of under four bytes: too short for either format (the MVD2 reader says so).
        decoder = decoderFor(null, decoderOptions, emit);
        if (head) decoder.push(head);
      }
      const endMark = decoder.ended;
      decoder.finish();
      subscriber.next({
        kind: 'end',
        file: name,
        fileBytes: bytes.fileSize,
        streamBytes: decoder.offset,
        gzip: bytes.gzip,
        endMark,
        segments: decoder.segments,
        frames: decoder.totalFrames,
      });
    };

    run().then(
      () => subscriber.complete(),
      (e) => {
        if (e !== STOP) subscriber.error(e);
      },
    );

    return () => {
      close?.();
    };
  });
}

export function isFrame(e: DemoEvent): e is Frame {
  return e.kind === 'frame';
}

export function isSegment(e: DemoEvent): e is SegmentHeader {
  return e.kind === 'segment';
}

export function isEnd(e: DemoEvent): e is DemoEnd {
  return e.kind === 'end';
}

export function isWarning(e: DemoEvent): e is ParseWarning {
  return e.kind === 'warning';
}

/** Keeps the frames of a demo event stream. */
export function onlyFrames(): OperatorFunction<DemoEvent, Frame> {
  return filter(isFrame);
}

/** The frames of a demo, without headers and warnings. */
export function demoFrames(path: string, options: ReadDemoOptions = {}): Observable<Frame> {
  return readDemo(path, options).pipe(onlyFrames());
}
