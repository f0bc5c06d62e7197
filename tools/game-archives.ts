/**
 * Game archives made in memory, for the tests (`test/sources/game/archives.ts` writes them to
 * disk) and the fuzzer's seeds (`fuzz/coverage/seed-makers.ts`): an id PACK in the layout
 * `src/sources/game/pak.ts` reads, and a zip (`.pkz`) by yazl, dated 1980 so that the same
 * entries give the same bytes.
 */
import yazl from 'yazl';

/** An entry's data: bytes, or text (UTF-8). */
type EntryData = Uint8Array | string;

const bytesOf = (d: EntryData): Buffer => Buffer.from(typeof d === 'string' ? Buffer.from(d) : d);

/** A `.pak` with these entries, in this order (names up to 55 bytes). */
export function pakBytes(entries: readonly (readonly [string, EntryData])[]): Uint8Array {
  const datas = entries.map(([, d]) => bytesOf(d));
  let offset = 12;
  const offsets = datas.map((d) => {
    const at = offset;
    offset += d.length;
    return at;
  });
  const dir = Buffer.alloc(entries.length * 64);
  entries.forEach(([name], i) => {
    dir.write(name, i * 64, 56, 'latin1');
    dir.writeUInt32LE(offsets[i], i * 64 + 56);
    dir.writeUInt32LE(datas[i].length, i * 64 + 60);
  });
  const head = Buffer.alloc(12);
  head.write('PACK', 0, 'latin1');
  head.writeInt32LE(offset, 4);
  head.writeInt32LE(dir.length, 8);
  return new Uint8Array(Buffer.concat([head, ...datas, dir]));
}

/**
 * A zip with these entries (`null` data: a folder); `store` keeps them uncompressed, else they
 * are deflated.
 */
export async function zipBytes(
  entries: readonly (readonly [string, EntryData | null])[],
  store = false,
): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  for (const [name, d] of entries) {
    if (d === null) zip.addEmptyDirectory(name, { mtime: new Date(0) });
    else zip.addBuffer(bytesOf(d), name, { compress: !store, mtime: new Date(0) });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(parts));
}
