import Foundation
import ParPairModel
import Platform

/// Whose digests a baby's folder under `--out` holds, read from the `baby_id` column of a digest CSV already
/// there. Folder names carry the id's first 8 hex digits, so only two babies whose ids begin alike could meet in
/// one folder (two runs into one `--out`, one per phone): that is an error, never a silent replacement. A folder
/// without a digest CSV (or with headings people read, `--csv-headers human`) cannot be told and is written as before.
enum DigestFolderOwner {
    /// - Throws: `DeliveryError.cannotCreate` naming the folder, both babies and what to do.
    static func check(folder: String, slug: String, baby: Baby, name: String) throws {
        let path = POSIXFile.join(folder, slug)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        let wanted = baby.id.idPrefix
        for file in names.sorted() where file.hasPrefix("week-") && file.hasSuffix(".csv") {
            guard let owner = owner(ofCSV: path + "/" + file) else { continue }
            guard owner == wanted else {
                throw DeliveryError.cannotCreate(
                    "\(path) holds the digests of another baby (id \(owner)…, in \(file)); \(name)'s (id \(wanted)…) would replace "
                        + "them: read both phones in one run (several STOREs or --device more than once), or give each its own --out")
            }
            return
        }
    }

    /// The folder this baby's digests went into before every folder carried the baby's id (`leo` for
    /// `leo-37f3d1fd`), when it is still there and its digest CSV is this baby's: the run says once where the
    /// digests go now, so a cron job that reads the old folder is not left reading a week that no longer changes.
    static func earlierFolder(folder: String, target: DigestTarget) -> String? {
        let earlier = POSIXFile.join(folder, BabySlug.namePart(of: target.baby.name))
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: earlier) else { return nil }
        let wanted = target.baby.id.idPrefix
        let owned = names.contains { $0.hasPrefix("week-") && $0.hasSuffix(".csv") && owner(ofCSV: POSIXFile.join(earlier, $0)) == wanted }
        return owned ? earlier : nil
    }

    /// The `baby_id` cell of a digest CSV's first row, reading at most its first 64 KiB.
    static func owner(ofCSV path: String) -> String? {
        // Opened without blocking and only when it is a regular file: a FIFO of that name must not stop the run.
        guard let file = try? PersonalFile(path, limit: 1 << 16) else { return nil }
        let lines = String(decoding: file.bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard lines.count >= 2 else { return nil }
        // Any dialect: comma, semicolon or tab between cells.
        let separators: Set<Character> = [",", ";", "\t"]
        let header = lines[0].split(omittingEmptySubsequences: false, whereSeparator: separators.contains)
        guard let column = header.firstIndex(of: "baby_id") else { return nil }
        let cells = lines[1].split(omittingEmptySubsequences: false, whereSeparator: separators.contains)
        guard column < cells.count else { return nil }
        let cell = String(cells[column])
        return cell.count == 8 && cell.allSatisfy(\.isHexDigit) ? cell : nil
    }
}
