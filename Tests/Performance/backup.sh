#!/usr/bin/env bash
# The cost of an encrypted device backup, with iOS's real key-derivation counts (DPIC 10,000,000
# PBKDF2-HMAC-SHA256 rounds, then ITER 10,000 PBKDF2-HMAC-SHA1 rounds):
#   1. our key derivation alone (Nettle, `parpair-bench pbkdf2`) beside OpenSSL's, Python's
#      hashlib.pbkdf2_hmac, on the same inputs in the same run: the ratio, target <= 0.45x;
#   2. the whole encrypted open (derivation, unwraps, Manifest.db and the store decrypted and read, as
#      `info` does) against the derivation alone: target <= 1.2x;
#   3. a report from the backup against the same report from the store itself.
#
#   Tests/Performance/backup.sh [--runs N]
#
# Prints medians of N runs (default 3). Needs python3 with `cryptography` (Tests/Backups/make_backup.py
# builds the backup) and bc. Figures, not a test: a busy machine gives other numbers.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=3
while [ "$#" -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        *) echo "usage: Tests/Performance/backup.sh [--runs N]" >&2; exit 64 ;;
    esac
done
swift build -c release --product parpair-report >/dev/null
swift build -c release --product parpair-bench >/dev/null
binary=.build/release/parpair-report
bench=.build/release/parpair-bench

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

# 1. The derivation alone, ours and OpenSSL's, on the same password and salt (the keys must agree). Ours is
# timed as a whole process, as the open below is, so the two compare like for like.
ours=$("$bench" pbkdf2 --dpic 10000000 --iter 10000 --runs 1)
ours_process=$(time_runs "$bench" pbkdf2 --dpic 10000000 --iter 10000 --runs 1)
openssl=$(python3 - "$runs" <<'PY'
import hashlib, statistics, sys, time
runs = int(sys.argv[1])
password, salt = b"benchmark password", b"\x5a" * 20
times = []
for _ in range(runs):
    start = time.perf_counter()
    first = hashlib.pbkdf2_hmac("sha256", password, salt, 10_000_000, 32)
    key = hashlib.pbkdf2_hmac("sha1", first, salt, 10_000, 32)
    times.append(time.perf_counter() - start)
print(f"{statistics.median(times):.3f} {key[:8].hex()}")
PY
)
read -r _ ours_key <<<"$ours"
ours_s=$ours_process
read -r openssl_s openssl_key <<<"$openssl"
[ "$ours_key" = "$openssl_key" ] || { echo "backup.sh: the derived keys differ ($ours_key, $openssl_key)" >&2; exit 1; }
ratio=$(echo "scale=3; $ours_s / $openssl_s" | bc)
printf 'key derivation, Nettle (ours, a whole process):        %.3f s (median of %d)\n' "$ours_s" "$runs"
printf 'key derivation, OpenSSL (python3 hashlib):             %.3f s (median of %d)\n' "$openssl_s" "$runs"
printf 'ours / OpenSSL:                                        %.2fx (target <= 0.45x) %s\n' "$ratio" \
    "$( [ "$(echo "$ratio <= 0.45" | bc)" = 1 ] && echo met || echo MISSED)"

# 2. The whole encrypted open against the derivation alone.
open_s=$(time_runs env PARPAIR_BACKUP_PASSWORD="benchmark password" "$binary" info "$work/backup")
open_ratio=$(echo "scale=3; $open_s / $ours_s" | bc)
printf 'info from the encrypted backup (the whole open):       %.3f s (median of %d)\n' "$open_s" "$runs"
printf 'whole open / derivation alone:                         %.2fx (target <= 1.2x) %s\n' "$open_ratio" \
    "$( [ "$(echo "$open_ratio <= 1.2" | bc)" = 1 ] && echo met || echo MISSED)"

# 3. A report, from the store and from the backup.
settings=(--format html --tz America/New_York --today 2026-11-20)
direct=$(time_runs "$binary" report "$store" "${settings[@]}")
encrypted=$(time_runs env PARPAIR_BACKUP_PASSWORD="benchmark password" "$binary" report "$work/backup" "${settings[@]}")
printf 'report from the store itself:                          %.3f s (median of %d)\n' "$direct" "$runs"
printf 'report from the encrypted backup:                      %.3f s (median of %d)\n' "$encrypted" "$runs"
