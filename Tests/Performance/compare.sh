#!/usr/bin/env bash
# Times parpair-report against two peers on generated stores of about 10k, 100k and 1M logs:
#   (a) the sqlite3 shell running weekly.sql (SQLite's own speed: the near-limit reference), and
#   (b) weekly.py, a plain Python script (standard sqlite3 module, aggregation in Python),
# both computing weekly feed counts by type, volumes, sleep and diaper counts per baby and age-week,
# and scan.sql: SQLite reading every column we read, once, with nothing else (the floor); and
# events.sql, the sqlite3 shell writing every log as a CSV row in start order (the events export's peer).
#
# Stores: `parpair-report sample --seed 7 --babies 10 --days 44|443|4430` (about 10k, 100k and 1M
# logs), made once in --work; every command runs with --tz UTC --today 2026-11-20, so local days are
# the UTC days the peers compute (their simplifications are listed at the top of each). Our timings
# include copying the store to the private snapshot, as every run does.
#
# Each figure is the median wall time of --runs whole-process runs (after one warm-up run) and the
# largest peak resident memory of those runs (GNU time's %M). Not part of `swift test`. (This folder
# is not a target's: SwiftPM would warn about non-Swift files in Tests/Benchmarks.)
#
#   Tests/Performance/compare.sh                       # builds the shipped binary (static), all sizes, 5 runs
#   Tests/Performance/compare.sh --sizes 10k,100k --runs 3
#   Tests/Performance/compare.sh --binary .build/release/parpair-report --markdown
#   Tests/Performance/compare.sh --dynamic-swift-stdlib # SwiftPM's default build, Swift runtime as shared libraries
#
# The binary built by default is the one the .deb ships: the Swift runtime linked statically (in .build/static,
# beside the default build). Targets are printed for the 10k, 100k and 1M stores measured.
#
# Needs GNU time (apt-get install time), sqlite3 (apt-get install sqlite3) and python3.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=5
sizes="10k,100k,1m"
work="${TMPDIR:-/tmp}/parpair-compare"
binary=""
scratch=""
markdown=0
static=1

usage() {
    sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    cat <<'EOF'
Options:
  --runs N            runs per figure, after one warm-up run (default 5)
  --sizes LIST        stores to measure: any of 10k,100k,1m (default all three)
  --work DIR          where stores and outputs go (default $TMPDIR/parpair-compare; stores are kept
                      and reused)
  --binary PATH       the parpair-report to time (default: build it with swift build -c release,
                      statically linked unless --dynamic-swift-stdlib)
  --scratch-path DIR  passed to swift build when building (default: .build/static for the static build)
  --static-swift-stdlib
                      build with the Swift runtime linked statically, as `swift package build-deb` does
                      (the default: it starts faster and maps less than SwiftPM's default build)
  --dynamic-swift-stdlib
                      build as `swift build -c release` does, the Swift runtime as shared libraries
  --markdown          also print the table as Markdown (for the README)
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --sizes) sizes=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --binary) binary=$2; shift 2 ;;
        --scratch-path) scratch=$2; shift 2 ;;
        --markdown) markdown=1; shift ;;
        --static-swift-stdlib) static=1; static_asked=1; shift ;;
        --dynamic-swift-stdlib) static=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "compare.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done
case "$runs" in ''|*[!0-9]*|0) echo "compare.sh: --runs needs a positive number" >&2; exit 64 ;; esac

for tool in /usr/bin/time sqlite3 python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "compare.sh: $tool is missing (Debian: apt-get install -y time sqlite3 python3)" >&2
        exit 69
    fi
done
if ! /usr/bin/time -f %M true >/dev/null 2>&1; then
    echo "compare.sh: /usr/bin/time is not GNU time (apt-get install -y time)" >&2
    exit 69
fi

if [ -n "$binary" ] && [ -n "${static_asked:-}" ]; then
    echo "compare.sh: --static-swift-stdlib builds the binary; it cannot go with --binary" >&2
    exit 64
fi
if [ -z "$binary" ]; then
    build=(swift build -c release --product parpair-report --package-path "$root")
    # The static build in a folder of its own, so that it and the default build do not rebuild each other.
    [ -z "$scratch" ] && [ "$static" = 1 ] && scratch="$root/.build/static"
    [ -n "$scratch" ] && build+=(--scratch-path "$scratch")
    [ "$static" = 1 ] && build+=(--static-swift-stdlib)
    echo "building: ${build[*]}"
    "${build[@]}" >/dev/null
    binary="$("${build[@]}" --show-bin-path)/parpair-report"
fi
[ -x "$binary" ] || { echo "compare.sh: no executable at $binary" >&2; exit 66; }
mkdir -p "$work/out"

