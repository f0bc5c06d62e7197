/**
 * The joint between a build and the nav formats it writes: each format is a sink unit with its
 * `meta` (everything the pipeline loader, the schema, the command line and the game folders
 * need to know of it, stated once) and a `write` that takes the build's finished nav as plain
 * data. The build writes every registered sink the pipeline names (`nav-sinks.ts`); adding a
 * format is one folder with its sink and one entry there (docs/architecture.md, "Where to add").
 *
 * A sink's module stays light (its `meta` and a `write` that loads the writer when it runs), so
 * the loader, `navgen schema` and the commands that only look up a game's folders read the
 * registry without loading every writer.
 */
import type { GameDir } from '../sources/game/game-dir.js';
import type { NodeTypeTable } from '../nav/node-types.js';
import type { NavFile } from '../nav/types.js';
import type { SharedSettings } from '../stage/stage.js';

export interface NavSinkMeta<Name extends string = string> {
  /**
   * The key under the pipeline's `output` (`nav`, `q2rNav`), and the sink's flag of `navgen
   * build` in kebab case (`--q2r-nav`); the first sink of the registry is the flag form's `--out`.
   */
  readonly name: Name;
  /** One line for the schema and the docs. */
  readonly description: string;
  /** The format in a word or two, for messages and the schema (`AQtion .nav`, `NAV3`). */
  readonly format: string;
  /** The file as messages name it (`the nav`, `the re-release nav`). */
  readonly noun: string;
  /**
   * Where the game in `game` reads this format's nav of `map`: a build with `--game-dir` (or
   * `game:`) writes it there.
   */
  readonly inGame: (game: GameDir, map: string) => string;
  /**
   * The folder under `--out-dir` that `build --all-maps --maps-dir` writes this format to
   * (`''`: `--out-dir` itself).
   */
  readonly outDirFolder: string;
  /**
   * The mod folder of a game whose bots read this format alone (`baseq2`): `build --all-maps`
   * asked for this format writes only it there.
   */
  readonly onlyFormatIn?: string;
  /** `navgen build --help` for the sink's flag (every sink but the first, whose flag is `--out`). */
  readonly flagHelp?: string;
}

/** What every nav sink gets: the engine-safe nav the build made and what it was made with. */
export interface NavSinkInput {
  readonly map: string;
  /** The map file, or null when the pipeline names none (sinks that need it do less). */
  readonly bsp: string | null;
  readonly nav: NavFile;
  readonly nodeTypes: NodeTypeTable;
  /**
   * The pipeline's shared settings, as the graph stages had them (the cluster stage's radius:
   * how far a node stands for).
   */
  readonly shared: SharedSettings;
}

/** What a sink reports back for the build result (plain data). */
export interface NavSinkWritten {
  readonly path: string;
  /** Counts for the summary and the JSON report. */
  readonly stats: Readonly<Record<string, unknown>>;
  /** Things the user should hear of (e.g. written without the map's physics). */
  readonly warnings: readonly string[];
}

export interface NavSink<Name extends string = string> {
  readonly meta: NavSinkMeta<Name>;
  write(path: string, input: NavSinkInput): Promise<NavSinkWritten>;
}

/** A sink, its output key kept as a literal type (the registry derives `NavOutputName` from it). */
export function defineNavSink<const Name extends string>(sink: NavSink<Name>): NavSink<Name> {
  return sink;
}
