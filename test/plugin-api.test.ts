/**
 * What `navgen/plugin` gives plugin authors: the helpers the example plugin uses, and the
 * pipeline's shared settings as the built-in stages read them (`sharedOf`).
 */
import { describe, expect, it } from 'vitest';
import * as api from '../src/plugin-api.js';
import type { SharedSettings, StageContext } from '../src/plugin-api.js';
import { defaultNodeTypes } from '../src/nav/node-types.js';

const SHARED: SharedSettings = {
  clusterRadius: 40,
  matchRadius: 64,
  brinkClearance: 24,
  maxDrop: 150,
};

function context(shared?: SharedSettings): StageContext {
  return {
    map: 'wizs',
    bsp: null,
    feedback: null,
    nodeTypes: defaultNodeTypes,
    baseDir: '.',
    shared: shared as SharedSettings,
    log: () => undefined,
    warn: () => undefined,
  };
}

describe('navgen/plugin', () => {
  it('exports the stage helpers and sharedOf', () => {
    for (const name of ['defineStage', 'definePlugin', 'relay', 'options', 'num', 'sharedOf'])
      expect(typeof (api as Record<string, unknown>)[name], name).toBe('function');
  });

  it('sharedOf gives a plugin stage the pipeline\u2019s shared settings', () => {
    expect(api.sharedOf(context(SHARED), 'boxes/exclude')).toBe(SHARED);
  });

  it('sharedOf names the stage when a hand-made context lacks them', () => {
    expect(() => api.sharedOf(context(), 'boxes/exclude')).toThrow(/boxes\/exclude/);
  });
});
