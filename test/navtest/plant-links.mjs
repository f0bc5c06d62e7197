// @ts-check
/**
 * Test plugin: `plant/links` adds links to the graph, as a draft that went wrong would have
 * them. Each link's ends snap to the nearest node within 32 units, or become new MOVE nodes.
 * Used to check that `navgen iterate` with the builtin tester prunes them.
 */
import { Observable } from 'rxjs';
import { definePlugin, defineStage, list, num, options, relay, str } from 'navgen/plugin';

const point = list('[x, y, z]', num('coordinate'), { minItems: 3, maxItems: 3 });

const links = defineStage({
  meta: {
    name: 'links',
    description: 'Adds listed links to the graph.',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: options({
      links: list(
        'Links to add.',
        {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to', 'type'],
          properties: { from: point, to: point, type: str('link type name') },
        },
        { minItems: 1 },
      ),
    }),
    defaults: { links: [] },
  },
  /** @param {{ links: { from: number[], to: number[], type: string }[] }} opts */
  create(opts) {
    return (source) =>
      new Observable((subscriber) =>
        relay(source, subscriber, {
          next(e) {
            if (e.kind !== 'graph') {
              subscriber.next(e);
              return;
            }
            const nodes = [...e.graph.nodes];
            const out = [...e.graph.links];
            /** @param {number[]} p */
            const nodeAt = (p) => {
              let best = -1;
              let bestD = 32;
              nodes.forEach((n, i) => {
                const d = Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]);
                if (d <= bestD) {
                  best = i;
                  bestD = d;
                }
              });
              if (best >= 0) return best;
              const template = nodes[0];
              nodes.push({ ...template, origin: [p[0], p[1], p[2]], type: 'MOVE' });
              return nodes.length - 1;
            };
            for (const l of opts.links) {
              const from = nodeAt(l.from);
              const to = nodeAt(l.to);
              const template = out[0];
              out.push({ ...template, from, to, type: l.type, weight: 1e6 });
            }
            subscriber.next({ kind: 'graph', graph: { ...e.graph, nodes, links: out } });
          },
        }),
      );
  },
});

export default definePlugin({ meta: { name: 'plant', version: '1.0.0' }, operators: { links } });
