/**
 * The engine's collision model (`CM_*` of q2pro's `cmodel.c`) in TypeScript, exact to the bit
 * against traces recorded inside the engine: build it once per map, then sweep boxes and ask
 * point contents. See README "Collision model".
 */
export {
  buildCollisionModel,
  headnodeForBox,
  loadCollisionModel,
  surfaceName,
  PLANE_NON_AXIAL,
  type CollisionModel,
} from './collision-model.js';
export * from './contents.js';
export { pointContents, pointLeaf, transformedPointContents } from './point-contents.js';
export { boxTrace, newTraceResult, transformedBoxTrace, type TraceResult } from './trace.js';
export { inlineModelObstacles, traceWithObstacles, type Obstacle } from './inline-models.js';
export {
  formatMismatches,
  replayTraceLine,
  TRACE_LINE_KINDS,
  type TraceLineKind,
  type TraceMismatch,
  type TraceReplay,
} from './replay-trace.js';
