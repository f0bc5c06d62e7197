/** What the map's colours and marks mean, for the layers the model has data for. */
import { colours, floorColour } from '../sinks/render/palette.js';
import type { ViewModel } from '../sinks/view/view-model.js';
import { el } from './dom.js';
import { DEATH_RGB, STUCK_RGB } from './draw-heat.js';
import { HOLE_COLOUR } from './draw-map.js';
import { BAD_LINK_COLOUR, BAD_NODE_COLOUR, UNREACHABLE_COLOUR } from './draw-nav.js';
import { PROVENANCE_COLOURS } from './layers.js';
import { section } from './panel-parts.js';

type Mark = 'fill' | 'line' | 'dashed' | 'ring' | 'dot';

function entry(mark: Mark, colour: string, label: string): HTMLElement {
  const swatch = el('span', { class: `nv-key nv-key-${mark}` });
  if (mark === 'line' || mark === 'dashed') swatch.style.borderTopColor = colour;
  else if (mark === 'ring') swatch.style.borderColor = colour;
  else swatch.style.background = colour;
  return el('div', { class: 'nv-key-row' }, swatch, label);
}

export function legend(m: ViewModel): HTMLElement {
  const rows: HTMLElement[] = [];
  if (m.map !== null) {
    const ramp = el('span', { class: 'nv-key nv-key-fill' });
    ramp.style.background = `linear-gradient(90deg, ${floorColour(0)}, ${floorColour(1)})`;
    rows.push(el('div', { class: 'nv-key-row' }, ramp, 'floor, low to high in the band'));
    rows.push(entry('fill', colours.water, 'water'), entry('fill', colours.ladder, 'ladder'));
    rows.push(entry('fill', colours.lava, 'lava'), entry('fill', colours.slime, 'slime'));
    rows.push(
      entry('fill', colours.hurt, 'trigger_hurt'),
      entry('fill', colours.spawn, 'spawn point'),
    );
  }
  rows.push(entry('dashed', '#9aa3b2', 'link to a node of another band'));
  if (m.navtest)
    rows.push(
      entry('line', BAD_LINK_COLOUR, 'nav test: failed link'),
      entry('ring', BAD_NODE_COLOUR, 'nav test: bad node'),
      entry('ring', UNREACHABLE_COLOUR, 'nav test: unreachable node'),
    );
  if (m.trial)
    rows.push(
      entry('dot', `rgb(${STUCK_RGB})`, 'trial: bots stuck'),
      entry('dot', `rgb(${DEATH_RGB})`, 'trial: bots died'),
    );
  if (m.holes.length > 0) rows.push(entry('fill', HOLE_COLOUR, 'coverage hole (hatched)'));
  if (m.provenance)
    for (const [source, colour] of Object.entries(PROVENANCE_COLOURS))
      rows.push(
        entry(
          'dot',
          colour,
          `provenance: ${source === 'votes' ? 'demo votes' : source === 'spawn' ? 'a spawn point' : 'the map alone'}`,
        ),
      );
  return section('Legend', el('div', { class: 'nv-list' }, ...rows));
}
