@testable import DeviceBackup

/// Harness `backup-file-record`: the bytes as the `file` column of a `Manifest.db` row (an NSKeyedArchiver
/// `MBFile` record). Properties: it is accepted or refused with a `BackupError`, never crashes or hangs; an
/// accepted record's wrapped key, when present, is 40 bytes, and the fileID stays the 40-hex-digit one given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let fileID = "0123456789abcdef0123456789abcdef01234567"
    guard let record = try? FileRecord(fileID: fileID, domain: "AppDomain-fuzz", relativePath: "default.store", flags: 1,
                                       record: input.bytes, manifest: "fuzz") else { return 0 }
    if let key = record.wrappedKey, key.count != 40 { input.violated("a wrapped key of \(key.count) bytes") }
    if record.fileID != fileID { input.violated("fileID changed") }
    return 0
}
