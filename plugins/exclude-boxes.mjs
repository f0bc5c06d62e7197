// @ts-check
/**
 * navgen example plugin: `exclude-boxes/exclude` drops the waypoints (and so the node and link
 * votes) that fall inside boxes a map author lists, e.g. a spectator balcony that players can
 * only reach by glitching, or an area behind a door bots cannot open.
 *
 * Use it in a pipeline file:
 *
 *   plugins: [../plugins/exclude-boxes.mjs]
 *   stages:
 *     - …
 *     - speed-filter
 *     - exclude-boxes/exclude:
 *         boxes:
 *           - { name: balcony, min: [-512, 0, 128], max: [-256, 256, 256] }
 *     - vote
 *     - …
 *
 * A waypoint inside a box is removed, and the next waypoint of the same run gets no link from
 * the one before the box, so no link crosses an excluded area. It reports how many waypoints
 * each box took.
 */
import { Observable } from 'rxjs';
import { definePlugin, defineStage, list, num, options, relay, str } from 'navgen/plugin';

const point = list('[x, y, z] in world units', num('coordinate'), { minItems: 3, maxItems: 3 });

/** @param {readonly number[]} p @param {{min: number[], max: number[]}} b */
function inside(p, b) {
  return (
    p[0] >= b.min[0] &&
    p[0] <= b.max[0] &&
    p[1] >= b.min[1] &&
    p[1] <= b.max[1] &&
    p[2] >= b.min[2] &&
    p[2] <= b.max[2]
  );
}

const exclude = defineStage({
  meta: {
    name: 'exclude',
    description: 'Drops waypoints inside listed boxes (and the links through them).',
    phase: 'demo',
    needs: ['waypoint'],
    adds: [],
    removes: [],
    schema: options({
      boxes: list(
        'Boxes to exclude.',
        {
          type: 'object',
          additionalProperties: false,
          required: ['min', 'max'],
          properties: { name: str('Label for the report.'), min: point, max: point },
        },
        { minItems: 1 },
      ),
    }),
    defaults: { boxes: [] },
  },
  /** @param {{ boxes: { name?: string, min: number[], max: number[] }[] }} opts */
  create(opts) {
    for (const b of opts.boxes) {
      if (b.min.some((v, i) => v > b.max[i]))
        throw new RangeError(`box ${b.name ?? ''}: min must not exceed max`);
    }
    return (source) =>
      new Observable((subscriber) => {
        const counts = opts.boxes.map(() => 0);
        /** Runs whose next waypoint must not link back across an excluded one. */
        const cut = new Set();
        return relay(source, subscriber, {
          next(e) {
            if (e.kind !== 'waypoint') {
              subscriber.next(e);
              return;
            }
            const key = `${e.segment}:${e.slot}:${e.run}`;
            const box = opts.boxes.findIndex((b) => inside(e.origin, b));
            if (box >= 0) {
              counts[box]++;
              cut.add(key);
              return;
            }
            if (cut.delete(key)) subscriber.next({ ...e, linkFromPrevious: false });
            else subscriber.next(e);
          },
          complete() {
            subscriber.next({
              kind: 'summary',
              stage: 'exclude-boxes/exclude',
              data: {
                excluded: Object.fromEntries(
                  opts.boxes.map((b, i) => [b.name ?? `box ${i}`, counts[i]]),
                ),
              },
            });
          },
        });
      });
  },
});

export default definePlugin({
  meta: { name: 'exclude-boxes', version: '1.0.0' },
  operators: { exclude },
});
