/**
 * The per-demo part of a pipeline: read → the demo stages → collected votes. Runs inside a
 * worker (see `worker.ts`) or inline.
 *
 * A demo that cannot be read to its end (damage, not a mere cut: a cut is a TRUNCATED warning)
 * does not error the stream: the reader's error is turned into the end of the input, so every
 * stage flushes what it holds, and the outcome carries the error. The build then quarantines
 * the demo, or keeps its good prefix if the pipeline asks (`damaged: keep-prefix`).
 */
import { catchError, EMPTY, tap, type Observable } from 'rxjs';
import { readDemo } from '../sources/demo/read-demo.js';
import type { NavEvent } from '../stage/nav-events.js';
import { DemoVotesCollector, errorData, type DemoVotes } from '../stage/demo-votes.js';
import type { DemoOperator, StageContext, StageDefinition } from '../stage/stage.js';

export interface DemoStageUse {
  readonly definition: StageDefinition<never>;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface DemoRunResult {
  readonly votes: DemoVotes;
  /** Why the demo could not be read to its end, if it could not. */
  readonly damage: ReturnType<typeof errorData> | null;
  /** Frames the reader delivered (for a damaged demo: the frames before the damage). */
  readonly framesRead: number;
}

/** Builds the operators once; they keep no state outside a subscription. */
export function demoOperators(stages: readonly DemoStageUse[], ctx: StageContext): DemoOperator[] {
  return stages.map((s) => s.definition.create(s.options as never, ctx) as DemoOperator);
}

export async function runDemo(
  path: string,
  name: string,
  operators: readonly DemoOperator[],
): Promise<DemoRunResult> {
  let damage: DemoRunResult['damage'] = null;
  let framesRead = 0;
  // Client demos report the other players seen as entities too; the gate keeps them only
  // with its `entityPlayers` option (MVD2 demos ignore the flag).
  let stream: Observable<NavEvent> = readDemo(path, { name, entityPlayers: true }).pipe(
    tap((e) => {
      if (e.kind === 'frame') framesRead++;
    }),
    catchError((e: unknown) => {
      damage = errorData(e);
      return EMPTY;
    }),
  );
  for (const op of operators) stream = stream.pipe(op);
  const collector = new DemoVotesCollector();
  await new Promise<void>((resolve, reject) =>
    stream.subscribe({ next: (e) => collector.add(e), error: reject, complete: resolve }),
  );
  return { votes: collector.finish(), damage, framesRead };
}
