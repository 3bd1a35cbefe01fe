#!/usr/bin/env python3
"""Check a backup folder with an independent decryptor (PyPI iphone-backup-decrypt).

    python3 verify_backup.py BACKUP_DIR PASSWORD DOMAIN RELATIVE_PATH [RELATIVE_PATH...]
    python3 verify_backup.py --list BACKUP_DIR PASSWORD

The first form prints, for each relative path, `<sha256 hex> <size> <relativePath>`
of the bytes iphone_backup_decrypt extracts from DOMAIN. `--list` prints
`domain<TAB>relativePath<TAB>flags` for every row of the decrypted Manifest.db.
PASSWORD "-" reads the password from the first line of standard input.

The point is that make_backup.py's fixtures (and so the Swift reader's tests)
agree with somebody else's reading of the format, not just with our own.
iphone_backup_decrypt only opens encrypted backups; a plain backup is read
straight from Manifest.db and <xx>/<fileID> with the standard library (noted
on stderr), since there is nothing to decrypt.

Exit status: 0 ok, 1 failure (missing file, corrupt backup...), 2 usage,
3 iphone-backup-decrypt not installed, 4 wrong password.
"""

import contextlib
import hashlib
import os
import plistlib
import sqlite3
import sys

try:
    from iphone_backup_decrypt import EncryptedBackup, IncorrectPassphraseError
except ImportError:
    print("iphone-backup-decrypt is not installed", file=sys.stderr)
    sys.exit(3)


class Failure(Exception):
    pass


def fail_on_stdout():
    # The library prints INFO lines (size mismatches) on stdout; keep stdout
    # for our own result lines so callers can parse them.
    return contextlib.redirect_stdout(sys.stderr)


class Encrypted:
    def __init__(self, folder, password):
        self.backup = EncryptedBackup(backup_directory=folder, passphrase=password)
        try:
            with fail_on_stdout():
                self.backup.test_decryption()
        except IncorrectPassphraseError:
            raise
        except Exception as e:
            raise Failure(f"cannot decrypt the backup: {type(e).__name__}: {e}") from None

    def rows(self):
        with self.backup.manifest_db_cursor() as cur:
            cur.execute("SELECT domain, relativePath, flags FROM Files ORDER BY domain, relativePath")
            return cur.fetchall()

    def extract(self, domain, relative_path):
        # extract_file_as_bytes matches the domain with SQL LIKE and takes the
        # first hit; make sure that hit is the exact domain we were asked for.
        with self.backup.manifest_db_cursor() as cur:
            cur.execute("SELECT fileID FROM Files WHERE domain = ? AND relativePath = ? AND flags = 1",
                        (domain, relative_path))
            exact = cur.fetchone()
            cur.execute("SELECT fileID FROM Files WHERE relativePath = ? AND domain LIKE ? AND flags = 1 "
                        "ORDER BY domain, relativePath LIMIT 1", (relative_path, domain))
            first_like = cur.fetchone()
        if exact is None:
            raise Failure(f"no file {relative_path!r} in domain {domain!r}")
        if first_like != exact:
            raise Failure(f"domain {domain!r} is ambiguous as a LIKE pattern")
        if self.is_empty(domain, relative_path):
            # iphone_backup_decrypt cannot extract an empty file: it refuses records without an
            # EncryptionKey ("not an encrypted file"), and fails on the 0-byte data file of a keyed
            # one (IndexError removing padding that is not there). Real backups have both kinds.
            print(f"note: {relative_path!r} is an empty file (Size 0)", file=sys.stderr)
            return b""
        try:
            with fail_on_stdout():
                return self.backup.extract_file_as_bytes(relative_path, domain_like=domain)
        except Exception as e:
            raise Failure(f"cannot extract {relative_path!r}: {type(e).__name__}: {e}") from None

    def is_empty(self, domain, relative_path):
        with self.backup.manifest_db_cursor() as cur:
            cur.execute("SELECT file FROM Files WHERE domain = ? AND relativePath = ? AND flags = 1",
                        (domain, relative_path))
            blob = cur.fetchone()[0]
        try:
            archive = plistlib.loads(blob)
            record = archive["$objects"][archive["$top"]["root"].data]
            return record.get("Size") == 0
        except Exception:
            return False  # let the library report what is wrong with the record


class Plain:
    def __init__(self, folder):
        print("note: backup is not encrypted; reading it directly (iphone_backup_decrypt "
              "only opens encrypted backups)", file=sys.stderr)
        self.folder = folder
        try:
            self.db = sqlite3.connect(f"file:{os.path.join(folder, 'Manifest.db')}?mode=ro", uri=True)
            self.db.execute("SELECT count(*) FROM Files").fetchone()
        except sqlite3.Error as e:
            raise Failure(f"cannot read Manifest.db: {e}") from None

    def rows(self):
        return self.db.execute("SELECT domain, relativePath, flags FROM Files "
                               "ORDER BY domain, relativePath").fetchall()

    def extract(self, domain, relative_path):
        row = self.db.execute("SELECT fileID FROM Files WHERE domain = ? AND relativePath = ? AND flags = 1",
                              (domain, relative_path)).fetchone()
        if row is None:
            raise Failure(f"no file {relative_path!r} in domain {domain!r}")
        file_id = row[0]
        if not (isinstance(file_id, str) and len(file_id) == 40
                and all(c in "0123456789abcdef" for c in file_id)):
            raise Failure(f"refusing hostile fileID {file_id!r}")
        with open(os.path.join(self.folder, file_id[:2], file_id), "rb") as fh:
            return fh.read()


def open_backup(folder, password):
    try:
        with open(os.path.join(folder, "Manifest.plist"), "rb") as fh:
            manifest = plistlib.load(fh)
    except (OSError, plistlib.InvalidFileException, ValueError) as e:
        raise Failure(f"cannot read Manifest.plist: {e}") from None
    if manifest.get("IsEncrypted"):
        return Encrypted(folder, password)
    return Plain(folder)


def main(argv):
    args = argv[1:]
    listing = bool(args) and args[0] == "--list"
    if listing:
        args = args[1:]
    if (listing and len(args) != 2) or (not listing and len(args) < 4):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    folder, password = args[0], args[1]
    if password == "-":
        password = sys.stdin.readline().rstrip("\r\n")
    try:
        backup = open_backup(folder, password)
        if listing:
            for domain, rel, flags in backup.rows():
                print(f"{domain}\t{rel}\t{flags}")
            return 0
        domain = args[2]
        for rel in args[3:]:
            data = backup.extract(domain, rel)
            print(f"{hashlib.sha256(data).hexdigest()} {len(data)} {rel}")
        return 0
    except IncorrectPassphraseError:
        print("verify_backup.py: wrong password (the keybag's class keys do not unwrap)", file=sys.stderr)
        return 4
    except (Failure, OSError, ValueError) as e:
        print(f"verify_backup.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
