/**
 * The joint between a build and the nav formats it writes: each format is a sink unit with its
 * `meta` (the pipeline's `output` key, a description for the schema and `--help`) and a `write`
 * that takes the build's finished nav as plain data. The build writes every registered sink the
 * pipeline names (`nav-sinks.ts`); adding a format is one folder with its sink and one entry
 * there.
 */
import type { NodeTypeTable } from '../nav/node-types.js';
import type { NavFile } from '../nav/types.js';

export interface NavSinkMeta {
  /** The key under the pipeline's `output` (`nav`, `q2rNav`). */
  readonly name: string;
  /** One line for the schema and the docs. */
  readonly description: string;
}

/** What every nav sink gets: the engine-safe nav the build made and what it was made with. */
export interface NavSinkInput {
  readonly map: string;
  /** The map file, or null when the pipeline names none (sinks that need it do less). */
  readonly bsp: string | null;
  readonly nav: NavFile;
  readonly nodeTypes: NodeTypeTable;
  /** The cluster stage's radius: how far a node stands for. [Units: world units] */
  readonly clusterRadius: number;
}

/** What a sink reports back for the build result (plain data). */
export interface NavSinkWritten {
  readonly path: string;
  /** Counts for the summary and the JSON report. */
  readonly stats: Readonly<Record<string, unknown>>;
  /** Things the user should hear of (e.g. written without the map's physics). */
  readonly warnings: readonly string[];
}

export interface NavSink {
  readonly meta: NavSinkMeta;
  write(path: string, input: NavSinkInput): Promise<NavSinkWritten>;
}
