#!/usr/bin/env python3
"""Build one iOS device backup folder (iOS 10+ layout) from a JSON spec.

    python3 make_backup.py SPEC.json
    python3 make_backup.py - < SPEC.json

The folder looks like what Finder, iTunes or idevicebackup2 leave in
MobileSync/Backup/<UDID>: Info.plist, Manifest.plist, Status.plist,
Manifest.db and the <xx>/<fileID> data files, plain or encrypted. The spec can
also ask for hostile variations (bad fileIDs, huge or deep records, broken
keybags, truncated manifests...) so the reader's refusals can be tested.

Only the standard library and the `cryptography` package are used, so the
fixtures do not depend on the decryptor they are checked against
(verify_backup.py uses iphone-backup-decrypt for that).

Every "random" byte comes from a stream keyed by the spec's "seed": two runs
of the same spec give the same bytes (Manifest.db only differs if the SQLite
library version differs, since SQLite writes its version in the header).
See README.md beside this file for the spec keys.
"""

import datetime
import hashlib
import itertools
import json
import os
import plistlib
import sqlite3
import struct
import sys
import tempfile

try:
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.keywrap import aes_key_unwrap, aes_key_wrap
except ImportError:  # pragma: no cover - environment problem, not a bug
    sys.exit("make_backup.py needs the 'cryptography' package (pip install cryptography)")


TOP_KEYS = {
    "out", "udid", "deviceName", "productType", "productVersion", "buildVersion",
    "serialNumber", "date", "snapshotState", "statusPlist", "encrypted", "password",
    "dpic", "iter", "files", "applications", "manifestDB", "keybag", "manifestPlist",
    "manifestKeyClass", "wasPasscodeSet", "seed", "manifestWAL", "mbdb", "omitManifestKey", "realKeybag",
}
FILE_KEYS = {
    "domain", "relativePath", "source", "text", "protectionClass", "mode", "fileID",
    "omitData", "truncateData", "record", "depth", "size", "symlinkTarget", "plist", "keyEmpty",
}

NS_KEYED_ARCHIVER_VERSION = 100000
# Protection classes a backup keybag carries: iOS's data protection classes 1..11.
KEYBAG_CLASSES = range(1, 12)
# Class keys of a backup keybag are wrapped with the passphrase key only (no
# device UID: the backup must restore to another phone), hence WRAP = 2.
WRAP_PASSPHRASE = 2
# Beyond these counts hashlib would spin for hours; a spec asking for more is
# building a hostile keybag that nobody is meant to unlock.
MAX_COMPUTABLE_DPIC = 20_000_000
MAX_COMPUTABLE_ITER = 1_000_000
MODE_FILE = 0o100644
MODE_DIR = 0o040755
MODE_SYMLINK = 0o120755

# Real keybag class-1 entries from public forensic write-ups (shared/reference/ios-backup-format.md section 4):
# the password, WPKY, ITER, SALT, DPIC and DPSL of each. A keybag built on one of them unlocks only with the
# double PBKDF2 of iOS 10.2+, with the real counts (seconds of CPU: the derived key is cached, see below).
REAL_KEYBAGS = {
    "75966": ("626711969caae23df508e651fa071254593d97384e76fed148cd0f3958e0beace281310f49cdc019", 10000,
              "f4aa09135e119c474548436d29bd9830242b3cb5", 10000000, "6ba58ebbae1fed3cb11e0e8b4ce6d49be0282e11"),
    "rickastleyftw": ("6156796dfab06a60017beaed787d42477bd9bb1fa72d196f468a86e79fed2fe0dcb55bb2206b8001", 10000,
                      "f034055dc86c9b1774a9e01d515b7b29b05f90b0", 10000000, "353941cce18704300d424e01ca215c6cb6488c6a"),
}


class SpecError(Exception):
    pass


# --------------------------------------------------------------------------
# Deterministic randomness
# --------------------------------------------------------------------------

