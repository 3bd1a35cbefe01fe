extension Database {
    /// Quotes a table or column name for SQL text: `ZFOODLOG` → `"ZFOODLOG"`, doubling any `"` inside.
    ///
    /// Use it only for names read from the schema or from a fixed mapping; values always go
    /// through bound parameters.
    public static func quote(identifier name: String) -> String {
        var quoted = "\""
        for character in name {
            if character == "\"" { quoted.append("\"\"") } else { quoted.append(character) }
        }
        quoted.append("\"")
        return quoted
    }
}
