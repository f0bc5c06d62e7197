/**
 * The AQtion `.nav` reader (`decodeNav`: header, zlib, payload, validation). The payload is
 * compressed, so most byte mutations only reach zlib's checks: the target's own mutation
 * inflates the payload, mutates it and deflates it again under a fixed header (lengths
 * updated, or not), so the payload decoder and the validator see damaged nodes and links.
 * A nav the reader accepts must be one the engine loads safely (`nav-safety.ts`).
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { decodeNav } from '../../../../src/nav/formats/aqtion/read-nav.js';
import { NavReadError } from '../../../../src/nav/formats/aqtion/errors.js';
import { MAX_PAYLOAD_BYTES } from '../../../../src/nav/formats/aqtion/format.js';
import { navSafetyProblems } from '../../nav-safety.js';
import { InvariantBroken, offsetProblems, type FuzzTarget } from '../target.js';

const HEADER = 9;

export const target: FuzzTarget = {
  name: 'aqtion-nav',
  reader: 'AQtion .nav: decodeNav (src/nav/formats/aqtion/)',
  // The five smallest engine navs (17–24 KB): a valid nav of 1,000 nodes takes about 10 ms to
  // decode and validate, so larger seeds would only slow the search down.
  seeds: { fixtures: ['nav/{simplicity,wizs,subway2,hostile,kumanru}.autogen.nav'] },
  instrument: ['src/nav/formats/aqtion/', 'src/nav/node-types.ts'],
  fileName: 'fuzz.nav',
  maxBytes: 128 << 10,
  typed: [NavReadError],
  run(bytes, ctx) {
    const { nav } = decodeNav(bytes, ctx.file);
    const unsafe = navSafetyProblems(nav);
    if (unsafe.length) throw new InvariantBroken(`accepted a nav the engine cannot load: ${unsafe[0]}`);
  },
  mutate(bytes, rnd, mutateBytes) {
    if (bytes.length <= HEADER) return null;
    let payload: Uint8Array;
    try {
      payload = inflateSync(bytes.subarray(HEADER));
    } catch {
      return null;
    }
    const changed = mutateBytes(payload);
    // node's zlib, not pako: pako at level 9 takes 0.5 s for the largest payload (measured).
    const stream = deflateSync(changed, { level: rnd.chance(0.5) ? 0 : 1 });
    const out = new Uint8Array(HEADER + stream.length);
    out.set(bytes.subarray(0, HEADER));
    out.set(stream, HEADER);
    const view = new DataView(out.buffer);
    if (rnd.chance(0.9)) view.setInt32(1, changed.length, true);
    view.setInt32(5, stream.length, true);
    return out;
  },
  checkError(e, bytes, ctx) {
    const err = e as NavReadError;
    const problems: string[] = [];
    if (err.file !== ctx.file || !e.message.includes(`${ctx.file} ${err.section}@`))
      problems.push(`the message does not name "${ctx.file} ${err.section}@…"`);
    // A payload offset lies in the uncompressed payload, which the header bounds.
    const bound = err.section === 'payload' ? MAX_PAYLOAD_BYTES : bytes.length;
    problems.push(...offsetProblems(e, err.offset, bound));
    return problems;
  },
};
