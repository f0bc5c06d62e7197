/**
 * The graph stages' result, cached: the graph and the stages' summaries, keyed by everything
 * the graph stages read — the contributing demos (their content hashes, in merge order, and the
 * per-demo configuration they were read with), the graph stages and their options, the map's
 * and the feedback's content, the node-type table and the source fingerprint. A rebuild with
 * nothing changed then skips the map analysis altogether and only writes (or finds unchanged)
 * its outputs.
 *
 * Two entries, so that an admin's edits (`draft-edits.ts`), made after the stages and before
 * the build's own nav test, never change the stages' entry: the stages' graph under the key
 * above ({@link CachedGraph}), and the graph the own test left with its outcome under that key
 * and the edits ({@link testedGraphKey}, {@link CachedTest}). Changed edits find the first,
 * make the edits and run the test again; unchanged ones find both.
 *
 * A pipeline with a plugin graph stage is never cached here: a plugin may read files of its own
 * that no key could name. A damaged entry is reported and the stages run.
 */
import { canonicalJson, hashFile, hashText } from '../files/content-hash.js';
import {
  entryPath,
  encodeEntryOf,
  readEntryOf,
  writeEntryBytes,
  type EntryKind,
} from '../files/cache-entry.js';
import { sourceFingerprint } from '../source-fingerprint.js';
import type { DraftGraph } from '../stage/graph-types.js';
import type { NavEdit } from '../nav/edits/nav-edit.js';
import type { OwnTestOutcome } from '../sinks/build-result.js';
import { graphStages, type PipelineSpec } from './pipeline-spec.js';

const GRAPH_ENTRY: EntryKind = { magic: 'NGGR', version: 3 };
const TESTED_ENTRY: EntryKind = { magic: 'NGGT', version: 3 };

/** The graph stages' result: their graph (before edits and the own test), their summaries. */
export interface CachedGraph {
  readonly graph: DraftGraph;
  readonly stages: Record<string, unknown>;
}

/** The build's own nav test of the stages' graph with the edits made: what it left, its outcome. */
export interface CachedTest {
  readonly graph: DraftGraph;
  readonly ownTest: OwnTestOutcome;
}

/**
 * The key of this build's graph stages, or null when they cannot be cached (no cache folder, a
 * plugin graph stage, an input that cannot be read). `bsp`: the map's content hash (null for
 * none, or a map that could not be read).
 */
export async function graphCacheKey(
  spec: PipelineSpec,
  demoConfigHash: string,
  contributions: readonly string[],
  bsp: string | null,
): Promise<string | null> {
  if (!spec.cache) return null;
  const stages = graphStages(spec);
  if (stages.some((s) => s.name.includes('/'))) return null;
  // An input that cannot be read is not cached: the stage that reads it says what is wrong,
  // with the reader's own words (file and byte offset).
  if (spec.bsp && bsp === null) return null;
  const hashes = await Promise.all([
    spec.feedback ? hashFile(spec.feedback.file) : null,
    spec.feedback?.nav ? hashFile(spec.feedback.nav) : null,
  ]).catch(() => null);
  if (!hashes) return null;
  const [feedback, feedbackNav] = hashes;
  return hashText(
    canonicalJson({
      map: spec.map.toLowerCase(),
      bsp,
      feedback,
      feedbackNav,
      demos: contributions,
      demoConfig: demoConfigHash,
      stages: stages.map((s) => ({ name: s.name, options: s.options })),
      nodeTypes: spec.nodeTypes,
      source: sourceFingerprint(),
    }),
  );
}

/**
 * The key of the own test's entry: the stages' key and the edits made before the test (none
 * and an empty list alike), so a changed edits file changes the nav.
 */
export function testedGraphKey(stagesKey: string, edits: readonly NavEdit[] | null): string {
  return hashText(
    canonicalJson({ tested: stagesKey, edits: edits && edits.length > 0 ? edits : null }),
  );
}

// Both kinds of entry share the extension the cache's bound knows (`files/cache-bound.ts`);
// their keys never meet (the tested key hashes the stages' key).
function pathOf(cacheDir: string, key: string): string {
  return entryPath(cacheDir, key, 'nggr');
}

export async function readCachedGraph(
  cacheDir: string,
  key: string,
  onCorrupt: (reason: string) => void,
): Promise<CachedGraph | null> {
  const hit = await readEntryOf<CachedGraph>(GRAPH_ENTRY, pathOf(cacheDir, key), onCorrupt);
  if (!hit) return null;
  const v = hit.value;
  if (!v || !Array.isArray(v.graph?.nodes) || !Array.isArray(v.graph?.links)) {
    onCorrupt('graph entry without nodes and links');
    return null;
  }
  return v;
}

export async function writeCachedGraph(
  cacheDir: string,
  key: string,
  value: CachedGraph,
): Promise<void> {
  await writeEntryBytes(pathOf(cacheDir, key), encodeEntryOf(GRAPH_ENTRY, value));
}

export async function readCachedTest(
  cacheDir: string,
  key: string,
  onCorrupt: (reason: string) => void,
): Promise<CachedTest | null> {
  const hit = await readEntryOf<CachedTest>(TESTED_ENTRY, pathOf(cacheDir, key), onCorrupt);
  if (!hit) return null;
  const v = hit.value;
  if (!v || !Array.isArray(v.graph?.nodes) || !Array.isArray(v.graph?.links) || !v.ownTest) {
    onCorrupt('nav test entry without nodes, links and outcome');
    return null;
  }
  return v;
}

export async function writeCachedTest(
  cacheDir: string,
  key: string,
  value: CachedTest,
): Promise<void> {
  await writeEntryBytes(pathOf(cacheDir, key), encodeEntryOf(TESTED_ENTRY, value));
}
