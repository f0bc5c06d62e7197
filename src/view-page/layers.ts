/**
 * The map's layers, each switched by a checkbox (`data-testid="layer-<name>"`). A layer whose
 * data the model lacks (no trial report, no nav test, …) is shown disabled, saying what to give.
 */
import type { ViewModel } from '../sinks/view/view-model.js';
import { el } from './dom.js';

export type LayerName =
  | 'floors'
  | 'links'
  | 'nodes'
  | 'spawns'
  | 'hazards'
  | 'trial'
  | 'navtest'
  | 'holes'
  | 'provenance';

export type LayerSet = Record<LayerName, boolean>;

interface LayerSpec {
  readonly name: LayerName;
  readonly label: string;
  readonly title: string;
  readonly on: boolean;
  /** Why the layer has nothing to show, or null when it has. */
  readonly missing: (m: ViewModel) => string | null;
}

const noMap = (m: ViewModel) => (m.map === null ? 'the nav is drawn without its map' : null);

const LAYERS: readonly LayerSpec[] = [
  {
    name: 'floors',
    label: 'floors',
    title: 'Floors shaded by height (low dark, high light), water and ladders',
    on: true,
    missing: noMap,
  },
  {
    name: 'links',
    label: 'links',
    title: 'Links, coloured by link type',
    on: true,
    missing: () => null,
  },
  {
    name: 'nodes',
    label: 'nodes',
    title: 'Nodes, coloured by type',
    on: true,
    missing: () => null,
  },
  {
    name: 'spawns',
    label: 'spawn points',
    title: 'Spawn points (white)',
    on: true,
    missing: noMap,
  },
  {
    name: 'hazards',
    label: 'hazards',
    title: 'trigger_hurt volumes (magenta), lava and slime',
    on: true,
    missing: noMap,
  },
  {
    name: 'trial',
    label: 'trial heat',
    title: 'Where bots of the trial stood stuck (amber) and died (red)',
    on: false,
    missing: (m) => (m.trial ? null : 'no trial report given'),
  },
  {
    name: 'navtest',
    label: 'nav test',
    title: 'Failed links (red), bad nodes (red ring) and unreachable nodes (yellow ring)',
    on: true,
    missing: (m) => (m.navtest ? null : 'no nav test report given'),
  },
  {
    name: 'holes',
    label: 'coverage holes',
    title: 'Floor of the map that no node reaches (hatched)',
    on: false,
    missing: (m) =>
      m.holes.length > 0 ? null : m.map === null ? 'the nav is drawn without its map' : 'no holes',
  },
  {
    name: 'provenance',
    label: 'provenance',
    title: 'Colour nodes by what made them: demo votes, a spawn point, the map alone',
    on: false,
    missing: (m) => (m.provenance ? null : 'no build report given'),
  },
];

/** Colours of the provenance colouring, by `ViewProvenance.source`. */
export const PROVENANCE_COLOURS: Readonly<Record<string, string>> = {
  votes: '#00e676',
  spawn: '#ffffff',
  map: '#ff9100',
};
export const PROVENANCE_UNKNOWN = '#757575';

export function defaultLayers(model: ViewModel): LayerSet {
  const set = {} as LayerSet;
  for (const l of LAYERS) set[l.name] = l.on && l.missing(model) === null;
  return set;
}

/** The checkboxes; `onChange` runs after a layer was switched in `layers`. */
export function layerControls(
  model: ViewModel,
  layers: LayerSet,
  onChange: (name: LayerName) => void,
): HTMLElement {
  const box = el('div', { class: 'nv-layers' });
  for (const l of LAYERS) {
    const missing = l.missing(model);
    const input = el('input', { testid: `layer-${l.name}`, attrs: { type: 'checkbox' } });
    input.checked = layers[l.name];
    input.disabled = missing !== null;
    input.addEventListener('change', () => {
      layers[l.name] = input.checked;
      onChange(l.name);
    });
    box.append(
      el(
        'label',
        { class: missing ? 'nv-off' : '', title: missing ? `${l.title}: ${missing}` : l.title },
        input,
        ` ${l.label}`,
      ),
    );
  }
  return box;
}
