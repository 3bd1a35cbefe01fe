import Testing

/// The tests' RFC 4180 reader accepts what the RFC allows and nothing else, so CSV checks built on it mean something.
@Suite struct CSVTableTests {
    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let table = try CSVTable(parsing: "a,b,c\r\n\"x,1\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n,,\r\n")
        #expect(table.records == [["a", "b", "c"], ["x,1", "say \"hi\"", "two\r\nlines"], ["", "", ""]])
    }

    @Test func theLastRecordMayLackItsLineBreak() throws {
        #expect(try CSVTable(parsing: "a,b\r\n1,2").records == [["a", "b"], ["1", "2"]])
        #expect(try CSVTable(parsing: "").records.isEmpty)
    }

    @Test(arguments: [
        "a,b\n1,2",          // bare line feed between records
        "a,b\r1,2",          // bare carriage return
        "a,\"b\r\n",         // unclosed quote
        "a,\"b\"c\r\n",      // text after a closing quote
        "a,b\"c\r\n",        // quote inside an unquoted field
    ])
    func malformedInputIsRejected(_ text: String) {
        #expect(throws: CSVTable.ParseError.self) { try CSVTable(parsing: text) }
    }
}
