/**
 * What a graph stage that needs the map does when the pipeline names no BSP: the graph passes on
 * unchanged, and the stage's summary says it was skipped and why, so no report is silently
 * missing a stage.
 */
import type { GraphEvent, GraphReady } from '../../stage/graph-types.js';

export function passWithoutMap(
  e: GraphReady,
  emit: (out: GraphEvent) => void,
  stage: string,
): void {
  emit(e);
  emit({ kind: 'summary', stage, data: { skipped: 'the pipeline names no BSP' } });
}
