/**
 * Reads a whole demo and sums it up: segments, maps, versions and flags, player names, frames,
 * duration, sizes and warnings. A demo that fails part-way still gets a summary of what was
 * read before the failure, with the error.
 */
import { stat } from 'node:fs/promises';
import { lastValueFrom, reduce } from 'rxjs';
import { DemoParseError, type DemoParseErrorData } from './errors.js';
import {
  MVF_EXTLIMITS,
  MVF_EXTLIMITS_2,
  MVF_NOMSGS,
  MVF_SINGLEPOV,
} from '../mvd2/protocol.js';
import { SERVER_FRAME_TIME } from './q2-protocol.js';
import { readDemo } from './read-demo.js';
import type { DemoEvent } from './events.js';

export interface SegmentSummary {
  segment: number;
  map: string;
  version: number;
  flags: number;
  flagNames: string[];
  gamedir: string;
  /** The MVD dummy's slot, -1 if none. */
  clientNum: number;
  /** Client demos: the recorder's slot (a real player, counted in `slotsSeen`); -1 for MVD2. */
  recorder: number;
  /** Major protocol (37 for MVD2, 34 for client demos). */
  protocol: number;
  maxclients: number;
  /** Named player slots (the dummy excluded) as `slot: name`. */
  players: { slot: number; name: string }[];
  /** Distinct slots seen in use, the dummy excluded. */
  slotsSeen: number;
  frames: number;
  /** [Units: s] */
  duration: number;
}

export interface DemoSummary {
  file: string;
  fileBytes: number;
  streamBytes: number;
  gzip: boolean;
  endMark: boolean;
  segments: SegmentSummary[];
  frames: number;
  /** [Units: s] */
  duration: number;
  warnings: string[];
  error: DemoParseErrorData | null;
}

export function flagNames(flags: number): string[] {
  const names: string[] = [];
  if (flags & MVF_NOMSGS) names.push('NOMSGS');
  if (flags & MVF_SINGLEPOV) names.push('SINGLEPOV');
  if (flags & MVF_EXTLIMITS) names.push('EXTLIMITS');
  if (flags & MVF_EXTLIMITS_2) names.push('EXTLIMITS_2');
  return names;
}

interface Acc {
  summary: DemoSummary;
  seen: Set<number>[];
  /** The slot list of the last frame (shared by later frames while unchanged). */
  lastSlots: readonly number[] | null;
}

function step(acc: Acc, e: DemoEvent): Acc {
  const s = acc.summary;
  switch (e.kind) {
    case 'segment':
      s.segments.push({
        segment: e.segment,
        map: e.map,
        version: e.version,
        flags: e.flags,
        flagNames: flagNames(e.flags),
        gamedir: e.gamedir,
        clientNum: e.clientNum,
        recorder: e.recorder ?? -1,
        protocol: e.protocol,
        maxclients: e.maxclients,
        players: e.playerNames
          .map((name, slot) => ({ slot, name }))
          .filter((p) => p.name !== '' && p.slot !== e.clientNum),
        slotsSeen: 0,
        frames: 0,
        duration: 0,
      });
      acc.seen.push(new Set());
      acc.lastSlots = null;
      break;
    case 'frame':
    case 'frame-slots': {
      const seg = s.segments[s.segments.length - 1];
      const seen = acc.seen[acc.seen.length - 1];
      seg.frames++;
      seg.duration = (seg.frames - 1) * SERVER_FRAME_TIME;
      if (e.kind === 'frame') {
        for (const p of e.players) if (p.slot !== seg.clientNum) seen.add(p.slot);
      } else if (e.slots !== acc.lastSlots) {
        // Consecutive frames share an unchanged slot list: nothing new to add.
        acc.lastSlots = e.slots;
        for (const slot of e.slots) if (slot !== seg.clientNum) seen.add(slot);
      }
      seg.slotsSeen = seen.size;
      s.frames++;
      break;
    }
    case 'player-name': {
      const seg = s.segments[s.segments.length - 1];
      if (e.slot === seg.clientNum) break;
      const known = seg.players.find((p) => p.slot === e.slot);
      if (known) known.name = e.name || known.name;
      else if (e.name) {
        seg.players.push({ slot: e.slot, name: e.name });
        seg.players.sort((a, b) => a.slot - b.slot);
      }
      break;
    }
    case 'warning':
      s.warnings.push(e.message);
      break;
    case 'end':
      s.fileBytes = e.fileBytes;
      s.streamBytes = e.streamBytes;
      s.gzip = e.gzip;
      s.endMark = e.endMark;
      break;
  }
  return acc;
}

export async function summarizeDemo(path: string): Promise<DemoSummary> {
  const acc: Acc = {
    summary: {
      file: path,
      fileBytes: 0,
      streamBytes: 0,
      gzip: false,
      endMark: false,
      segments: [],
      frames: 0,
      duration: 0,
      warnings: [],
      error: null,
    },
    seen: [],
    lastSlots: null,
  };
  try {
    // Slots only: the frames' player objects are never built (the summary reports none of it).
    await lastValueFrom(readDemo(path, { summary: true }).pipe(reduce(step, acc)), {
      defaultValue: acc,
    });
  } catch (e) {
    if (!(e instanceof DemoParseError)) throw e;
    acc.summary.error = e.toData();
    // The reader's end event (with the sizes) never came: measure the file itself.
    acc.summary.fileBytes = await stat(path).then(
      (st) => st.size,
      () => 0,
    );
  }
  const s = acc.summary;
  s.duration = s.segments.reduce((t, g) => t + g.duration, 0);
  return s;
}
