/**
 * What plugin authors import (`import { defineStage, definePlugin } from 'navgen/plugin'`).
 *
 * A plugin is an ES module whose default export is `definePlugin({ meta: { name, version },
 * operators: { <name>: defineStage({ meta, create }) } })`. Pipeline files list the module under
 * `plugins:` and use its stages as `<plugin>/<name>`. Each stage declares its phase (`demo`:
 * per demo in a worker, on `NavEvent`s; `graph`: once, on `GraphEvent`s), the event kinds it
 * needs, adds and removes, and the JSON Schema of its options with defaults. `create(options,
 * ctx)` returns an RxJS operator that acts on the kinds it knows and passes every other event
 * on unchanged. See `plugins/exclude-boxes.mjs` for a complete example.
 *
 * Settings other stages own (the cluster radius, feedback's match radius, fill's brink rule)
 * reach a plugin stage as they reach the built-ins: `sharedOf(ctx, '<plugin>/<name>')` gives
 * the pipeline's {@link SharedSettings}, set once from their owners' options; never restate
 * them. A plugin stage may own one too (`meta.shares`).
 */
export { defineStage, definePlugin } from './stage/stage.js';
export type {
  StageDefinition,
  StageMeta,
  StageContext,
  StagePhase,
  PluginModule,
  DemoOperator,
  GraphOperator,
  JsonSchema,
  SharedSettings,
} from './stage/stage.js';
export { sharedOf } from './stage/shared-settings.js';
export { relay } from './operators/internal/relay.js';
export { bool, num, str, list, options } from './stage/schema-helpers.js';
export type * from './stage/nav-events.js';
export type * from './stage/graph-types.js';
