#!/usr/bin/env bash
# Makes the documents' pictures again from today's output: pages of the sample store's PDFs, printed by the
# tool itself (--pdf-engine weasyprint), turned into PNG by poppler's pdftoppm at 72 dpi.
#
#   samples/report-page1.png          page 1 of the English report on A4 (the README's picture)
#   samples/report-pdf-de-page2.png   page 2 of the German report on A4 (docs/pdf-and-templates.md)
#
# The commands are the README's and docs/'s own, on the sample store in its family's zone, pinned to its last day.
#
# Usage: samples/pictures.sh [--binary FILE] [--check]
#   --binary FILE   use this parpair-report instead of building one (swift build --product parpair-report)
#   --check         write nothing: exit 1 when a picture differs from what the build prints now
# Needs: weasyprint, poppler-utils (pdftoppm), fonts-dejavu-core.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8

binary="" check=0
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="${2:?--binary needs a file}"; shift 2 ;;
        --check) check=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "pictures.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
for tool in weasyprint pdftoppm; do
    command -v "$tool" >/dev/null || { echo "pictures.sh: '$tool' is missing (apt-get install weasyprint poppler-utils fonts-dejavu-core)" >&2; exit 2; }
done
if [ -z "$binary" ]; then
    swift build --product parpair-report >/dev/null
    binary="$(swift build --show-bin-path)/parpair-report"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/pictures.XXXXXX")
trap 'rm -rf "$work"' EXIT
sample=(samples/default.store --tz America/New_York --today 2026-11-20 --paper a4 --pdf-engine weasyprint --quiet)

# name, page, then the report's own options
picture() {
    local name="$1" page="$2"; shift 2
    "$binary" report "${sample[@]}" "$@" --output "$work/$name.pdf"
    pdftoppm -png -r 72 -f "$page" -l "$page" -singlefile "$work/$name.pdf" "$work/$name"
    if [ "$check" = 1 ]; then
        if cmp -s "$work/$name.png" "samples/$name.png"; then echo "same     samples/$name.png"; else echo "DIFFERS  samples/$name.png"; differ=1; fi
    else
        mv "$work/$name.png" "samples/$name.png"
        echo "wrote samples/$name.png"
    fi
}

differ=0
picture report-page1 1
picture report-pdf-de-page2 2 --lang de
exit "$differ"
