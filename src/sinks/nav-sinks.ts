/**
 * The nav formats a build can write, in the order it writes them: one entry per sink unit
 * (`nav-sink.ts`). The pipeline's `output` names them by `meta.name`.
 */
import type { NavSink } from './nav-sink.js';
import { aqtionNavSink } from './nav/sink.js';
import { q2rNavSink } from './q2r-nav/sink.js';

export const NAV_SINKS: readonly NavSink[] = [aqtionNavSink, q2rNavSink];

export type NavOutputName = 'nav' | 'q2rNav';