# One measurement: median wall seconds and largest peak RSS (MB) of $runs runs of "$@", stdout to $out.
# Sets: median_s, peak_mb, status ("ok" or "exit N").
measure() {
    local out=$1; shift
    local times=() peak=0 code=0
    "$@" >"$out" 2>"$work/out/stderr" || code=$?
    if [ $code -ne 0 ]; then
        median_s=""; peak_mb=""; status="exit $code"
        return
    fi
    for _ in $(seq "$runs"); do
        local start end kb
        start=$(date +%s%N)
        /usr/bin/time -f %M -o "$work/out/rss" "$@" >"$out" 2>"$work/out/stderr" || code=$?
        end=$(date +%s%N)
        kb=$(tail -n 1 "$work/out/rss")
        times+=($(( (end - start) / 1000 )))
        [ "$kb" -gt "$peak" ] && peak=$kb
    done
    if [ $code -ne 0 ]; then
        median_s=""; peak_mb=""; status="exit $code"
        return
    fi
    median_s=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f", m / 1e6 }')
    peak_mb=$(awk -v kb="$peak" 'BEGIN { printf "%.1f", kb / 1024 }')
    status=ok
}

# Logs in a store, from our own `info --json` (sqlite3 would leave a -shm file beside the sample store).
count_logs() {
    "$binary" info "$1" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["totalLogs"])' 2>/dev/null || echo "?"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b }'; }

rows=()      # size|logs|what|seconds|MB|vs sqlite3|vs python|status
declare -A result_s result_mb
load_before=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || uptime)

linking=""
if libraries=$(ldd "$binary" 2>/dev/null); then
    case "$libraries" in
        *libswiftCore*) linking=" (Swift runtime linked dynamically)" ;;
        *) linking=" (Swift runtime linked statically)" ;;
    esac
fi
echo "parpair-report: $binary$linking"
echo "runs per figure: $runs (median wall time; peak RSS = largest of the runs); load average: $load_before"
echo

# The bundled sample store: `info` has a target of its own.
sample="$root/samples/default.store"
if [ -f "$sample" ]; then
    measure "$work/out/sample-info.txt" "$binary" info "$sample" --tz America/New_York --today 2026-11-20
    result_s[sample-info]=$median_s; result_mb[sample-info]=$peak_mb
    rows+=("sample|$(count_logs "$sample")|info|$median_s|$peak_mb|||$status")
fi

IFS=, read -r -a wanted <<<"$sizes"
for size in "${wanted[@]}"; do
    case "$size" in
        10k) days=44 ;;
        100k) days=443 ;;
        1m) days=4430 ;;
        *) echo "compare.sh: unknown size '$size' (10k, 100k or 1m)" >&2; exit 64 ;;
    esac
    store="$work/store-$size/default.store"
    if [ ! -f "$store" ]; then
        mkdir -p "$work/store-$size"
        "$binary" sample "$store" --seed 7 --babies 10 --days "$days" >/dev/null
    fi
    logs=$(count_logs "$store")
    options=(--tz UTC --today 2026-11-20)

    measure "$work/out/$size-sqlite3.csv" sqlite3 -readonly "$store" ".read $here/weekly.sql"
    sql_s=$median_s
    rows+=("$size|$logs|sqlite3 weekly.sql|$median_s|$peak_mb|||$status")
    measure "$work/out/$size-scan.txt" sqlite3 -readonly "$store" ".read $here/scan.sql"
    result_s[$size-scan]=$median_s
    rows+=("$size|$logs|sqlite3 scan.sql|$median_s|$peak_mb|||$status")
    measure "$work/out/$size-python.csv" python3 "$here/weekly.py" "$store"
    py_s=$median_s
    rows+=("$size|$logs|python3 weekly.py|$median_s|$peak_mb|||$status")
    measure "$work/out/$size-sqlite3-events.csv" sqlite3 -readonly "$store" ".read $here/events.sql"
    result_s[$size-sqlite3-events]=$median_s
    rows+=("$size|$logs|sqlite3 events.sql|$median_s|$peak_mb|||$status")

    for what in "info" "report html" "report csv" "report md" "export events"; do
        case "$what" in
            info) command=(info "$store" "${options[@]}"); out="$work/out/$size-info.txt" ;;
            "report "*) format=${what#report }; out="$work/out/$size-report.$format"
                command=(report "$store" --format "$format" --output "$out" "${options[@]}") ;;
            "export events") out="$work/out/$size-events.csv"
                command=(export "$store" --table events --output "$out" "${options[@]}") ;;
        esac
        measure "$out.stdout" "$binary" "${command[@]}"
        result_s[$size-$what]=$median_s; result_mb[$size-$what]=$peak_mb
        rows+=("$size|$logs|$what|$median_s|$peak_mb|$(ratio "$median_s" "$sql_s")|$(ratio "$median_s" "$py_s")|$status")
    done
    # The same binary on one core, for the report's use of both.
    if command -v taskset >/dev/null 2>&1; then
        measure "$work/out/$size-report-1core.stdout" taskset -c 0 "$binary" report "$store" --format html \
            --output "$work/out/$size-report-1core.html" "${options[@]}"
        result_s[$size-report html 1 core]=$median_s
        rows+=("$size|$logs|report html, 1 core|$median_s|$peak_mb|$(ratio "$median_s" "$sql_s")||$status")
    fi
    result_s[$size-sqlite3]=$sql_s; result_s[$size-python]=$py_s
