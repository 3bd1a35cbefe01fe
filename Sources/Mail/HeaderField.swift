/// One header field being written: a name and tokens, folded onto continuation lines at 78 columns.
///
/// Tokens are never broken; the writer only ever folds at the single space it puts between tokens,
/// so unfolding (RFC 5322 §2.2.3) gives back exactly the tokens joined by spaces.
/// Every token is ASCII; non-ASCII text goes through ``appendEncodedText(_:)``.
struct HeaderField {
    /// The column at which the writer folds (RFC 5322 §2.1.1 "SHOULD be no more than 78").
    static let foldColumn = 78

    private var lines: [String] = []
    private var current: String
    private var hasValue = false

    init(name: String) {
        current = name + ":"
    }

    /// Appends `token`, preceded by a space or by a fold when the line would grow past 78 columns.
    mutating func append(_ token: String) {
        precondition(token.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7e || $0 == 0x20 }, "header tokens are printable ASCII")
        if hasValue, current.utf8.count + 1 + token.utf8.count > HeaderField.foldColumn {
            lines.append(current)
            current = ""
        }
        current += " " + token
        hasValue = true
    }

    /// Appends `text` as RFC 2047 encoded-words, the first one sized to the room left on the line.
    ///
    /// - Parameter keepWhole: When the text fits in one encoded-word, fold first rather than split it.
    ///   Used for display names: some readers (Python before gh-128110) wrongly keep the space
    ///   between two encoded-words of a display name, so splitting one there would alter the name.
    mutating func appendEncodedText(_ text: String, keepWhole: Bool = false) {
        var room = min(HeaderField.foldColumn - current.utf8.count - 1, EncodedWord.maximumLength)
        if room < EncodedWord.minimumLength {
            room = EncodedWord.maximumLength
        }
        var words = EncodedWord.encode(text, firstLength: room)
        if keepWhole, words.count > 1 {
            let whole = EncodedWord.encode(text, firstLength: EncodedWord.maximumLength)
            if whole.count == 1 {
                words = whole
            }
        }
        for word in words {
            append(word)
        }
    }

    /// Appends unstructured text (RFC 5322 §3.2.5) such as a subject.
    ///
    /// Plain ASCII text is written as it is, folded between words; anything else (non-ASCII, runs of
    /// spaces, words too long to fold, text that looks like an encoded-word) becomes encoded-words.
    mutating func appendUnstructured(_ text: String) {
        if text.isEmpty { return }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        let plain = !text.contains("=?")
            && words[0].utf8.count <= HeaderField.foldColumn - current.utf8.count - 1
            && words.allSatisfy { word in
                !word.isEmpty && word.utf8.count < HeaderField.foldColumn - 1
                    && word.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7e }
            }
        if plain {
            for word in words {
                append(String(word))
            }
        } else {
            appendEncodedText(text)
        }
    }

    /// The field as bytes: its lines, each ending in CRLF.
    var bytes: [UInt8] {
        var output: [UInt8] = []
        for line in lines + [current] {
            output += Array(line.utf8)
            output += [0x0d, 0x0a]
        }
        return output
    }
}
