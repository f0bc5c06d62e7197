/**
 * Who runs the server. The engine refuses to run as root, and a trial must not run a game
 * server with root's rights anyway: as root, `--user NAME` names an unprivileged account to
 * drop to (its uid and gid; Node's spawn also clears the supplementary groups). Without root,
 * the server runs as the caller and `--user` is refused (dropping needs root).
 */
import { execFileSync } from 'node:child_process';

export interface RunAs {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

export class RunAsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunAsError';
  }
}

function idOf(user: string, flag: '-u' | '-g'): number {
  try {
    return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  } catch {
    throw new RunAsError(`--user ${user}: no such account`);
  }
}

/**
 * The account to drop to, or null to run as the caller. `isRoot` is the caller's state
 * (`process.getuid() === 0`), passed in so the rule can be tested.
 */
export function resolveRunAs(user: string | undefined, isRoot: boolean): RunAs | null {
  if (!isRoot) {
    if (user !== undefined)
      throw new RunAsError(`--user ${user}: only root can run the server as another account`);
    return null;
  }
  if (user === undefined)
    throw new RunAsError(
      'refusing to run the game server as root (the engine refuses it too): name an unprivileged ' +
        'account to drop to with --user NAME (e.g. one made with `useradd -M -r -s /usr/sbin/nologin navgen-engine`), ' +
        'or run navgen as a normal user',
    );
  const uid = idOf(user, '-u');
  const gid = idOf(user, '-g');
  if (uid === 0) throw new RunAsError(`--user ${user}: that account is root (uid 0)`);
  return { name: user, uid, gid };
}

/** `process.getuid() === 0`, false where there are no uids. */
export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}
