/**
 * The pipeline's shared settings ({@link SharedSettings}): options one stage owns that other
 * stages and the nav sinks read. Each is published by its owner's `meta.shares`, so it has one
 * home (the owner's options table) and reaches every reader with the value the pipeline gave
 * the owner.
 */
import type { SharedSettings, StageContext, StageDefinition } from './stage.js';

/** Every shared setting, for the check that each has an owner. */
const SETTINGS: { readonly [S in keyof SharedSettings]: true } = {
  clusterRadius: true,
  matchRadius: true,
  brinkClearance: true,
  maxDrop: true,
};

/** A stage as a pipeline lists it: its definition and its options merged over its defaults. */
export interface ListedStage {
  readonly definition: StageDefinition<never>;
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * The shared settings of a pipeline: each from the last listed stage that shares it, else from
 * the default of the first of `owners` (the built-in stages) that shares it. Throws when a
 * setting has no owner or is not a number (a stage's `shares` naming a wrong option).
 */
export function sharedSettings(
  listed: readonly ListedStage[],
  owners: Iterable<StageDefinition<never>>,
): SharedSettings {
  const values: Partial<Record<keyof SharedSettings, unknown>> = {};
  const from: Partial<Record<keyof SharedSettings, string>> = {};
  const publish = (
    def: StageDefinition<never>,
    options: Readonly<Record<string, unknown>>,
    over: boolean,
  ) => {
    for (const [setting, option] of Object.entries(def.meta.shares ?? {}) as [
      keyof SharedSettings,
      string,
    ][]) {
      if (!over && setting in values) continue;
      values[setting] = options[option];
      from[setting] = `${def.meta.name}'s ${option}`;
    }
  };
  for (const def of owners) publish(def, def.meta.defaults as Record<string, unknown>, false);
  // Over the stage's own defaults, as the loader merges them (a stage list built by code may
  // give fewer options).
  for (const s of listed)
    publish(
      s.definition,
      { ...(s.definition.meta.defaults as Record<string, unknown>), ...s.options },
      true,
    );
  for (const setting of Object.keys(SETTINGS) as (keyof SharedSettings)[]) {
    if (!(setting in values)) throw new Error(`no stage shares the setting ${setting}`);
    if (typeof values[setting] !== 'number')
      throw new Error(`shared setting ${setting} (${from[setting]}) is not a number`);
  }
  return Object.freeze(values) as SharedSettings;
}

/**
 * The shared settings a stage reads. Every context the build makes has them; one made by hand
 * without them (a plugin's own test, plain JavaScript) fails here, naming the stage.
 */
export function sharedOf(ctx: StageContext, stage: string): SharedSettings {
  if (!ctx.shared)
    throw new Error(`${stage}: the stage context has no shared settings (the build sets them)`);
  return ctx.shared;
}
