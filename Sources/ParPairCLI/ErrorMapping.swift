/// Maps errors from the libraries to a message and an exit code.
enum ErrorMapping {
    static func map(_ error: any Error) -> GeneralError {
        GeneralError("\(error)", exitCode: .software)
    }
}
