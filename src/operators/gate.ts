/**
 * gate: the first and hardest filter. Turns frames into {@link Sample}s of players in
 * PM_NORMAL only, cut into runs, and reports what it discarded.
 *
 * Like `filter`, but per player and with memory: a player's stretch of uninterrupted live
 * movement is a run; the gate ends it with a {@link RunEnd} when the player dies (PM_DEAD
 * "starts death handling" downstream), stops playing (spectator, gib, freeze, left the game),
 * teleports (EV_PLAYER_TELEPORT) or moves further in one frame than anyone can. Spectators are
 * discarded at once: they fly through walls and would poison the map with unreachable nodes.
 * The MVD dummy (the recorder's own spectator, `clientNum`) is never a player. In a client
 * demo (`.dm2`) the recorder is a real player with an exact player state; the other players
 * seen there as entities (exact origins, inferred state: see `sources/dm2/entity-players.ts`)
 * pass only with `entityPlayers`.
 *
 * Each sample carries its vertical speed, vertical acceleration and horizontal speed from the
 * frames before and after it (central differences; see `internal/player-tracker.ts`), so a
 * sample is emitted when the player's next frame arrives or the run ends.
 *
 * Emits, in frame order: samples, run ends, and on completion a `gate` summary with the
 * frames seen and discarded by pm_type and whether the demo is mostly spectating (then
 * `skip: true`; the per-demo collector drops the demo).
 *
 * @example
 * # pipelines/wizs.yaml
 * stages:
 *   - gate: { maxSpectatorRatio: 0.6, crouchViewHeight: 10 }
 * @see deathWeight, downsample
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { relay } from './internal/relay.js';
import { defineStage } from '../stage/stage.js';
import {
  boolOption,
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import { EV_PLAYER_TELEPORT, PmType, RDF_UNDERWATER } from '../sources/demo/q2-protocol.js';
import type { Frame, NavEvent, RunEndReason } from '../stage/nav-events.js';
import { PlayerTracker } from './internal/player-tracker.js';

/** gate's options, each stated once: the default, the limits and the one line the docs show. */
const GATE_OPTIONS = {
  maxSpectatorRatio: numOption(0.6, 'A demo with a larger share of spectator frames is flagged.', {
    minimum: 0,
    maximum: 1,
  }),
  skipSpectatorDemos: boolOption(true, 'Skip flagged demos (false: only flag them).'),
  crouchViewHeight: numOption(
    10,
    'viewoffset z below this is crouching (standing is 22). [world units]',
  ),
  // No player moves that fast. [Units: world units per frame]
  maxStepPerFrame: numOption(256, 'A larger move in one frame ends the run. [world units]', {
    exclusiveMinimum: 0,
  }),
  // Origins exact to 1/8 unit, but alive/dead and crouching inferred from their bounding box,
  // no water flag.
  entityPlayers: boolOption(
    false,
    'Client demos (.dm2): also use the other players seen as entities (exact origins, inferred state).',
  ),
};

const gateTable = fromOptionTable(GATE_OPTIONS);

export type GateOptions = OptionsOf<typeof GATE_OPTIONS>;

export const gateDefaults: GateOptions = gateTable.defaults;

const PM_NAMES = ['normal', 'spectator', 'dead', 'gib', 'freeze'];

