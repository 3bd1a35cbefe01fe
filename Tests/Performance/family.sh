#!/usr/bin/env bash
# Times a family of two phones against one store holding the same logs: `sample --seed 7 --babies 10 --days 886`
# (about 200k logs) is the one store; its copies with the odd and with the even Z_PK of every log table deleted are
# the two phones (about 100k logs each, the same babies, interleaved as two parents log). The second phone's
# Z_METADATA names another store (Z_UUID, no plist), as a second phone's store does.
#
# Prints, for the HTML report and the weekly CSV, the median wall time of --runs runs and the largest peak resident
# memory of the family and of the one store, and their ratios (issue 50's targets: time at most 1.3x, memory at most
# 1.2x). The runs take turns, one of each per round. Not part of `swift test`.
#
#   Tests/Performance/family.sh                                   # builds the release binary, 5 runs
#   Tests/Performance/family.sh --binary .build/release/parpair-report --runs 9
#
# Needs GNU time (apt-get install time) and sqlite3.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
runs=5
binary=""
work="${TMPDIR:-/tmp}/parpair-family"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --binary) binary=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        *) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 64 ;;
    esac
done
for tool in /usr/bin/time sqlite3; do
    command -v "$tool" >/dev/null || { echo "family.sh: $tool is needed" >&2; exit 69; }
done
if [ -z "$binary" ]; then
    (cd "$root" && swift build -c release --product parpair-report >/dev/null)
    binary="$root/.build/release/parpair-report"
fi

mkdir -p "$work/one" "$work/phone1" "$work/phone2" "$work/out"
if [ ! -f "$work/one/default.store" ]; then
    "$binary" sample "$work/one/default.store" --seed 7 --babies 10 --days 886 >/dev/null
    for phone in 1 2; do
        cp "$work/one/default.store" "$work/phone$phone/default.store"
        keep=$((phone - 1))
        tables=$(sqlite3 "$work/phone$phone/default.store" \
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('ZFOODLOG', 'ZSLEEPLOG', 'ZDIAPERLOG', 'ZACTIVITYLOG')")
        for table in $tables; do
            sqlite3 "$work/phone$phone/default.store" "DELETE FROM $table WHERE Z_PK % 2 != $keep"
        done
        if [ "$phone" = 2 ]; then
            sqlite3 "$work/phone2/default.store" \
                "UPDATE Z_METADATA SET Z_PLIST = NULL, Z_UUID = 'F2F2F2F2-0000-4000-8000-000000000002'"
        fi
        sqlite3 "$work/phone$phone/default.store" "VACUUM"
    done
fi

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
largest() { printf '%s\n' "$@" | sort -n | tail -1 | awk '{ printf "%.1f", $1 / 1024 }'; }

settings=(--tz UTC --today 2026-11-20)
declare -A seconds kilobytes
for format in html csv; do
    for who in one family; do seconds[$who-$format]=""; kilobytes[$who-$format]=""; done
    for round in $(seq 0 "$runs"); do
        for who in one family; do
            if [ "$who" = one ]; then stores=("$work/one/default.store"); else stores=("$work/phone1/default.store" "$work/phone2/default.store"); fi
            out="$work/out/$who.$format"
            rm -f "$out"
            start=$(date +%s%N)
            /usr/bin/time -f %M -o "$work/out/rss" "$binary" report "${stores[@]}" "${settings[@]}" --format "$format" --output "$out" --quiet
            end=$(date +%s%N)
            # The first round warms the caches and is not counted.
            [ "$round" = 0 ] && continue
            seconds[$who-$format]+=" $(awk -v ns=$((end - start)) 'BEGIN { printf "%.6f", ns / 1e9 }')"
            kilobytes[$who-$format]+=" $(cat "$work/out/rss")"
        done
    done
done

echo "logs: one store $("$binary" info "$work/one/default.store" --json "${settings[@]}" | grep -o '"totalLogs" *: *[0-9]*' | grep -o '[0-9]*$'),"\
" phones $("$binary" info "$work/phone1/default.store" --json "${settings[@]}" | grep -o '"totalLogs" *: *[0-9]*' | grep -o '[0-9]*$')"\
" + $("$binary" info "$work/phone2/default.store" --json "${settings[@]}" | grep -o '"totalLogs" *: *[0-9]*' | grep -o '[0-9]*$'); runs: $runs"
printf '%-6s %10s %10s %7s %10s %10s %7s\n' format one_s family_s ratio one_MB family_MB ratio
for format in html csv; do
    one_s=$(median ${seconds[one-$format]}); family_s=$(median ${seconds[family-$format]})
    one_mb=$(largest ${kilobytes[one-$format]}); family_mb=$(largest ${kilobytes[family-$format]})
    printf '%-6s %10s %10s %7s %10s %10s %7s\n' "$format" "$one_s" "$family_s" "$(awk -v a="$family_s" -v b="$one_s" 'BEGIN { printf "%.2f", a / b }')" \
        "$one_mb" "$family_mb" "$(awk -v a="$family_mb" -v b="$one_mb" 'BEGIN { printf "%.2f", a / b }')"
done
