/** Game archives made by the tests: id PACK files written here, zips by yazl. */
import { writeFileSync } from 'node:fs';
import yazl from 'yazl';
import { createWriteStream } from 'node:fs';

/** A `.pak` with these entries, in this order (names up to 55 bytes). */
export function writePak(path: string, entries: readonly [string, Uint8Array | string][]): void {
  const datas = entries.map(([, d]) => (typeof d === 'string' ? Buffer.from(d) : Buffer.from(d)));
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
  writeFileSync(path, Buffer.concat([head, ...datas, dir]));
}

/** A `.pkz` (zip) with these entries; `store` keeps them uncompressed. */
export async function writePkz(
  path: string,
  entries: readonly [string, Uint8Array | string][],
  store = false,
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, d] of entries) {
    zip.addBuffer(Buffer.from(typeof d === 'string' ? Buffer.from(d) : d), name, {
      compress: !store,
      mtime: new Date(0),
    });
  }
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    zip.outputStream.pipe(out).on('close', resolve).on('error', reject);
  });
}
