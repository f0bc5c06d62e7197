/**
 * vote: turns waypoints into votes. Every waypoint votes for a node where it is (with its
 * weight and features: under water, crouched, ladder, airborne, vertical speed, horizontal
 * step); every pair of consecutive waypoints of a run whose link was not cut votes for a
 * directed link from the earlier to the later one.
 *
 * Like `pairwise`, but per run. Waypoints are consumed; node and link votes are emitted (link
 * votes refer to node votes by their index within the demo, in emission order), other kinds
 * pass through, and a `vote` summary closes the stream.
 *
 * @example
 * stages:
 *   - vote: {}
 * @see speedFilter, cluster
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { relay } from './internal/relay.js';
import { defineStage } from '../pipeline/stage.js';
import { options } from '../pipeline/schema-helpers.js';
import {
  VOTE_AIRBORNE,
  VOTE_CROUCHED,
  VOTE_LADDER,
  VOTE_UNDERWATER,
  type NavEvent,
} from './types.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface VoteOptions {}

export const voteDefaults: VoteOptions = Object.freeze({});

export function vote(_options: Partial<VoteOptions> = {}): OperatorFunction<NavEvent, NavEvent> {
  return (source) =>
    new Observable<NavEvent>((subscriber) => {
      const lastVote = new Map<string, number>();
      let nodes = 0;
      let links = 0;
      return relay(source, subscriber, {
        next(e) {
          if (e.kind === 'waypoint') {
            const key = `${e.segment}:${e.slot}:${e.run}`;
            const index = nodes++;
            const flags =
              (e.underwater ? VOTE_UNDERWATER : 0) |
              (e.crouched ? VOTE_CROUCHED : 0) |
              (e.ladder ? VOTE_LADDER : 0) |
              (e.flying ? VOTE_AIRBORNE : 0);
            subscriber.next({
              kind: 'node-vote',
              index,
              origin: e.origin,
              weight: e.weight,
              vz: e.vz,
              dxy: e.dxy,
              flags,
            });
            const from = lastVote.get(key);
            if (from !== undefined && e.linkFromPrevious) {
              links++;
              subscriber.next({
                kind: 'link-vote',
                from,
                to: index,
                weight: e.weight,
                airborne: e.airborne,
              });
            }
            lastVote.set(key, index);
            return;
          }
          if (e.kind === 'run-end') lastVote.delete(`${e.segment}:${e.slot}:${e.run}`);
          subscriber.next(e);
        },
        complete() {
          subscriber.next({
            kind: 'summary',
            stage: 'vote',
            data: { nodeVotes: nodes, linkVotes: links },
          });
        },
      });
    });
}

/** The `vote` stage of pipeline files. */
export const voteStage = defineStage<VoteOptions>({
  meta: {
    name: 'vote',
    description: 'Node votes for waypoints and directed link votes between consecutive ones.',
    phase: 'demo',
    needs: ['waypoint'],
    adds: ['node-vote', 'link-vote'],
    removes: ['waypoint'],
    schema: options({}),
    defaults: voteDefaults,
  },
  create: (options) => vote(options),
});
