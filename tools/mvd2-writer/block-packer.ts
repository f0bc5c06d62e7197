/**
 * Cuts the command stream into MVD2 blocks (`u16` length, then 1..32768 bytes of whole
 * commands) and reports where each block and command landed.
 *
 * By default it blocks like the recorder: one block per serverdata and one per frame with
 * the commands around it. The options produce the layouts a reader must also survive: several
 * frames per block, one command per block, blocks padded with nops to an exact size.
 */
import { MAX_MSGLEN, MvdOp } from '../../src/sources/mvd2/protocol.js';
import { ByteWriter, checkInt } from './byte-writer.js';

export interface BlockingOptions {
  /** Frames packed into one block (a serverdata counts as a frame). [Limit: >= 1] Default 1, as the recorder. */
  readonly framesPerBlock?: number;
  /** Put every command in a block of its own. Default false. */
  readonly blockPerCommand?: boolean;
  /** Pad every shorter block with nop commands to exactly this size. [Units: bytes; Limit: 1..32768] */
  readonly padBlocksTo?: number;
}

/** Where one command landed. */
export interface CommandLayout {
  /** Absolute offset of the command byte in the (uncompressed) stream. [Units: bytes] */
  readonly offset: number;
  /** `serverdata`, `frame`, or the kind of another command. */
  readonly kind: string;
  readonly segment: number;
  /** Frame index within the segment for serverdata (0) and frame commands, else -1. */
  readonly frame: number;
}

/** Where one block landed. */
export interface BlockLayout {
  /** Absolute offset of the block's length word. [Units: bytes] */
  readonly offset: number;
  /** Payload length (without the length word). [Units: bytes] */
  readonly length: number;
  readonly commands: readonly CommandLayout[];
}

/** A command already encoded, with what it is. */
export interface EncodedCommand {
  readonly bytes: Uint8Array;
  readonly kind: string;
  readonly segment: number;
  readonly frame: number;
}

export class BlockPacker {
  private readonly framesPerBlock: number;
  private readonly blockPerCommand: boolean;
  private readonly padTo: number;
  private readonly block = new ByteWriter(MAX_MSGLEN);
  private commands: { at: number; c: EncodedCommand }[] = [];
  private framesInBlock = 0;

  /**
   * @param offset absolute stream offset of the first block (after the magic)
   * @param emit receives each finished block (length word included) and its layout
   */
  constructor(
    options: BlockingOptions,
    private offset: number,
    private readonly emit: (bytes: Uint8Array, layout: BlockLayout) => void,
  ) {
    this.framesPerBlock = options.framesPerBlock ?? 1;
    checkInt('framesPerBlock', this.framesPerBlock, 1, Number.MAX_SAFE_INTEGER);
    this.blockPerCommand = options.blockPerCommand ?? false;
    this.padTo = options.padBlocksTo ?? 0;
    if (options.padBlocksTo !== undefined) checkInt('padBlocksTo', this.padTo, 1, MAX_MSGLEN);
  }

  /** Adds the commands of one frame (or one serverdata), which start a new block if full. */
  addFrame(commands: readonly EncodedCommand[]): void {
    if (this.framesInBlock >= this.framesPerBlock) this.flush();
    for (const c of commands) {
      if (c.bytes.length > MAX_MSGLEN) {
        throw new RangeError(
          `${c.kind} command of ${c.bytes.length} bytes does not fit a block (${MAX_MSGLEN})`,
        );
      }
      if (this.blockPerCommand || this.block.length + c.bytes.length > MAX_MSGLEN) this.flush();
      this.commands.push({ at: this.block.length, c });
      this.block.bytes(c.bytes);
    }
    this.framesInBlock++;
  }

  /** Ends the current block, if it holds anything. */
  flush(): void {
    this.framesInBlock = 0;
    if (this.block.length === 0) return;
    if (this.block.length < this.padTo) this.block.fill(MvdOp.Nop, this.padTo - this.block.length);
    const length = this.block.length;
    const out = new Uint8Array(2 + length);
    out[0] = length & 0xff;
    out[1] = length >> 8;
    out.set(this.block.toBytes(), 2);
    const payloadAt = this.offset + 2;
    const layout: BlockLayout = {
      offset: this.offset,
      length,
      commands: this.commands.map(({ at, c }) => ({
        offset: payloadAt + at,
        kind: c.kind,
        segment: c.segment,
        frame: c.frame,
      })),
    };
    this.offset += out.length;
    this.block.clear();
    this.commands = [];
    this.emit(out, layout);
  }

  /** Absolute offset of the next block. [Units: bytes] */
  get streamOffset(): number {
    return this.offset;
  }
}
