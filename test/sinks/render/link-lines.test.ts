/** How links become lines: pairs merged, one-way kept, self-links and repeats dropped. */
import { describe, expect, it } from 'vitest';
import { linkLines } from '../../../src/sinks/render/link-lines.js';
import { line, navOf } from '../../nav/nav-builder.js';

describe('linkLines', () => {
  it('draws a pair once and a one-way link once, with its target type', () => {
    const nav = navOf(line(4), [
      [1, 0, 1],
      [0, 1, 1],
      [1, 2, 11],
      [2, 2, 1],
      [3, 2, 1],
      [3, 2, 5],
    ]);
    expect(linkLines(nav)).toEqual([
      { from: 0, to: 1, type: 1, twoWay: true },
      { from: 1, to: 2, type: 11, twoWay: false },
      { from: 3, to: 2, type: 1, twoWay: false },
    ]);
  });

  it('counts lines as pairs plus one-way links', () => {
    const n = 30;
    const links: [number, number][] = [];
    for (let i = 0; i + 1 < n; i++) links.push([i, i + 1]);
    for (let i = 0; i + 1 < n; i += 3) links.push([i + 1, i]);
    const lines = linkLines(navOf(line(n), links));
    const pairs = links.filter(([a, b]) => a < b && links.some(([c, d]) => c === b && d === a));
    expect(lines.filter((l) => l.twoWay)).toHaveLength(pairs.length);
    expect(lines).toHaveLength(links.length - pairs.length);
  });
});
