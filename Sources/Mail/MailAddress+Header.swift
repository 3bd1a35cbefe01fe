extension MailAddress {
    /// Writes the address into an address header (`From`, `To`), followed by `trailer` (`","` between entries).
    ///
    /// A display name of plain words is written as it is and other ASCII names as a quoted string.
    /// In names with non-ASCII characters, plain words stay as they are and each run of other words
    /// becomes RFC 2047 encoded-words (`Ana =?utf-8?Q?Mar=C3=ADa?= Lopez`), kept whole when it fits.
    func write(into field: inout HeaderField, trailer: String = "") {
        guard let displayName else {
            field.append(addrSpec + trailer)
            return
        }
        let words = displayName.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let maximumWord = 70
        let isPlain: (String) -> Bool = { word in
            !word.isEmpty && word.utf8.count <= maximumWord && !word.contains("=?")
                && word.unicodeScalars.allSatisfy(MailAddress.isAtext)
        }
        let printableASCII = displayName.unicodeScalars.allSatisfy { (0x20...0x7e).contains($0.value) }
        if words.allSatisfy(isPlain) {
            for word in words {
                field.append(word)
            }
        } else if printableASCII && displayName.utf8.count <= maximumWord && !displayName.contains("=?") {
            let escaped = displayName.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            field.append("\"" + escaped + "\"")
        } else if words.contains(where: \.isEmpty) {
            // Runs of spaces would collapse between plain words; keep them inside the encoding.
            field.appendEncodedText(displayName, keepWhole: true)
        } else {
            var run: [String] = []
            for word in words + [""] {
                if word.isEmpty || isPlain(word) {
                    if !run.isEmpty {
                        field.appendEncodedText(run.joined(separator: " "), keepWhole: true)
                        run.removeAll()
                    }
                    if !word.isEmpty {
                        field.append(word)
                    }
                } else {
                    run.append(word)
                }
            }
        }
        field.append("<" + addrSpec + ">" + trailer)
    }
}