class Stream:
    """SHA-256 counter stream keyed by seed and a label.

    Each consumer asks with its own label, so adding a file to a spec leaves
    every other key and salt of the backup unchanged.
    """

    def __init__(self, seed):
        self.seed = str(seed)

    def bytes(self, label, n):
        out = bytearray()
        counter = 0
        while len(out) < n:
            out += hashlib.sha256(f"{self.seed}\0{label}\0{counter}".encode()).digest()
            counter += 1
        return bytes(out[:n])

    def uuid(self, label):
        b = bytearray(self.bytes(label, 16))
        b[6] = (b[6] & 0x0F) | 0x40  # looks like a v4 UUID, as iOS writes them
        b[8] = (b[8] & 0x3F) | 0x80
        return bytes(b)


def uuid_string(raw):
    h = raw.hex().upper()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


# --------------------------------------------------------------------------
# Crypto
# --------------------------------------------------------------------------

def aes_cbc_encrypt(key, data):
    # iOS backups use a zero IV everywhere; each file has its own key instead.
    padder = padding.PKCS7(128).padder()
    padded = padder.update(data) + padder.finalize()
    enc = Cipher(algorithms.AES(key), modes.CBC(b"\0" * 16)).encryptor()
    return enc.update(padded) + enc.finalize()


def passphrase_key(password, dpsl, dpic, salt, iterations):
    # iOS 10.2+ double derivation: the SHA-256 round (DPIC) was added in front
    # of the historic SHA-1 round (ITER).
    round1 = hashlib.pbkdf2_hmac("sha256", password, dpsl, dpic, 32)
    return hashlib.pbkdf2_hmac("sha1", round1, salt, iterations, 32)


def cached_passphrase_key(password, dpsl, dpic, salt, iterations):
    """passphrase_key, remembered in the temporary folder: real counts take seconds, and tests build such a
    backup more than once per run. The file is named by a hash of every input, so it cannot be confused."""
    name = hashlib.sha256(b"\0".join([password, dpsl, salt, str(dpic).encode(), str(iterations).encode()])).hexdigest()
    path = os.path.join(tempfile.gettempdir(), f"parpair-passphrase-key-{name[:32]}")
    try:
        with open(path, "rb") as fh:
            key = fh.read()
        if len(key) == 32:
            return key
    except OSError:
        pass
    key = passphrase_key(password, dpsl, dpic, salt, iterations)
    fd, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".parpair-key-")
    with os.fdopen(fd, "wb") as fh:
        fh.write(key)
    os.replace(temporary, path)
    return key


def tlv(tag, value):
    if isinstance(value, int):
        if not 0 <= value <= 0xFFFFFFFF:
            raise SpecError(f"keybag {tag.decode()} value {value} does not fit in 4 bytes")
        value = struct.pack(">I", value)
    return tag + struct.pack(">I", len(value)) + value


