import Mail
import Testing

@Suite("Media types")
struct MailMediaTypeTests {
    @Test("Parsed media types", arguments: [
        ("text/csv; charset=utf-8", "text/csv; charset=utf-8"),
        ("TEXT/CSV;charset=\"UTF-8\"", "text/csv; charset=utf-8"),
        ("application/pdf", "application/pdf"),
        ("application/vnd.ms-excel", "application/vnd.ms-excel"),
    ])
    func parsed(_ text: String, _ expected: String) throws {
        #expect(try MailMediaType(text).description == expected)
    }

    @Test("The CSV constant is text/csv in UTF-8")
    func csvConstant() throws {
        #expect(MailMediaType.csv == (try MailMediaType("text/csv; charset=utf-8")))
        #expect(MailMediaType.csv.description == "text/csv; charset=utf-8")
    }

    @Test("Rejected media types", arguments: [
        "", "text", "text/", "/csv", "text/csv/x", "text/c sv", "text/csv; name=x.csv", "text/csv; charset=",
        "text/csv\r\nBcc: x@y.z", "text/csv; charset=utf-8; format=flowed", "tëxt/csv",
    ])
    func rejected(_ text: String) {
        #expect(throws: MailMessageError.invalidMediaType(text)) {
            try MailMediaType(text)
        }
    }
}
