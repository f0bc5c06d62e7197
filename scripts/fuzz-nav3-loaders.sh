#!/usr/bin/env bash
# The longer run of the NAV3 loader test (issue 37: the engines' own loaders never reject or crash
# on a NAV3 navgen writes): test/nav/formats/nav3/nav3-loaders-fuzz.test.ts with thousands of
# seeded random graphs instead of the 300 of `npm test`, each written by navgen's NAV3 writer and
# loaded by both re-release checkers in ../shared/engine/q2r/. Not for CI: at 20 ms a graph on an
# idle machine and 50 ms beside other work (2 cores, measured), 10,000 graphs take 3 to 8 minutes.
#   npm run fuzz:nav3-loaders -- [--graphs N] [--seed S]
#   --graphs N   graphs to try (default 5000)
#   --seed S     the run's seed (default 37, the test's; graph k of a seed is always the same)
# Prints one line of figures (graphs written and loaded by each checker, refused by the writer
# by fault, limits reached); exits 1 when a loader refused a file the writer wrote, or the writer
# refused a graph it should have written or wrote one it should have refused.
set -euo pipefail
cd "$(dirname "$0")/.."

graphs=5000
seed=37
while [ $# -gt 0 ]; do
  case "$1" in
    --graphs) graphs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "fuzz-nav3-loaders: unknown argument $1 (--graphs N, --seed S)" >&2; exit 2 ;;
  esac
done

echo "fuzz-nav3-loaders: $(date -u +%Y-%m-%dT%H:%M:%SZ), $graphs graphs, seed $seed, load average $(cut -d' ' -f1-3 /proc/loadavg)"
NAVGEN_NAV3_GRAPHS=$graphs NAVGEN_NAV3_SEED=$seed \
  npx vitest run test/nav/formats/nav3/nav3-loaders-fuzz.test.ts
