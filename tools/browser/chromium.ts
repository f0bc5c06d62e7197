/**
 * The browser the viewer's tests, benchmark and screenshots drive: Debian's `chromium`
 * (`.ci/run` installs it with apt when it is missing), through `playwright-core`, which brings
 * no browser of its own. `NAVGEN_CHROMIUM` names another executable.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The browser's executable, or null when there is none. */
export function chromiumPath(): string | null {
  const named = process.env.NAVGEN_CHROMIUM;
  if (named) return existsSync(named) ? named : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** Headless Chromium; throws, saying what to install, when there is none. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error(
      `no Chromium found (looked for ${CANDIDATES.join(', ')}; NAVGEN_CHROMIUM names another): apt install chromium`,
    );
  // --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}
