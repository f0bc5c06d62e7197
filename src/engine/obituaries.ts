/**
 * Environmental deaths from the server console: the game prints an obituary for every death,
 * victim's name first. The causes and their phrases are `../shared/engine/trialstats.py`'s (the
 * benchmark's definition, which the report must agree with): a fall, including being knocked
 * off by another player ("was taught how to fly by"); drowning; slime; lava; trigger_hurt; and
 * being crushed by a mover.
 */

export const ENV_CAUSES = ['fall', 'water', 'slime', 'lava', 'hurt', 'crush'] as const;
export type EnvCause = (typeof ENV_CAUSES)[number];

/** trialstats.py's `ENV` table, phrase for phrase. */
const ENV_PHRASES: Readonly<Record<EnvCause, RegExp>> = {
  fall: /plummets to (his|her|its) death|was taught how to fly by/,
  water: /sank like a rock/,
  slime: /melted/,
  lava: /back flip into the lava|drop-kicked into the lava/,
  hurt: /was in the wrong place|was shoved off the edge by/,
  crush: /was flattened/,
};

/** Deaths by cause in a console's text, counted as trialstats.py counts (every match). */
export function envDeathCounts(consoleText: string): Record<EnvCause, number> {
  const out = {} as Record<EnvCause, number>;
  for (const cause of ENV_CAUSES) {
    const re = new RegExp(ENV_PHRASES[cause].source, 'g');
    out[cause] = (consoleText.match(re) ?? []).length;
  }
  return out;
}

/** The cause of one console line, or null for a line that is no environmental death. */
export function envCauseOf(line: string): EnvCause | null {
  for (const cause of ENV_CAUSES) if (ENV_PHRASES[cause].test(line)) return cause;
  return null;
}

/**
 * Lines the console prints about a player that are not deaths (joining, leaving, renaming);
 * every other line that starts with a player's name is taken for an obituary.
 */
const NOT_A_DEATH =
  /^ (connected|entered the game|became a spectator|disconnected|changed name|is now known as|joined|left|was kicked|timed out)/;

export interface Obituary {
  /** The victim, one of the given names. */
  readonly name: string;
  /** null: killed by a player (or an obituary this table does not know). */
  readonly cause: EnvCause | null;
  /** 0-based line number in the console. */
  readonly line: number;
}

/**
 * Every death line of the players named `names`, in console order. A line belongs to the
 * longest name it starts with (names may contain spaces and prefixes of one another).
 */
export function obituaries(consoleText: string, names: readonly string[]): Obituary[] {
  const byLength = [...new Set(names.filter((n) => n.length > 0))].sort(
    (a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0),
  );
  const out: Obituary[] = [];
  consoleText.split('\n').forEach((raw, line) => {
    const text = raw.replace(/\r$/, '');
    const name = byLength.find((n) => text.startsWith(n + ' '));
    if (name === undefined) return;
    const rest = text.slice(name.length);
    if (NOT_A_DEATH.test(rest) || rest.startsWith('@')) return;
    out.push({ name, cause: envCauseOf(rest), line });
  });
  return out;
}
