import Mail
import ParPairAggregation
import ParPairReport
import ParPairStore

/// Maps errors from the libraries to one line for humans and a sysexits code.
enum ErrorMapping {
    static func map(_ error: any Error) -> GeneralError {
        switch error {
        case let error as StoreError:
            return GeneralError(error.description, exitCode: ExitCode(rawValue: error.exitCode) ?? .software)
        case let error as ReportError:
            switch error {
            case .chart: return GeneralError(error.description, exitCode: .software)
            case .dtdUnavailable: return GeneralError(error.description, exitCode: .osFile)
            case .unreadableOutput: return GeneralError(error.description, exitCode: .ioError)
            case .noSuchBaby: return GeneralError(error.description, exitCode: .usage)
            case .invalidHTML, .template, .tooLarge: return GeneralError(error.description, exitCode: .dataError)
            }
        case let error as AggregationError:
            return GeneralError(error.description, exitCode: .dataError)
        case let error as MailAddressError:
            return GeneralError(error.description, exitCode: .usage)
        default:
            return GeneralError("internal error: \(error)", exitCode: .software)
        }
    }
}
