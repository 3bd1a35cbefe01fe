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
# largest peak resident memory of those runs (GNU time's %M). On each store the commands take turns, one run
# of each per round, so that a ratio of two figures compares runs made in the same seconds of the machine's
# time (this machine's speed drifts from minute to minute; measured one command after the other, the same two
# binaries' ratios moved by half). Not part of `swift test`. (This folder
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
# Timed from a copy written here: a run's peak RSS counts the pages of the binary that it maps, and how many
# follows how the page cache holds the file (as written by the build or cp, or as read back in large pieces
# after it was evicted): the same binary's `--version` peaked at 15.3 MB one way and 20.3 MB the other.
# Written afresh, any two binaries are measured alike.
shown=$binary
if cp "$binary" "$work/parpair-report.timed" && "$work/parpair-report.timed" --version >/dev/null 2>&1; then
    binary="$work/parpair-report.timed"
fi

# The median of microsecond figures, in seconds; the largest of kilobyte figures, in MB.
median_seconds() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f", m / 1e6 }'; }
largest_mb() { printf '%s\n' "$@" | sort -n | tail -n 1 | awk '{ printf "%.1f", $1 / 1024 }'; }

# One timed run of the command in the job's quoted words, stdout to $out. Sets: run_us, run_kb, run_code.
time_once() {
    local out=$1 words=$2 start end
    run_code=0
    start=$(date +%s%N)
    eval "/usr/bin/time -f %M -o \"\$work/out/rss\" $words" >"$out" 2>"$work/out/stderr" || run_code=$?
    end=$(date +%s%N)
    run_us=$(( (end - start) / 1000 ))
    run_kb=$(tail -n 1 "$work/out/rss")
}

# The jobs of one store, measured in turns: each once as a warm-up (a job that fails is not timed), then
# $runs rounds of one run of every job. Each job is "label|output file|command as %q-quoted words".
# Sets, by job index: job_s (median seconds), job_mb (largest peak RSS), job_status ("ok" or "exit N").
measure_turns() {
    local index label out words
    local -A times kbs
    job_s=(); job_mb=(); job_status=()
    for index in "${!jobs[@]}"; do
        IFS='|' read -r label out words <<<"${jobs[$index]}"
        run_code=0
        eval "$words" >"$out" 2>"$work/out/stderr" || run_code=$?
        if [ $run_code -eq 0 ]; then job_status[$index]=ok; else job_status[$index]="exit $run_code"; fi
        times[$index]=""; kbs[$index]=""
    done
    for _ in $(seq "$runs"); do
        for index in "${!jobs[@]}"; do
            [ "${job_status[$index]}" = ok ] || continue
            IFS='|' read -r label out words <<<"${jobs[$index]}"
            time_once "$out" "$words"
            if [ $run_code -ne 0 ]; then job_status[$index]="exit $run_code"; continue; fi
            times[$index]+=" $run_us"; kbs[$index]+=" $run_kb"
        done
    done
    for index in "${!jobs[@]}"; do
        if [ "${job_status[$index]}" = ok ]; then
            # shellcheck disable=SC2086 # the lists are words on purpose
            job_s[$index]=$(median_seconds ${times[$index]}); job_mb[$index]=$(largest_mb ${kbs[$index]})
        else
            job_s[$index]=""; job_mb[$index]=""
        fi
    done
}

# A job for measure_turns.
add_job() { local label=$1 out=$2; shift 2; jobs+=("$label|$out|$(printf '%q ' "$@")"); }

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
echo "parpair-report: $shown$linking"
echo "runs per figure: $runs (median wall time; peak RSS = largest of the runs); load average: $load_before"
echo

# The bundled sample store: `info` has a target of its own.
sample="$root/samples/default.store"
if [ -f "$sample" ]; then
    jobs=()
    add_job info "$work/out/sample-info.txt" "$binary" info "$sample" --tz America/New_York --today 2026-11-20
    measure_turns
    result_s[sample-info]=${job_s[0]}; result_mb[sample-info]=${job_mb[0]}
    rows+=("sample|$(count_logs "$sample")|info|${job_s[0]}|${job_mb[0]}|||${job_status[0]}")
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

    jobs=()
    add_job "sqlite3 weekly.sql" "$work/out/$size-sqlite3.csv" sqlite3 -readonly "$store" ".read $here/weekly.sql"
    add_job "sqlite3 scan.sql" "$work/out/$size-scan.txt" sqlite3 -readonly "$store" ".read $here/scan.sql"
    add_job "python3 weekly.py" "$work/out/$size-python.csv" python3 "$here/weekly.py" "$store"
    add_job "sqlite3 events.sql" "$work/out/$size-sqlite3-events.csv" sqlite3 -readonly "$store" ".read $here/events.sql"
    add_job "info" "$work/out/$size-info.txt" "$binary" info "$store" "${options[@]}"
    for format in html csv md; do
        add_job "report $format" "$work/out/$size-report.$format.stdout" \
            "$binary" report "$store" --format "$format" --output "$work/out/$size-report.$format" "${options[@]}"
    done
    add_job "export events" "$work/out/$size-events.csv.stdout" \
        "$binary" export "$store" --table events --output "$work/out/$size-events.csv" "${options[@]}"
    # The same binary on one core, for the report's use of both.
    if command -v taskset >/dev/null 2>&1; then
        add_job "report html, 1 core" "$work/out/$size-report-1core.stdout" taskset -c 0 "$binary" report "$store" \
            --format html --output "$work/out/$size-report-1core.html" "${options[@]}"
    fi
    measure_turns
    sql_s=${job_s[0]}; py_s=${job_s[2]}
    for index in "${!jobs[@]}"; do
        what=${jobs[$index]%%|*}
        case "$what" in
            "sqlite3 weekly.sql") key=$size-sqlite3; vs_sql=""; vs_py="" ;;
            "sqlite3 scan.sql") key=$size-scan; vs_sql=""; vs_py="" ;;
            "python3 weekly.py") key=$size-python; vs_sql=""; vs_py="" ;;
            "sqlite3 events.sql") key=$size-sqlite3-events; vs_sql=""; vs_py="" ;;
            "report html, 1 core") key="$size-report html 1 core"; vs_sql=$(ratio "${job_s[$index]}" "$sql_s"); vs_py="" ;;
            *) key=$size-$what; vs_sql=$(ratio "${job_s[$index]}" "$sql_s"); vs_py=$(ratio "${job_s[$index]}" "$py_s") ;;
        esac
        result_s[$key]=${job_s[$index]}; result_mb[$key]=${job_mb[$index]}
        rows+=("$size|$logs|$what|${job_s[$index]}|${job_mb[$index]}|$vs_sql|$vs_py|${job_status[$index]}")
    done
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
