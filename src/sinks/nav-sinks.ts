/**
 * The nav formats a build can write, in the order it writes them: one entry per sink unit
 * (`nav-sink.ts`). Everything else that names a format takes it from here: the pipeline's
 * `output` keys and their schema, the loader's checks, the flag form, the build lock, the
 * places in a game folder, `navgen build`'s flags and the build's writes.
 *
 * The order says two things more. The first format is the default one: a pipeline with a game
 * that names no nav writes it where that game's bots read it, and the flag form's `--out` names
 * it. The first format a pipeline names is its primary nav: the build lock, the default report
 * paths and "was not written" messages go by it.
 */
import type { NavSink } from './nav-sink.js';
import { aqtionNavSink } from './nav/sink.js';
import { nav3Sink } from './nav3/sink.js';

export const NAV_SINKS = [aqtionNavSink, nav3Sink] as const;

/** The pipeline's `output` keys of the nav formats (`nav`, `q2rNav`). */
export type NavOutputName = (typeof NAV_SINKS)[number]['meta']['name'];

/** The default format (`nav`): see the top of this file. */
export const DEFAULT_NAV_SINK = NAV_SINKS[0];

/** The formats after the default one: each asked for by its own flag of `navgen build`. */
export type OtherNavOutputName = Exclude<NavOutputName, typeof DEFAULT_NAV_SINK.meta.name>;

/** One value per nav format, by output key: `{ nav: …, q2rNav: … }`. */
export type ByNavOutput<T> = { readonly [K in NavOutputName]: T };

/** The nav files a pipeline writes, by output key; null for a format it does not name. */
export type NavOutputPaths = ByNavOutput<string | null>;

/** The sinks after the default one (`--q2r-nav`…). */
export const OTHER_NAV_SINKS = NAV_SINKS.slice(1) as readonly NavSink<OtherNavOutputName>[];

/** `{ [name]: f(sink) }` over every format, in registry order. */
export function byNavOutput<T>(f: (sink: NavSink<NavOutputName>) => T): ByNavOutput<T> {
  return Object.fromEntries(NAV_SINKS.map((s) => [s.meta.name, f(s)])) as ByNavOutput<T>;
}

/**
 * The nav a pipeline always writes, by which its lock, default report paths and messages go:
 * the first format it names, in registry order.
 */
export function primaryNavOutput(output: NavOutputPaths): string {
  const path = firstNavOutput(output);
  // The loader refuses a pipeline without any.
  if (path === null) throw new Error('the pipeline names no nav output');
  return path;
}

/** {@link primaryNavOutput}, or null for outputs that name no nav (a spec built by code). */
export function firstNavOutput(output: NavOutputPaths): string | null {
  for (const s of NAV_SINKS) {
    const path = output[s.meta.name];
    if (path !== null) return path;
  }
  return null;
}

/** `navgen build`'s flag of a format after the default one: its output key in kebab case. */
export function navFlag(sink: NavSink): string {
  return `--${sink.meta.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** `a`, `a or b`, `a, b or c`: the formats in a message. */
export function orList(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
