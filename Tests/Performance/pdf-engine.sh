#!/usr/bin/env bash
# The memory of a PDF run whose engine misbehaves: a fake `weasyprint` in PATH writes 1 GiB of zeros,
# then one writes a 200 MiB valid PDF; the tool must refuse the first (exit 69) and stream the second,
# never holding either whole.
#
#   Tests/Performance/pdf-engine.sh [--binary PATH]
#
# Prints the exit status and the tool's peak resident memory (its own, not the engine's) for each.
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=.build/debug/parpair-report
while [ "$#" -gt 0 ]; do
    case "$1" in
        --binary) binary=$2; shift 2 ;;
        *) echo "usage: Tests/Performance/pdf-engine.sh [--binary PATH]" >&2; exit 64 ;;
    esac
done
[ -x "$binary" ] || swift build >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"

measure() {  # $1: label, $2: engine body (sh; $PDF is the PDF path)
    printf '#!/bin/sh\nfor PDF; do :; done\n%s\n' "$2" > "$work/bin/fake-python"
    printf '#!%s\n' "$work/bin/fake-python" > "$work/bin/weasyprint"
    chmod 755 "$work/bin/fake-python" "$work/bin/weasyprint"
    rm -f "$work/out.pdf"
    # The tool is a child of python, which waits for it and reads its peak RSS from wait4.
    python3 - "$binary" "$work" "$1" <<'PY'
import os, sys
binary, work, label = sys.argv[1:4]
env = dict(os.environ, PATH=work + "/bin:/usr/bin:/bin")
args = [binary, "report", "samples/default.store", "--today", "2026-11-20", "--tz", "America/New_York",
        "--weeks", "20-21", "--pdf-engine", "weasyprint", "--output", work + "/out.pdf", "--quiet"]
pid = os.posix_spawn(binary, args, env)
_, status, usage = os.wait4(pid, 0)
size = os.path.getsize(work + "/out.pdf") if os.path.exists(work + "/out.pdf") else 0
print(f"{label:<28} exit {os.waitstatus_to_exitcode(status):>3}  peak RSS {usage.ru_maxrss / 1024:7.1f} MB  output {size / 2**20:7.1f} MB")
PY
}

measure "1 GiB of zeros" 'head -c 1073741824 /dev/zero > "$PDF"'
measure "200 MiB valid PDF" '{ printf "%%PDF-1.4\n"; head -c 209715200 /dev/zero; printf "\n%%%%EOF\n"; } > "$PDF"'
