#!/usr/bin/env python3
"""Writes starting corpora for the fuzz harnesses from the conformance suites in ../shared/conformance.

    Tests/Fuzz/seed_corpora.py CORPUS_ROOT

Each harness gets CORPUS_ROOT/<harness>/, with files named by the SHA-1 of their bytes (as libFuzzer names
corpus entries), so running it again adds nothing twice. The small hand-written seeds in Tests/Fuzz/seeds
are passed to libFuzzer separately by run.sh.

Input layouts (see each harness's documentation in Tests/Fuzz/Harnesses):
  mustache-parse-render  template text
  csv-escape             option byte (bit 0: guard formulas), rows split by 0xFE, fields by 0xFF
  markdown-escape        option byte (bits 0-1: line break replacement), then the value
  xhtml-escape           the value
  xhtml-validate         a whole document (its seeds are the files in Tests/Fuzz/seeds/xhtml-validate)
"""
import hashlib
import json
import sys
from pathlib import Path

FUZZ = Path(__file__).resolve().parent
CONFORMANCE = FUZZ.parent.parent.parent / "shared" / "conformance"


def write(root: Path, harness: str, data: bytes) -> None:
    folder = root / harness
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    root = Path(sys.argv[1])
    if not CONFORMANCE.is_dir():
        print(f"seed_corpora.py: {CONFORMANCE} is missing", file=sys.stderr)
        return 66

    # Mustache: every template and partial of the spec, and every data string as a value to escape.
    values: list[str] = []
    for spec in sorted((CONFORMANCE / "mustache-spec").glob("*.json")):
        for test in json.loads(spec.read_text())["tests"]:
            write(root, "mustache-parse-render", test["template"].encode())
            for partial in test.get("partials", {}).values():
                write(root, "mustache-parse-render", partial.encode())
            values.append(test["expected"])

    # CSV: each csv-spectrum table (its JSON rows, header first) and each raw file as one field.
    tables: list[list[list[str]]] = []
    for expected in sorted((CONFORMANCE / "csv-spectrum" / "json").glob("*.json")):
        rows = json.loads(expected.read_text())
        if rows:
            tables.append([list(rows[0].keys())] + [list(row.values()) for row in rows])
    for raw in sorted((CONFORMANCE / "csv-spectrum" / "csvs").glob("*.csv")):
        tables.append([[raw.read_text()]])
    # csv-injection: every payload alone, and all of them as one row.
    payloads = [entry["value"] for entry in json.loads((CONFORMANCE / "csv-injection" / "payloads.json").read_text())]
    tables += [[[payload]] for payload in payloads]
    tables.append([payloads])
    for table in tables:
        body = b"\xfe".join(b"\xff".join(field.encode() for field in row) for row in table)
        for options in (b"\x00", b"\x01"):
            write(root, "csv-escape", options + body)

    # Markdown and XHTML: the payloads and the spec's expected outputs as values.
    for value in payloads + values:
        write(root, "xhtml-escape", value.encode())
        for options in range(4):
            write(root, "markdown-escape", bytes([options]) + value.encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
