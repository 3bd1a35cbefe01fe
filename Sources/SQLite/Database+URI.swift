extension Database {
    /// The `file:` URI for a path, percent-encoding every byte outside `A–Z a–z 0–9 - . _ ~ /`,
    /// so `?`, `#`, `%`, spaces and non-ASCII names reach SQLite unchanged.
    ///
    /// An absolute path gets an empty authority (`file:///…`), so a path starting with `//`
    /// is never read as a host name.
    public static func fileURI(forPath path: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(path.utf8.count + 16)
        let hex: [Character] = Array("0123456789ABCDEF")
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                encoded.append("%")
                encoded.append(hex[Int(byte >> 4)])
                encoded.append(hex[Int(byte & 0x0F)])
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : "file:" + encoded
    }
}
