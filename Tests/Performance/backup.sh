#!/usr/bin/env bash
# Times reading the sample store from an encrypted device backup with iOS's real key-derivation counts
# (DPIC 10,000,000 PBKDF2-SHA256 rounds, ITER 10,000 PBKDF2-SHA1 rounds), against the same report from
# the store itself: the difference is what opening the backup costs.
#
#   Tests/Performance/backup.sh [--binary PATH] [--runs N]
#
# Prints the median wall time of N runs (default 3) of each. Needs python3 with `cryptography`
# (Tests/Backups/make_backup.py builds the backup) and bc.
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=""
runs=3
while [ "$#" -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        *) echo "usage: Tests/Performance/backup.sh [--binary PATH] [--runs N]" >&2; exit 64 ;;
    esac
done
if [ -z "$binary" ]; then
    swift build -c release --product parpair-report >/dev/null
    binary=.build/release/parpair-report
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
store=$PWD/samples/default.store
cat >"$work/spec.json" <<SPEC
{"out": "$work/backup", "encrypted": true, "password": "benchmark password", "dpic": 10000000, "iter": 10000,
 "files": [
  {"domain": "AppDomainGroup-group.org.parpair.shared", "relativePath": "Library/Application Support/default.store", "source": "$store"},
  {"domain": "AppDomainGroup-group.org.parpair.shared", "relativePath": "Library/Application Support/default.store-wal", "source": "$store-wal"}
 ]}
SPEC
python3 Tests/Backups/make_backup.py "$work/spec.json" >/dev/null

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_runs() {
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        echo "$end - $start" | bc
    done | median
}

settings=(--format html --tz America/New_York --today 2026-11-20)
direct=$(time_runs "$binary" report "$store" "${settings[@]}")
encrypted=$(time_runs env PARPAIR_BACKUP_PASSWORD="benchmark password" "$binary" report "$work/backup" "${settings[@]}")
printf 'report from the store itself:                         %.3f s (median of %d)\n' "$direct" "$runs"
printf 'report from an encrypted backup (DPIC 10M, ITER 10k):  %.3f s (median of %d)\n' "$encrypted" "$runs"
printf 'opening the encrypted backup:                          %.3f s\n' "$(echo "$encrypted - $direct" | bc)"
