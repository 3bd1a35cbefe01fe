#!/usr/bin/env bash
# Builds every fuzz harness and runs each in turn for SECONDS (default 60), then prints per harness the
# executions, coverage (cov: edges, ft: features), corpus size and findings.
#
#   Tests/Fuzz/run.sh [SECONDS] [HARNESS...]
#
# Harnesses run one at a time (libFuzzer uses one core each; the machine is shared). Corpora grow in
# $FUZZ_CORPUS/<harness> (default /tmp/fuzz-corpus), seeded from ../shared/conformance and Tests/Fuzz/seeds;
# crashers and property violations are saved in $FUZZ_FINDINGS/<harness> (default /tmp/fuzz-findings),
# full logs in $FUZZ_LOGS/<harness>.log (default /tmp/fuzz-logs). A finding stops that harness; the others
# still run, and the script exits 1. Reproduce one with: /tmp/fuzz-build/<harness> <file>.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
case "$seconds" in '' | *[!0-9]*) echo "usage: Tests/Fuzz/run.sh [SECONDS] [HARNESS...]" >&2; exit 64 ;; esac
[ "$#" -gt 0 ] && shift
harnesses=(mustache-parse-render csv-escape markdown-escape xhtml-escape xhtml-validate property-list backup-keybag backup-file-record store-file)
[ "$#" -gt 0 ] && harnesses=("$@")

build=${FUZZ_BUILD:-/tmp/fuzz-build}
corpus=${FUZZ_CORPUS:-/tmp/fuzz-corpus}
findings=${FUZZ_FINDINGS:-/tmp/fuzz-findings}
logs=${FUZZ_LOGS:-/tmp/fuzz-logs}

FUZZ_BUILD=$build Tests/Fuzz/build.sh "${harnesses[@]}"
python3 Tests/Fuzz/seed_corpora.py "$corpus"
mkdir -p "$findings" "$logs"

# The Swift runtime's own crash handler gets in the way of AddressSanitizer's report.
export SWIFT_BACKTRACE=enable=no

status=0
summary=()
for harness in "${harnesses[@]}"; do
    mkdir -p "$corpus/$harness" "$findings/$harness"
    max_len=4096
    [ "$harness" = store-file ] && max_len=262144  # a whole store: its seeds are about 100 KB
    options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1
             -artifact_prefix="$findings/$harness/")
    [ -f "Tests/Fuzz/$harness.dict" ] && options+=(-dict="Tests/Fuzz/$harness.dict")
    before=$(find "$findings/$harness" -type f | wc -l)
    echo "run.sh: $harness for ${seconds}s (log: $logs/$harness.log)"
    "$build/$harness" "${options[@]}" "$corpus/$harness" "Tests/Fuzz/seeds/$harness" >"$logs/$harness.log" 2>&1 || true

    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$harness.log" | tail -1)
    coverage=$(grep -E '^#[0-9]+' "$logs/$harness.log" | grep -o 'cov: [0-9]* ft: [0-9]* corp: [^ ]*' | tail -1)
    new_findings=$(( $(find "$findings/$harness" -type f | wc -l) - before ))
    line="$harness: ${executions:-?} executions in ${seconds}s, ${coverage:-no coverage line}, $new_findings new finding(s)"
    summary+=("$line")
    if [ "$new_findings" -gt 0 ]; then
        status=1
        grep -E 'PROPERTY VIOLATED|^input \(|ERROR: (AddressSanitizer|libFuzzer)|^SUMMARY|Test unit written' "$logs/$harness.log" | head -8
    fi
done

echo
printf '%s\n' "${summary[@]}"
exit "$status"
