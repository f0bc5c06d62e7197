#!/usr/bin/env bash
# The long run of the coverage-guided fuzzer (issue 37): every reader's target, one after the
# other, to 1,000,000 executions of mutated inputs (the seeds' first run not counted), then the
# table for docs/robustness.md ("Coverage-guided fuzzing"). Not for CI: at the rates measured
# (from about 1,700 executions a second for the MVD2 reader to 57,000 for edits files, on 2
# shared cores) the whole run takes about an hour.
#   npm run fuzz:long -- [--runs N] [--seconds S] [--target a,b] [--seed N]
#   --runs N     executions per target (default 1000000)
#   --seconds S  stop a target after S seconds of fuzzing even short of N executions
#   --target     some targets only (names: npx tsx bench/fuzz.ts --list)
#   --seed N     random seed of the mutations (default 1)
# Writes the output and every failing input under $NAVGEN_FUZZ_OUT (default a folder in the
# system temp dir); exits 1 when any target broke its invariant.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=1000000
limit=""
targets=all
seed=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --seconds) limit=$2; shift 2 ;;
    --target) targets=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "fuzz-long: unknown argument $1 (--runs N, --seconds S, --target a,b, --seed N)" >&2; exit 2 ;;
  esac
done

out=${NAVGEN_FUZZ_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/navgen-fuzz-long-XXXXXX")}
mkdir -p "$out"
log="$out/fuzz-long.txt"
{
  echo "fuzz-long: $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "fuzz-long: targets $targets, $runs executions each${limit:+, at most $limit s each}, seed $seed"
} | tee "$log"

status=0
npx tsx bench/fuzz.ts --target "$targets" --runs "$runs" ${limit:+--seconds "$limit"} \
  --seed "$seed" --keep-failures "$out/failures" --quiet | tee -a "$log" || status=$?

echo "fuzz-long: ended $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(cut -d' ' -f1-3 /proc/loadavg); output in $log" | tee -a "$log"
exit "$status"
