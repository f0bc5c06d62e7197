/**
 * vote: turns waypoints into votes. Every waypoint on the ground votes for a node where it is
 * (with its weight and features: under water, crouched, ladder, vertical speed, horizontal
 * step, and whether free flight led there); every pair of consecutive voting waypoints of a
 * run votes for a directed link from the earlier to the later one, unless a link along the way
 * was cut (speed-filter).
 *
 * Waypoints in free flight cast no node vote: a position in mid-air is not a place a bot can
 * stand (a node there would float over a pit or a gap). Their flight is carried to the next
 * waypoint on the ground, so a jump or a drop becomes one link from where it started to where
 * it landed, marked airborne, with how high it rose — classify makes it a JUMP or a drop.
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
import { runKey } from './internal/run-key.js';
import { defineStage } from '../stage/stage.js';
import {
  boolOption,
  fromOptionTable,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import {
  VOTE_AIRBORNE,
  VOTE_CROUCHED,
  VOTE_LADDER,
  VOTE_UNDERWATER,
  type NavEvent,
} from '../stage/nav-events.js';

/** vote's options, each stated once: the default and the one line the docs show. */
const VOTE_OPTIONS = {
  // On: the AQtion proposal's behaviour.
  voteInFlight: boolOption(
    false,
    'Let waypoints in free flight vote for nodes too (off: nodes never float in mid-air).',
  ),
};

const voteTable = fromOptionTable(VOTE_OPTIONS);

export type VoteOptions = OptionsOf<typeof VOTE_OPTIONS>;

export const voteDefaults: VoteOptions = voteTable.defaults;

/** What a run carries from its last voting waypoint to the next. */
interface Pending {
  from: number;
  linked: boolean;
  airborne: boolean;
  rise: number;
  /** Height of the last voting waypoint (rise is measured from it). */
  z: number;
}

export function vote(options: Partial<VoteOptions> = {}): OperatorFunction<NavEvent, NavEvent> {
  const o = withDefaults('vote', VOTE_OPTIONS, options);
  return (source) =>
    new Observable<NavEvent>((subscriber) => {
      const runs = new Map<number, Pending>();
      let nodes = 0;
      let links = 0;
      let inFlight = 0;
      return relay(source, subscriber, {
        next(e) {
          if (e.kind === 'run-end') {
            runs.delete(runKey(e.segment, e.slot, e.run));
            subscriber.next(e);
            return;
          }
          if (e.kind !== 'waypoint') {
            subscriber.next(e);
            return;
          }
          const key = runKey(e.segment, e.slot, e.run);
          const p = runs.get(key);
          if (p) {
            p.linked &&= e.linkFromPrevious;
            p.airborne ||= e.airborne;
            // e.rise is measured from the previous waypoint (at e.origin z - e.dz); re-base it on p.z.
            p.rise = Math.max(p.rise, e.rise + (e.origin[2] - e.dz) - p.z);
          }
          if (e.flying && !o.voteInFlight) {
            inFlight++;
            return;
          }
          const index = nodes++;
          const landed = p !== undefined && p.airborne;
          subscriber.next({
            kind: 'node-vote',
            index,
            origin: e.origin,
            weight: e.weight,
            vz: e.vz,
            dxy: e.dxy,
            flags:
              (e.underwater ? VOTE_UNDERWATER : 0) |
              (e.crouched ? VOTE_CROUCHED : 0) |
              (e.ladder ? VOTE_LADDER : 0) |
              (landed ? VOTE_AIRBORNE : 0),
          });
          if (p && p.linked) {
            links++;
            subscriber.next({
              kind: 'link-vote',
              from: p.from,
              to: index,
              weight: e.weight,
              airborne: p.airborne,
              rise: Math.max(0, p.rise),
            });
          }
          runs.set(key, { from: index, linked: true, airborne: false, rise: 0, z: e.origin[2] });
        },
        complete() {
          subscriber.next({
            kind: 'summary',
            stage: 'vote',
            data: { nodeVotes: nodes, linkVotes: links, waypointsInFlight: inFlight },
          });
        },
      });
    });
}

/** The `vote` stage of pipeline files. */
export const voteStage = defineStage<VoteOptions>({
  meta: {
    name: 'vote',
    description:
      'Node votes for waypoints on the ground and directed link votes between consecutive ones (flights become one airborne link).',
    phase: 'demo',
    needs: ['waypoint'],
    adds: ['node-vote', 'link-vote'],
    removes: ['waypoint'],
    schema: voteTable.schema,
    defaults: voteDefaults,
  },
  create: (opts) => vote(opts),
});
