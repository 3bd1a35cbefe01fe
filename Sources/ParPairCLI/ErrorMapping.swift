import Concurrency
import DeviceBackup
import Mail
import ParPairAggregation
import ParPairReport
import ParPairStore
import PrintableText

/// Maps errors from the libraries to one line for humans and a sysexits code.
enum ErrorMapping {
    /// The error's message and code. A message names things from outside (a device's or a baby's name, a path, a
    /// folder's name) that may hold a line feed: it is made one line by ``PrintableText``, so nothing in it can
    /// print a line of its own. Only the errors that are lists by design (a template's error with its caret
    /// line, the XHTML problems, the refused elements) keep their line feeds; the console escapes the rest.
    static func map(_ error: any Error) -> GeneralError {
        var mapped = classify(error)
        if !isList(error) { mapped.message = PrintableText.escaped(mapped.message) }
        return mapped
    }

    static func isList(_ error: any Error) -> Bool {
        switch error as? ReportError {
        case .invalidHTML?, .template?, .unsafeDocument?: true
        default: false
        }
    }

    private static func classify(_ error: any Error) -> GeneralError {
        switch error {
        case let error as StoreError:
            let code: ExitCode = switch error.kind {
            case .missingInput: .noInput
            case .badData: .dataError
            case .ioFailure: .ioError
            case .cannotCreate: .cantCreate
            case .internalFailure: .software
            case .outOfMemory: .osError
            }
            return GeneralError(error.description, exitCode: code)
        case let error as ReportError:
            switch error {
            case .chart: return GeneralError(error.description, exitCode: .software)
            case .dtdUnavailable: return GeneralError(error.description, exitCode: .osFile)
            case .noSuchBaby, .badTerm: return GeneralError(error.description, exitCode: .usage)
            case .invalidHTML, .template, .missingTemplate, .tooLarge, .unsafeDocument: return GeneralError(error.description, exitCode: .dataError)
            }
        case let error as BackupError:
            switch error {
            case .inProgress, .unfinished: return GeneralError(error.description, exitCode: .tempFail)
            case .tooOld: return GeneralError(error.description, exitCode: .dataError)
            case .missingData: return GeneralError(error.description, exitCode: .noInput)
            case .passwordRequired, .wrongPassword: return GeneralError(error.description, exitCode: .noPermission)
            case .iterationsOutOfRange, .damaged: return GeneralError(error.description, exitCode: .dataError)
            case .unreadable(_, _, let permission): return GeneralError(error.description, exitCode: permission ? .noInput : .ioError)
            case .scratchFailed: return GeneralError(error.description, exitCode: .ioError)
            }
        case let error as BackupStoreError:
            switch error {
            case .severalDevices, .noSuchDevice, .ambiguousDevice, .severalApps: return GeneralError(error.description, exitCode: .usage)
            case .noParPairStore: return GeneralError(error.description, exitCode: .noInput)
            }
        case let error as DeliveryError:
            switch error {
            case .cannotCreate: return GeneralError(error.description, exitCode: .cantCreate)
            case .writeFailed: return GeneralError(error.description, exitCode: .ioError)
            case .protected, .refused: return GeneralError(error.description, exitCode: .usage)
            }
        case let error as PDFError:
            return GeneralError(error.description, exitCode: .unavailable)
        case let error as ExportError:
            return GeneralError(error.description, exitCode: .usage)
        case let error as FamilyError:
            switch error {
            case .namesakes: return GeneralError(error.description, exitCode: .dataError)
            case .tooManyPhones: return GeneralError(error.description, exitCode: .usage)
            case .samePhoneTwice: return GeneralError(error.description, exitCode: .usage)
            }
        case let error as AggregationError:
            return GeneralError(error.description, exitCode: .dataError)
        case let error as ThreadStartError:
            return GeneralError(error.description, exitCode: .osError)
        case let error as MailAddressError:
            return GeneralError(error.description, exitCode: .usage)
        default:
            return GeneralError("internal error: \(error)", exitCode: .software)
        }
    }
}
