#!/usr/bin/env bash
# Where one run's work goes, phase by phase, counted in instructions by valgrind's callgrind: a count that
# does not change with the machine's load, so two binaries can be compared on a busy machine. Each phase is
# the inclusive count of the function that does it, summed over the threads that run it; "start" is what
# the process does before `main` (the dynamic loader's relocations, static initialisers).
#
#   Tests/Performance/phases.sh                                   # the 10k store's HTML report
#   Tests/Performance/phases.sh --format csv --binary .build/static/release/parpair-report
#   Tests/Performance/phases.sh --store samples/default.store --tz America/New_York
#
# Instructions are not time: the kernel's work (exec, page faults, fsync) is not in them, and threads are
# counted one after another. Needs valgrind (apt-get install valgrind); the store as compare.sh makes it.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
binary="$root/.build/static/release/parpair-report"
store="${TMPDIR:-/tmp}/parpair-compare/store-10k/default.store"
format=html
zone=UTC

while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        --store) store=$2; shift 2 ;;
        --format) format=$2; shift 2 ;;
        --tz) zone=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "phases.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done
command -v valgrind >/dev/null || { echo "phases.sh: valgrind is missing (apt-get install -y valgrind)" >&2; exit 69; }
[ -x "$binary" ] || { echo "phases.sh: no executable at $binary (build it, or give --binary)" >&2; exit 66; }
[ -f "$store" ] || { echo "phases.sh: no store at $store (Tests/Performance/compare.sh --sizes 10k makes it)" >&2; exit 66; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case "$format" in
    html|csv|md) command=(report "$store" --format "$format" --output "$work/report.$format") ;;
    *) echo "phases.sh: --format is html, csv or md" >&2; exit 64 ;;
esac
# Debian 12's valgrind (3.19) gives up on the debug information the Swift 6 toolchain writes ("Possibly corrupted
# debuginfo file"): it runs a copy without it, whose symbol table still names every function.
if command -v objcopy >/dev/null; then
    objcopy --strip-debug "$binary" "$work/parpair-report"
    binary="$work/parpair-report"
fi
if ! valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/callgrind.out" \
    "$binary" "${command[@]}" --tz "$zone" --today 2026-11-20 >/dev/null 2>"$work/valgrind.txt"; then
    echo "phases.sh: the run under valgrind failed:" >&2
    tail -n 5 "$work/valgrind.txt" >&2
    exit 70
fi
for file in "$work"/callgrind.out-*; do
    callgrind_annotate --inclusive=yes --threshold=100 "$file" > "$file.txt" 2>/dev/null
done

python3 - "$work" <<'PY'
import glob, re, sys
work = sys.argv[1]
line = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S.*)$")
threads = []
for path in sorted(glob.glob(work + "/callgrind.out-*.txt")):
    text = open(path).read()
    total = int(re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", text).group(1).replace(",", ""))
    functions = {}
    for row in text.splitlines():
        m = line.match(row)
        if m:
            name = m.group(2)
            functions[name] = max(functions.get(name, 0), int(m.group(1).replace(",", "")))
    threads.append((total, functions))

def inclusive(*patterns):
    """The largest inclusive count of a function whose name holds one of `patterns`, summed over the threads."""
    return sum(max([count for name, count in functions.items() if any(p in name for p in patterns)] or [0])
               for _, functions in threads)

everything = sum(total for total, _ in threads)
main_total = threads[0][0]
phases = [
    ("start: loader, static initialisers (before main)", main_total - inclusive("parpair_report_main")),
    ("signal thread started, environment", inclusive("0aB7CommandO4mains5NeverOyFZ") - inclusive("13ReportCommandO3run_7console")),
    ("arguments parsed, template parsed", inclusive("13ReportCommandO3run_7console") - inclusive("0C3JobV3runyyKF")),
    ("snapshot copied, store opened (schema, babies)", inclusive("0C6ReaderC_16scratchDirectory7columns")),
    ("read and aggregate (both threads)", inclusive("StoreAggregationO3run6source")
        # the phone's reading thread (`FamilySource.read`, inlined into the closure that runs it on its thread)
        + inclusive("12FamilySourceC4read_5phone3for6wanted", "FyAA0C6ReaderCz_")),
    ("report data", inclusive("0C4DataO4make6result8settings6charts")),
    ("charts drawn", inclusive("0C6ChartsO4make_5units")),
    # checked and encoded by the rendering thread as it reaches them (CheckedChart), inside the render, or checked by
    # the main thread once it has drawn them all (ChartChecks.prepareFromTheEnd)
    ("charts checked and encoded (while rendering)", inclusive("12CheckedChartC13mustacheValue6forKey", "prepareFromTheEnd")),
    ("template rendered and written", inclusive("0C8TemplateV6render_4into8escaping")
        - inclusive("12CheckedChartC13mustacheValue6forKey")),
    ("validated (XHTML against the DTD)", inclusive("XHTMLValidatorV8validate7channel")),
    ("store closed, snapshot removed", inclusive("0C6ReaderC5closeyyF")),
]
counted = sum(count for _, count in phases)
print(f"{'phase':<55} {'M instr':>9} {'share':>7}")
for label, count in phases:
    if count:
        print(f"{label:<55} {count / 1e6:9.1f} {100 * count / everything:6.1f}%")
print(f"{'everything else (exit, glue, what the phases do not name)':<55} {(everything - counted) / 1e6:9.1f} {100 * (everything - counted) / everything:6.1f}%")
print(f"{'total, all threads':<55} {everything / 1e6:9.1f}")
PY