done

printf '%-7s %9s  %-20s %9s %9s %11s %11s  %s\n' store logs command "median s" "peak MB" "/sqlite3" "/python" ""
for row in "${rows[@]}"; do
    IFS='|' read -r size logs what seconds mb vs_sql vs_py status <<<"$row"
    [ "$status" = ok ] && status="" || status="FAILED: $status"
    printf '%-7s %9s  %-20s %9s %9s %11s %11s  %s\n' "$size" "$logs" "$what" "${seconds:--}" "${mb:--}" \
        "${vs_sql:+${vs_sql}×}" "${vs_py:+${vs_py}×}" "$status"
done
echo "(/sqlite3 and /python: our time divided by the peer's on the same store; below 1 is faster)"
echo "load average after: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || uptime)"

echo
echo "Targets:"
check() { # label value op limit unit
    local verdict
    verdict=$(awk -v v="$2" -v l="$4" -v op="$3" 'BEGIN {
        if (v == "") { print "not measured"; exit }
        ok = (op == "<=") ? (v <= l) : (op == "<") ? (v < l) : (v >= l)
        print ok ? "met" : "NOT met" }')
    printf '  %-62s %8s %-3s (target %s %s) %s\n' "$1" "${2:--}" "$5" "$3" "$4" "$verdict"
}
# A family's store (10k logs) and a large one (100k): what the run costs beside the work, against the same peer.
for size in 10k 100k; do
    [ -n "${result_s[$size-report html]:-}" ] || continue
    sql=${result_s[$size-sqlite3]}
    case "$size" in
        10k) limits=(2.5 1.5 1.0) ;;
        100k) limits=(1.5 1.2 0.5) ;;
    esac
    check "$size logs: report html / sqlite3 weekly.sql" "$(ratio "${result_s[$size-report html]}" "$sql")" "<=" "${limits[0]}" "×"
    check "$size logs: report csv / sqlite3 weekly.sql" "$(ratio "${result_s[$size-report csv]}" "$sql")" "<=" "${limits[1]}" "×"
    check "$size logs: info / sqlite3 weekly.sql" "$(ratio "${result_s[$size-info]}" "$sql")" "<=" "${limits[2]}" "×"
done
if [ -n "${result_s[1m-report html]:-}" ]; then
    sql=${result_s[1m-sqlite3]}
    check "1M logs: report html / sqlite3 weekly.sql" "$(ratio "${result_s[1m-report html]}" "$sql")" "<=" 1.0 "×"
    check "1M logs: report csv / sqlite3 weekly.sql" "$(ratio "${result_s[1m-report csv]}" "$sql")" "<=" 0.7 "×"
    check "1M logs: report md / sqlite3 weekly.sql" "$(ratio "${result_s[1m-report md]}" "$sql")" "<=" 0.7 "×"
    check "1M logs: export events / sqlite3 events.sql" "$(ratio "${result_s[1m-export events]}" "${result_s[1m-sqlite3-events]}")" "<=" 0.5 "×"
    check "1M logs: info / sqlite3 weekly.sql" "$(ratio "${result_s[1m-info]}" "$sql")" "<=" 0.3 "×"
    if [ -n "${result_s[1m-report html 1 core]:-}" ]; then
        check "1M logs: report html, 1 core / 2 cores (times faster)" "$(ratio "${result_s[1m-report html 1 core]}" "${result_s[1m-report html]}")" ">=" 1.6 "×"
    fi
    echo "  (SQLite alone reading every column once takes ${result_s[1m-scan]} s: scan.sql)"
    for what in "info" "report html" "report csv" "report md" "export events"; do
        check "1M logs: $what peak memory" "${result_mb[1m-$what]}" "<" 64 MB
        if [ -n "${result_mb[100k-$what]:-}" ]; then
            check "1M logs: $what peak memory above the 100k run" \
                "$(awk -v a="${result_mb[1m-$what]}" -v b="${result_mb[100k-$what]}" 'BEGIN { printf "%.1f", a - b }')" "<=" 16 MB
        fi
    done
fi
if [ -n "${result_s[sample-info]:-}" ]; then
    check "info on the sample store" "$(awk -v s="${result_s[sample-info]}" 'BEGIN { printf "%.0f", s * 1000 }')" "<" 50 ms
fi

if [ $markdown -eq 1 ]; then
    echo
    echo "| Store | Logs | Command | Median s | Peak MB | ÷ sqlite3 | ÷ Python |"
    echo "|---|---:|---|---:|---:|---:|---:|"
    for row in "${rows[@]}"; do
        IFS='|' read -r size logs what seconds mb vs_sql vs_py status <<<"$row"
        [ "$status" = ok ] || seconds="failed ($status)"
        case "$what" in
            sqlite3*|python3*) label="$what" ;;
            *) label="\`$what\`" ;;
        esac
        echo "| $size | $logs | $label | ${seconds:--} | ${mb:--} | ${vs_sql:--} | ${vs_py:--} |"
    done
fi
exit 0
