import Foundation

extension Process {
    /// What a finished process wrote.
    public struct Captured: Sendable {
        public var stdout: Data
        public var stderr: Data
    }

    /// Runs the process (configured but not started) with its standard output and error captured,
    /// on a thread of its own (see ``onThreadOfItsOwn(_:)``), and waits until it exits.
    ///
    /// - Parameter input: Bytes for its standard input, which is then closed; nil keeps whatever
    ///   `standardInput` was set to.
    public func runCapturingOutput(input: [UInt8]? = nil) throws -> Captured {
        let output = Pipe()
        let errors = Pipe()
        let inputPipe = input.map { _ in Pipe() }
        if let inputPipe { standardInput = inputPipe }
        standardOutput = output
        standardError = errors
        return try onThreadOfItsOwn {
            try run()
            if let input, let inputPipe {
                inputPipe.fileHandleForWriting.write(Data(input))
                try inputPipe.fileHandleForWriting.close()
            }
            let stdout = output.fileHandleForReading.readDataToEndOfFile()
            let stderr = errors.fileHandleForReading.readDataToEndOfFile()
            waitUntilExit()
            return Captured(stdout: stdout, stderr: stderr)
        }
    }
}