class Keys:
    """The backup keybag and the class keys it protects."""

    def __init__(self, spec, rnd):
        self.rnd = rnd
        password = spec.get("password")
        if password is None:
            raise SpecError('"encrypted" needs a "password"')
        if not isinstance(password, str):
            raise SpecError('"password" must be a string')
        dpic = spec.get("dpic", 1000)
        iterations = spec.get("iter", 100)
        for name, v in (("dpic", dpic), ("iter", iterations)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise SpecError(f'"{name}" must be an integer')

        salt = rnd.bytes("keybag:SALT", 20)
        dpsl = rnd.bytes("keybag:DPSL", 20)
        real = spec.get("realKeybag")
        if real is not None:
            if real not in REAL_KEYBAGS:
                raise SpecError(f'unknown "realKeybag" {real!r} (known: {", ".join(REAL_KEYBAGS)})')
            if password != real:
                raise SpecError(f'"realKeybag" {real!r} opens only with the password {real!r}')
            wpky, iterations, salt_hex, dpic, dpsl_hex = REAL_KEYBAGS[real]
            salt, dpsl = bytes.fromhex(salt_hex), bytes.fromhex(dpsl_hex)
            kek = cached_passphrase_key(password.encode("utf-8"), dpsl, dpic, salt, iterations)
        elif 1 <= dpic <= MAX_COMPUTABLE_DPIC and 1 <= iterations <= MAX_COMPUTABLE_ITER:
            kek = passphrase_key(password.encode("utf-8"), dpsl, dpic, salt, iterations)
        else:
            # Absurd counts are written as given, but deriving from them is
            # impossible here, so the class keys are wrapped with a key no
            # password yields: such a backup is for testing refusal only.
            print(f"note: dpic={dpic} iter={iterations} are not computed; "
                  "the keybag will not unlock with any password", file=sys.stderr)
            kek = rnd.bytes("keybag:unreachable-kek", 32)

        self.class_keys = {c: rnd.bytes(f"classkey:{c}", 32) for c in KEYBAG_CLASSES}
        if real is not None:
            # Class 1 is the real one: its key is what the real WPKY unwraps to, and wrapping it again gives
            # the real WPKY back (RFC 3394 is deterministic), so the keybag holds the real entry byte for byte.
            self.class_keys[1] = aes_key_unwrap(kek, bytes.fromhex(REAL_KEYBAGS[real][0]))
            assert aes_key_wrap(kek, self.class_keys[1]) == bytes.fromhex(REAL_KEYBAGS[real][0])

        header = b"".join([
            tlv(b"VERS", 4),  # keybag version 4 since iOS 12
            tlv(b"TYPE", 1),  # 1 = backup keybag
            tlv(b"UUID", rnd.uuid("keybag:UUID")),
            tlv(b"HMCK", rnd.bytes("keybag:HMCK", 40)),
            tlv(b"WRAP", 1),
            tlv(b"SALT", salt),
            tlv(b"ITER", iterations),
            tlv(b"DPWT", 1),
            tlv(b"DPIC", dpic),
            tlv(b"DPSL", dpsl),
        ])
        groups = b"".join(
            tlv(b"UUID", rnd.uuid(f"keybag:class-uuid:{c}"))
            + tlv(b"CLAS", c)
            + tlv(b"WRAP", WRAP_PASSPHRASE)
            + tlv(b"KTYP", 0)
            + tlv(b"WPKY", aes_key_wrap(kek, key))
            for c, key in self.class_keys.items()
        )

        variant = spec.get("keybag")
        full = header + groups
        if variant is None:
            self.keybag = full
        elif variant == "truncated":
            self.keybag = full[: len(full) // 2]
        elif variant == "garbage":
            self.keybag = rnd.bytes("keybag:garbage", len(full))
        elif variant == "noClassKeys":
            self.keybag = header
        else:
            raise SpecError(f'unknown "keybag" variant {variant!r}')

    def wrap_for_class(self, protection_class, key, label):
        """4-byte little-endian class + RFC 3394 wrapped key, as in ManifestKey and EncryptionKey."""
        class_key = self.class_keys.get(protection_class)
        if class_key is None:
            # A class the keybag does not have: wrap with a key nobody holds so
            # the record is well-formed but cannot be opened.
            class_key = self.rnd.bytes(f"orphan-class:{protection_class}:{label}", 32)
        return struct.pack("<I", protection_class & 0xFFFFFFFF) + aes_key_wrap(class_key, key)


# --------------------------------------------------------------------------
# Binary plists the stdlib cannot write
# --------------------------------------------------------------------------

def deep_keyed_archive(depth):
    """An NSKeyedArchiver-shaped bplist whose $objects[1] is `depth` nested arrays.

    plistlib writes recursively and cannot produce this, so the object table
    is laid out by hand: every array holds one reference to the next.
    """
    # Object table: index -> (kind, payload); containers hold indices.
    objs = []

    def add(kind, payload):
        objs.append((kind, payload))
        return len(objs) - 1

    top = add("dict", None)
    k_archiver, v_archiver = add("str", "$archiver"), add("str", "NSKeyedArchiver")
    k_version, v_version = add("str", "$version"), add("int", NS_KEYED_ARCHIVER_VERSION)
    k_top = add("str", "$top")
    top_dict = add("dict", None)
    k_root, v_root = add("str", "root"), add("uid", 1)
    k_objects = add("str", "$objects")
    objects = add("array", None)
    null = add("str", "$null")
    first = len(objs)
    for i in range(depth):
        add("array", [first + i + 1] if i + 1 < depth else [])
    objs[top] = ("dict", [(k_archiver, v_archiver), (k_version, v_version),
                          (k_top, top_dict), (k_objects, objects)])
    objs[top_dict] = ("dict", [(k_root, v_root)])
    objs[objects] = ("array", [null, first])

    ref_size = 1 if len(objs) < 256 else 2 if len(objs) < 65536 else 4
    ref_fmt = {1: ">B", 2: ">H", 4: ">I"}[ref_size]

    def marker(high, count):
        if count < 15:
            return bytes([high | count])
        return bytes([high | 0xF]) + b"\x12" + struct.pack(">I", count)

    def refs(items):
        return b"".join(struct.pack(ref_fmt, r) for r in items)

    body = bytearray(b"bplist00")
    offsets = []
    for kind, payload in objs:
        offsets.append(len(body))
        if kind == "str":
            raw = payload.encode("ascii")
            body += marker(0x50, len(raw)) + raw
        elif kind == "int":
            body += b"\x12" + struct.pack(">I", payload)
        elif kind == "uid":
            body += b"\x80" + bytes([payload])
        elif kind == "array":
            body += marker(0xA0, len(payload)) + refs(payload)
        elif kind == "dict":
            body += marker(0xD0, len(payload)) + refs(k for k, _ in payload) + refs(v for _, v in payload)
    table_offset = len(body)
    off_size = 1 if table_offset < 256 else 2 if table_offset < 65536 else 4
    off_fmt = {1: ">B", 2: ">H", 4: ">I"}[off_size]
    body += b"".join(struct.pack(off_fmt, o) for o in offsets)
    body += b"\0" * 6 + bytes([off_size, ref_size]) + struct.pack(">QQQ", len(objs), top, table_offset)
    return bytes(body)


# --------------------------------------------------------------------------
# Manifest records
# --------------------------------------------------------------------------

CLASS_MBFILE = {"$classname": "MBFile", "$classes": ["MBFile", "NSObject"]}
CLASS_NSMUTABLEDATA = {"$classname": "NSMutableData", "$classes": ["NSMutableData", "NSData", "NSObject"]}


def mbfile_record(entry, encryption_key=None, padding_string=None, digest=None, xattrs=None):
    """NSKeyedArchiver bplist of an MBFile, laid out as iOS archives it.

    Objects appear in archiving order: the MBFile, its strings and data, then
    the class descriptions once each.
    """
    objects = ["$null", None]
    mbfile = {
        "Birth": entry["birth"],
        "Flags": 0,
        "GroupID": 501,
        "InodeNumber": entry["inode"],
        "LastModified": entry["mtime"],
        "LastStatusChange": entry["mtime"],
        "Mode": entry["mode"],
        "ProtectionClass": entry["protectionClass"],
        "Size": entry["size"],
        "UserID": 501,
    }

    def add(obj):
        objects.append(obj)
        return plistlib.UID(len(objects) - 1)

    mbfile["RelativePath"] = add(entry["relativePath"])
    if entry.get("target") is not None:
        mbfile["Target"] = add(entry["target"])
    # Keys real records carry that the reader does not need.
    if digest is not None:
        mbfile["Digest"] = add(digest)
    if xattrs is not None:
        mbfile["ExtendedAttributes"] = add(xattrs)
    if padding_string is not None:
        mbfile["Padding"] = add(padding_string)
    if encryption_key is not None:
        data_index = len(objects)
        objects.append(None)
        objects[data_index] = {"NS.data": encryption_key, "$class": add(CLASS_NSMUTABLEDATA)}
        mbfile["EncryptionKey"] = plistlib.UID(data_index)
    mbfile["$class"] = add(CLASS_MBFILE)
    objects[1] = mbfile
    archive = {
        "$archiver": "NSKeyedArchiver",
        "$version": NS_KEYED_ARCHIVER_VERSION,
        "$top": {"root": plistlib.UID(1)},
        "$objects": objects,
    }
    return plistlib.dumps(archive, fmt=plistlib.FMT_BINARY, sort_keys=False)


def file_id_for(domain, relative_path):
    return hashlib.sha1(f"{domain}-{relative_path}".encode("utf-8")).hexdigest()


def parse_mode(value, default):
    if value is None:
        return default
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        # JSON has no octal literals: accept "0o100644" or "100644".
        return int(value, 0) if value[:2].lower() in ("0o", "0x") else int(value, 8)
    raise SpecError(f"bad mode {value!r}")


def safe_data_path(out, file_id):
    """Where a (possibly overridden) fileID's bytes would go, or None if outside `out`."""
    if not file_id or any(c in file_id for c in "/\\\0") or file_id[:2] in (".", ".."):
        return None
    path = os.path.join(out, file_id[:2], file_id)
    real_out = os.path.realpath(out)
    if os.path.commonpath([real_out, os.path.realpath(path)]) != real_out:
        return None
    return path


# --------------------------------------------------------------------------
# The build
# --------------------------------------------------------------------------

def parse_date(text):
    try:
        d = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as e:
        raise SpecError(f'bad "date" {text!r}: {e}') from None
    if d.tzinfo is not None:
        d = d.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    return d  # plistlib wants naive UTC


def load_file_bytes(f, base_dir):
    if "source" in f and "text" in f:
        raise SpecError(f'file {f.get("relativePath")!r}: give "source" or "text", not both')
    if "source" in f:
        path = f["source"]
        if not os.path.isabs(path):
            path = os.path.join(base_dir, path)
        with open(path, "rb") as fh:
            return fh.read()
    return f.get("text", "").encode("utf-8")


def build(spec, base_dir):
    unknown = set(spec) - TOP_KEYS
    if unknown:
        raise SpecError(f"unknown spec keys: {', '.join(sorted(unknown))}")
    out = spec.get("out")
    if not out:
        raise SpecError('"out" is required')
    out = os.path.abspath(os.path.join(base_dir, out))
    if os.path.exists(out) and (not os.path.isdir(out) or os.listdir(out)):
        raise SpecError(f"{out} exists and is not an empty folder")

    rnd = Stream(spec.get("seed", 0))
    udid = spec.get("udid", "00008030-001A2B3C4D5E802E")
    device_name = spec.get("deviceName", "Ana's iPhone")
    product_type = spec.get("productType", "iPhone14,2")
    product_version = spec.get("productVersion", "17.5")
    build_version = spec.get("buildVersion", "21F79")
    serial = spec.get("serialNumber", "F2LXK0Q1N6Y7")
    date = parse_date(spec.get("date", "2026-11-20T06:30:00Z"))
    encrypted = bool(spec.get("encrypted", False))
    if not encrypted and "keybag" in spec:
        raise SpecError('"keybag" only makes sense with "encrypted": true')
    keys = Keys(spec, rnd) if encrypted else None
    epoch = int(date.replace(tzinfo=datetime.timezone.utc).timestamp())

    files = spec.get("files", [])
    if not isinstance(files, list):
        raise SpecError('"files" must be a list')

    # Rows of Manifest.db, in insertion order; directories are collected per
    # domain so each appears once, ahead of the files inside it.
    rows = []
    seen_dirs = set()
    data_writes = []  # (path, bytes)
    inodes = itertools.count(1_000_001)

    def add_dir(domain, rel):
        if (domain, rel) in seen_dirs:
            return
        seen_dirs.add((domain, rel))
        entry = {"relativePath": rel, "mode": MODE_DIR, "size": 0, "protectionClass": 0,
                 "birth": epoch - 86400 * 30, "mtime": epoch - 3600, "inode": next(inodes)}
        rows.append((file_id_for(domain, rel), domain, rel, 2, mbfile_record(entry)))

    for n, f in enumerate(files):
        if not isinstance(f, dict):
            raise SpecError(f"files[{n}] must be an object")
        unknown = set(f) - FILE_KEYS
        if unknown:
            raise SpecError(f"files[{n}]: unknown keys: {', '.join(sorted(unknown))}")
        domain = f.get("domain", "AppDomainGroup-group.org.parpair.shared")
        rel = f.get("relativePath")
        if not rel:
            raise SpecError(f'files[{n}] needs a "relativePath"')

        # Real manifests list the domain root ("") and every parent folder.
        parts = rel.split("/")[:-1]
        add_dir(domain, "")
        for i in range(1, len(parts) + 1):
            add_dir(domain, "/".join(parts[:i]))

        genuine_id = file_id_for(domain, rel)
        stored_id = f.get("fileID", genuine_id)
        symlink = f.get("symlinkTarget")
        if "plist" in f:
            if "source" in f or "text" in f:
                raise SpecError(f'files[{n}]: give one of "source", "text" and "plist"')
            plain = plistlib.dumps(f["plist"], fmt=plistlib.FMT_BINARY)
        else:
            plain = b"" if symlink is not None else load_file_bytes(f, base_dir)
        pclass = f.get("protectionClass", 3)
        entry = {
            "relativePath": rel,
            "mode": parse_mode(f.get("mode"), MODE_SYMLINK if symlink is not None else MODE_FILE),
            "size": f.get("size", len(plain)),
            "protectionClass": pclass,
            "birth": epoch - 86400 * 30,
            "mtime": epoch - 600,
            "inode": next(inodes),
            "target": symlink,
        }

        stored = plain
        wrapped = None
        # Files carry a key in an encrypted backup, empty ones too (every empty record of a real iOS 14
        # backup has one) with a 0-byte data file; "keyEmpty": false leaves an empty file keyless.
        # Symlinks carry neither key nor data.
        if encrypted and symlink is None and (plain or f.get("keyEmpty", True)):
            file_key = rnd.bytes(f"filekey:{domain}-{rel}", 32)
            stored = aes_cbc_encrypt(file_key, plain) if plain else b""
            wrapped = keys.wrap_for_class(pclass, file_key, f"{domain}-{rel}")
        if "truncateData" in f:
            if not isinstance(f["truncateData"], int) or f["truncateData"] < 0:
                raise SpecError(f'files[{n}]: "truncateData" must be a byte count')
            stored = stored[: f["truncateData"]]

        kind = f.get("record")
        digest = hashlib.sha1(plain).digest() if symlink is None and plain else None
        xattrs = plistlib.dumps({"com.apple.quarantine": b"0082;00000000;ParPair;"}, fmt=plistlib.FMT_BINARY) if digest else None
        if kind is None:
            record = mbfile_record(entry, wrapped, digest=digest, xattrs=xattrs)
        elif kind == "huge":
            record = mbfile_record(entry, wrapped, padding_string="A" * (5 * 1024 * 1024))
        elif kind == "deep":
            record = deep_keyed_archive(f.get("depth", 10_000))
        elif kind == "garbage":
            record = rnd.bytes(f"record-garbage:{n}", 600)
        else:
            raise SpecError(f"files[{n}]: unknown record variant {kind!r}")

        rows.append((stored_id, domain, rel, 4 if symlink is not None else 1, record))

        if symlink is None and not f.get("omitData"):
            path = safe_data_path(out, stored_id)
            if path is None:
                # The hostile ID only lives in Manifest.db; never write outside the backup.
                path = os.path.join(out, genuine_id[:2], genuine_id)
            data_writes.append((path, stored))

    applications = spec.get("applications")
    if applications is not None and not isinstance(applications, dict):
        raise SpecError('"applications" must map bundle IDs to objects')
    if applications is None:
        applications = {}
        for _, domain, _, _, _ in rows:
            if domain.startswith("AppDomain-"):
                applications.setdefault(domain[len("AppDomain-"):], {})
    apps_manifest = {}
    for bundle_id, extra in applications.items():
        entry = {
            "CFBundleIdentifier": bundle_id,
            "CFBundleVersion": "1",
            "ContainerContentClass": "Data/Application",
            "Path": f"/private/var/containers/Bundle/Application/"
                    f"{uuid_string(rnd.uuid('app:' + bundle_id))}/{bundle_id.rsplit('.', 1)[-1]}.app",
        }
        entry.update(extra or {})
        apps_manifest[bundle_id] = entry

    # ---- write everything into a sibling temp folder, then move it into place
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    work = tempfile.mkdtemp(prefix=".make_backup-", dir=parent)
    try:
        wal_mode = spec.get("manifestWAL", False)
        if wal_mode not in (False, True, "withFile"):
            raise SpecError('"manifestWAL" is true, false or "withFile"')
        if wal_mode == "withFile" and encrypted:
            raise SpecError('"manifestWAL": "withFile" is for plain backups')
        db_plain, db_wal = build_manifest_db(work, rows, wal_mode)
        db_bytes = db_plain
        manifest_key = None
        if encrypted:
            mk = rnd.bytes("manifestkey", 32)
            # Real backups wrap the manifest key with class 4 (NSFileProtectionNone).
            manifest_key = keys.wrap_for_class(spec.get("manifestKeyClass", 4), mk, "manifest")
            db_bytes = aes_cbc_encrypt(mk, db_plain)
        variant = spec.get("manifestDB")
        if variant == "truncated":
            db_bytes = db_bytes[: len(db_bytes) // 2]
        elif variant == "garbage":
            db_bytes = rnd.bytes("manifestdb-garbage", max(len(db_bytes), 4096))
        elif isinstance(variant, int) and not isinstance(variant, bool):
            db_bytes = db_bytes[:variant]
        elif variant is not None:
            raise SpecError(f'unknown "manifestDB" variant {variant!r}')
        if spec.get("mbdb"):
            # iOS 9 and older: Manifest.mbdb (its own binary format; only its presence matters here).
            write(os.path.join(work, "Manifest.mbdb"), b"mbdb\x05\x00" + rnd.bytes("mbdb", 200))
        else:
            write(os.path.join(work, "Manifest.db"), db_bytes)
            if db_wal is not None:
                write(os.path.join(work, "Manifest.db-wal"), db_wal)

        lockdown = {
            "BuildVersion": build_version,
            "DeviceName": device_name,
            "ProductType": product_type,
            "ProductVersion": product_version,
            "SerialNumber": serial,
            "UniqueDeviceID": udid,
        }
        manifest = {
            "Applications": apps_manifest,
            "Date": date,
            "IsEncrypted": encrypted,
            "Lockdown": lockdown,
            "SystemDomainsVersion": "24.0",
            "Version": "10.0",
            "WasPasscodeSet": bool(spec.get("wasPasscodeSet", True)),
        }
        if encrypted:
            manifest["BackupKeyBag"] = keys.keybag
            if not spec.get("omitManifestKey"):
                manifest["ManifestKey"] = manifest_key
        variant = spec.get("manifestPlist")
        if variant == "garbage":
            manifest_bytes = b"\x07not a plist\x00" + rnd.bytes("manifestplist-garbage", 500)
        elif variant is None:
            manifest_bytes = plistlib.dumps(manifest, fmt=plistlib.FMT_BINARY)
        else:
            raise SpecError(f'unknown "manifestPlist" variant {variant!r}')
        write(os.path.join(work, "Manifest.plist"), manifest_bytes)

        info = {
            "Build Version": build_version,
            "Device Name": device_name,
            "Display Name": device_name,
            "GUID": rnd.bytes("info:GUID", 16).hex().upper(),
            "Installed Applications": list(apps_manifest),
            "Last Backup Date": date,
            "Product Name": "iPhone",
            "Product Type": product_type,
            "Product Version": product_version,
            "Serial Number": serial,
            "Target Identifier": udid,
            "Target Type": "Device",
            "Unique Identifier": udid,
        }
        write(os.path.join(work, "Info.plist"), plistlib.dumps(info, fmt=plistlib.FMT_XML))

        status_variant = spec.get("statusPlist", True)
        if status_variant not in (True, False, "empty", "truncated", "garbage", "symlink", "noState"):
            raise SpecError(f'unknown "statusPlist" variant {status_variant!r}')
        if status_variant:
            status = {
                "BackupState": "new",
                "Date": date,
                "IsFullBackup": False,
                "SnapshotState": spec.get("snapshotState", "finished"),
                "UUID": uuid_string(rnd.uuid("status:UUID")),
                "Version": "3.3",
            }
            if status_variant == "noState":
                del status["SnapshotState"]
            status_bytes = plistlib.dumps(status, fmt=plistlib.FMT_BINARY)
            status_path = os.path.join(work, "Status.plist")
            if status_variant == "empty":
                status_bytes = b""
            elif status_variant == "truncated":
                status_bytes = status_bytes[: len(status_bytes) // 2]
            elif status_variant == "garbage":
                status_bytes = rnd.bytes("status-garbage", len(status_bytes))
            if status_variant == "symlink":
                # A link to a finished Status.plist elsewhere: not the backup's own.
                write(os.path.join(work, "Status.plist.elsewhere"), status_bytes)
                os.symlink("Status.plist.elsewhere", status_path)
            else:
                write(status_path, status_bytes)

        for path, data in data_writes:
            write(os.path.join(work, os.path.relpath(path, out)), data)

        os.chmod(work, 0o755)  # mkdtemp's 0700 is not what a backup folder has
        if os.path.isdir(out):
            os.rmdir(out)  # known empty, checked above
        os.rename(work, out)
    except BaseException:
        remove_tree(work)
        raise
    return out


def build_manifest_db(work, rows, wal_mode=False):
    """Manifest.db's bytes and, for "withFile", the bytes of a -wal that still holds every row.

    wal_mode False: a rollback-journal database. True: in WAL mode (header bytes 18-19 are 2, 2, as real
    backups have it), checkpointed. "withFile": in WAL mode with the rows only in its -wal, copied while the
    connection is open (closing it would checkpoint them into the database)."""
    path = os.path.join(work, ".manifest-plain.db")
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA journal_mode=WAL" if wal_mode else "PRAGMA journal_mode=DELETE")
        con.executescript("""
            CREATE TABLE Files (fileID TEXT PRIMARY KEY, domain TEXT, relativePath TEXT, flags INTEGER, file BLOB);
            CREATE INDEX FilesDomainIdx ON Files(domain);
            CREATE INDEX FilesRelativePathIdx ON Files(relativePath);
            CREATE INDEX FilesFlagsIdx ON Files(flags);
            CREATE TABLE Properties (key TEXT PRIMARY KEY, value BLOB);
        """)
        con.commit()
        if wal_mode == "withFile":
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            con.execute("PRAGMA wal_autocheckpoint=0")
        con.executemany("INSERT INTO Files VALUES (?, ?, ?, ?, ?)", rows)
        con.commit()
        wal = None
        if wal_mode == "withFile":
            with open(path, "rb") as fh:
                data = fh.read()
            with open(path + "-wal", "rb") as fh:
                wal = fh.read()
        elif wal_mode:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.IntegrityError as e:
        raise SpecError(f"Manifest.db: {e} (two files with the same fileID?)") from None
    finally:
        con.close()
    if wal is None:
        with open(path, "rb") as fh:
            data = fh.read()
    for leftover in (path, path + "-wal", path + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    return data, wal


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(data)


def remove_tree(path):
    for root, dirs, names in os.walk(path, topdown=False):
        for name in names:
            os.remove(os.path.join(root, name))
        for name in dirs:
            os.rmdir(os.path.join(root, name))
    if os.path.isdir(path):
        os.rmdir(path)


def main(argv):
    if len(argv) != 2:
        print("usage: make_backup.py SPEC.json | -", file=sys.stderr)
        return 2
    try:
        if argv[1] == "-":
            spec, base_dir = json.load(sys.stdin), os.getcwd()
        else:
            with open(argv[1], encoding="utf-8") as fh:
                spec = json.load(fh)
            base_dir = os.path.dirname(os.path.abspath(argv[1]))
        if not isinstance(spec, dict):
            raise SpecError("the spec must be a JSON object")
        out = build(spec, base_dir)
    except (SpecError, OSError, json.JSONDecodeError) as e:
        print(f"make_backup.py: {e}", file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
