/** Resolves once `check()` holds, looking every 50 ms; rejects after `ms` milliseconds. */
export function waitFor(check: () => boolean, ms = 30_000): Promise<void> {
  const t = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - t > ms) reject(new Error('timed out waiting'));
      else setTimeout(tick, 50);
    };
    tick();
  });
}
