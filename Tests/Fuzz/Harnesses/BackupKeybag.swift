@testable import DeviceBackup

/// Harness `backup-keybag`: the bytes as a `BackupKeyBag`. Properties: parsing returns or throws a
/// `BackupError`, never crashes; an accepted keybag has a 20-byte salt, iteration counts within the
/// bounds, and at least one class key. (Unlocking is not fuzzed: the bounded counts would still make each
/// run take seconds.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    guard let keybag = try? Keybag(input.bytes, path: "fuzz") else { return 0 }
    if keybag.salt.count != 20 { input.violated("salt of \(keybag.salt.count) bytes") }
    if !(1...Keybag.maximumIterations).contains(keybag.iterations) { input.violated("ITER \(keybag.iterations)") }
    if let double = keybag.doubleProtection, !(1...Keybag.maximumDoubleProtectionIterations).contains(double.iterations) {
        input.violated("DPIC \(double.iterations)")
    }
    if keybag.classKeys.isEmpty { input.violated("no class keys accepted") }
    return 0
}
