/**
 * What the magic-led nav readers share: the whole file read with one error shape for a file that
 * cannot be read, and the four-byte magic test and its text for messages.
 */
import { readFileWithin } from '../../files/read-within.js';
import { NavFormatError } from './format-error.js';

/** The file's bytes; a file that cannot be read is a `NavFormatError` with code `IO` at offset 0. */
export async function readNavBytes(path: string): Promise<Uint8Array> {
  try {
    return await readFileWithin(path);
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new NavFormatError('IO', `cannot read: ${reason}`, path, 0, { cause: e });
  }
}

/** The first four bytes as text, as the messages quote them. */
export function magicText(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes.subarray(0, 4));
}

/** Whether `bytes` open with the four-character `magic`. */
export function opensWith(bytes: Uint8Array, magic: string): boolean {
  return bytes.length >= 4 && magicText(bytes) === magic;
}