export function gate(options: Partial<GateOptions> = {}): OperatorFunction<NavEvent, NavEvent> {
  const o = withDefaults('gate', GATE_OPTIONS, options);
  return (source) =>
    new Observable<NavEvent>((subscriber) => {
      // State per subscription (RxJS style): the pipeline can be subscribed twice.
      const framesByPmType = [0, 0, 0, 0, 0, 0];
      let playerFrames = 0;
      let runs = 0;
      let clientNum = -1;
      /** The recorder's slot in a client demo's segment, -1 in MVD2 segments. */
      let recorder = -1;
      const tracker = new PlayerTracker((sample) => subscriber.next(sample));

      const endRun = (slot: number, frame: number, reason: RunEndReason, event: number): void => {
        const run = tracker.end(slot);
        if (run < 0) return;
        subscriber.next({
          kind: 'run-end',
          segment: tracker.segment,
          slot,
          run,
          frame,
          reason,
          event,
          cause: null,
        });
      };

      const endAll = (frame: number): void => {
        for (const slot of tracker.activeSlots()) endRun(slot, frame, 'end', 0);
      };

      const onFrame = (f: Frame): void => {
        const seen = tracker.beginFrame(f.index);
        for (const p of f.players) {
          if (p.slot === clientNum) continue;
          if (recorder >= 0 && p.slot !== recorder && !o.entityPlayers) continue;
          seen.add(p.slot);
          playerFrames++;
          framesByPmType[p.pmType < 5 ? p.pmType : 5]++;
          if (p.pmType !== PmType.Normal) {
            const reason: RunEndReason = p.pmType === PmType.Dead ? 'death' : 'not-playing';
            endRun(p.slot, f.index, reason, p.event);
            continue;
          }
          const [x, y, z] = p.origin;
          const last = tracker.last(p.slot);
          if (last) {
            const dx = x - last.origin[0];
            const dy = y - last.origin[1];
            const dz = z - last.origin[2];
            const reach = o.maxStepPerFrame * (f.index - last.frame);
            if (p.event === EV_PLAYER_TELEPORT) {
              endRun(p.slot, f.index, 'teleport', p.event);
            } else if (dx * dx + dy * dy + dz * dz > reach * reach) {
              endRun(p.slot, f.index, 'impossible-step', p.event);
            } else if (f.index - last.frame > 1) {
              // A gap in the frames of a live player (should not happen): do not bridge it.
              endRun(p.slot, f.index, 'not-playing', 0);
            }
          }
          let run = tracker.runOf(p.slot);
          if (run < 0) {
            run = tracker.start(p.slot, runs++);
          }
          tracker.push(p.slot, {
            kind: 'sample',
            segment: f.segment,
            slot: p.slot,
            run,
            frame: f.index,
            time: f.time,
            origin: p.origin,
            weight: 1,
            crouched: p.viewoffset[2] < o.crouchViewHeight,
            underwater: (p.rdflags & RDF_UNDERWATER) !== 0,
            event: p.event,
            health: p.health,
          });
        }
        // A live player missing from this frame left the game.
        for (const slot of tracker.missingSlots()) endRun(slot, f.index, 'not-playing', 0);
      };

      return relay(source, subscriber, {
        next(e) {
          if (e.kind === 'frame') {
            onFrame(e);
            return;
          }
          if (e.kind === 'segment') {
            endAll(tracker.nextFrame);
            tracker.reset(e.segment);
            clientNum = e.clientNum;
            recorder = e.recorder ?? -1;
          }
          subscriber.next(e);
        },
        complete() {
          endAll(tracker.nextFrame);
          const spectator = framesByPmType[PmType.Spectator];
          const ratio = playerFrames > 0 ? spectator / playerFrames : 0;
          const flagged = ratio > o.maxSpectatorRatio;
          const discarded: Record<string, number> = {};
          for (let t = 1; t < 6; t++)
            if (framesByPmType[t]) discarded[PM_NAMES[t] ?? 'other'] = framesByPmType[t];
          subscriber.next({
            kind: 'summary',
            stage: 'gate',
            data: {
              playerFrames,
              accepted: framesByPmType[PmType.Normal],
              discarded,
              spectatorRatio: ratio,
              flagged,
              skip: flagged && o.skipSpectatorDemos,
              runs,
            },
          });
        },
      });
    });
}

/** The `gate` stage of pipeline files. */
export const gateStage = defineStage<GateOptions>({
  meta: {
    name: 'gate',
    description:
      'PM_NORMAL players only (never spectators or the MVD dummy), cut into runs at deaths, teleports and impossible steps.',
    phase: 'demo',
    needs: ['frame'],
    adds: ['sample', 'run-end'],
    removes: ['frame'],
    schema: gateTable.schema,
    defaults: gateDefaults,
  },
  create: (options) => gate(options),
});
