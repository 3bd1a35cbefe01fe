import ParPairStore
import Foundation

/// The binary property list in `Z_METADATA.Z_PLIST`, with the keys Core Data writes.
///
/// The model version hashes are placeholders (a deterministic digest of each entity's name and
/// columns), not Core Data's real hashes: only `NSPersistenceFrameworkVersion` is read by this tool.
enum StoreMetadata {
    static func plist(options: StoreWriter.Options) -> [UInt8] {
        let entities = StoreSchema.entities.sorted { $0.entity < $1.entity }
        let hashes = entities.map { mapping in
            (key: mapping.entity, value: BinaryPropertyList.Value.data(
                placeholderHash(mapping.entity + ":" + StoreLayoutSQL.columns(of: mapping, style: options.enumStyle)
                    .map(\.name).joined(separator: ","))))
        }
        let digest = placeholderHash(entities.map(\.entity).joined(separator: ","))
        let dictionary: [(key: String, value: BinaryPropertyList.Value)] = [
            ("NSPersistenceFrameworkVersion", .integer(Int64(options.frameworkVersion))),
            ("NSStoreModelVersionChecksumKey", .string(Data(digest).base64EncodedString())),
            ("NSStoreModelVersionHashes", .dictionary(hashes)),
            ("NSStoreModelVersionHashesDigest", .string(Data(digest + digest).base64EncodedString())),
            ("NSStoreModelVersionHashesVersion", .integer(3)),
            ("NSStoreModelVersionIdentifiers", .array([.string("1.0.0")])),
            ("NSStoreType", .string("SQLite")),
            ("NSStoreUUID", .string(options.storeUUID.uuidString)),
            ("_NSAutoVacuumLevel", .string("2")),
        ]
        return BinaryPropertyList.encode(.dictionary(dictionary))
    }

    /// 32 bytes from FNV-1a over the text, four rounds with different seeds.
    static func placeholderHash(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for round in 0..<4 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(round)
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift))) }
        }
        return bytes
    }
}
