/**
 * The server settings of a trial (`run.cfg` in the run folder), as `../shared/engine/common.sh`
 * sets them: listen on 127.0.0.1 only, nothing public, no downloads or votes, deathmatch
 * without time or frag limit, bots on with the engine's own nav generator off (so the bots
 * use the nav under test), the MVD recorder on, pistols only (`dmweapon`) so that fights are
 * short and bots spend their time moving.
 *
 * `noCombat` adds `cheats 1`: then `mvdstuff notarget` (sent once the recorder's dummy client
 * exists) gives that client FL_NOTARGET, and the bots' enemy search
 * (`BOTLIB_FindEnemy`, src/action/acesrc/acebot_ai.c) gives up while any client has it.
 */

export interface ServerSettings {
  readonly bots: number;
  /** The bots' skill (the engine's `bot_skill`). [Limit: 0..10] */
  readonly skill: number;
  readonly noCombat: boolean;
}

/** Cvars in the order they are set; values are written quoted. */
export function serverCvars(s: ServerSettings): [string, string][] {
  const cvars: [string, string][] = [
    ['net_ip', '127.0.0.1'],
    ['net_enable_ipv6', '0'],
    ['public', '0'],
    ['allow_download', '0'],
    ['deathmatch', '1'],
    ['teamplay', '0'],
    ['maxclients', String(Math.max(16, s.bots + 2))],
    ['timelimit', '0'],
    ['fraglimit', '0'],
    ['bot_enable', '1'],
    ['bot_navautogen', '0'],
    ['bot_chat', '0'],
    ['bot_skill', String(s.skill)],
    ['ircbot', '0'],
    ['sv_mvd_enable', '1'],
    ['sv_mvd_capture_flags', '4'],
    ['dmweapon', 'MK23 Pistol'],
    ['warmup', '0'],
    ['use_mapvote', '0'],
    ['use_kickvote', '0'],
    ['use_cvote', '0'],
    ['use_voice', '0'],
    ['motd_time', '0'],
  ];
  if (s.noCombat) cvars.push(['cheats', '1']);
  return cvars;
}

/** `run.cfg`'s text. */
export function serverConfigText(s: ServerSettings): string {
  return serverCvars(s)
    .map(([k, v]) => `set ${k} "${v}"\n`)
    .join('');
}
