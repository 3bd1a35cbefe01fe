import CLibXML2
import Foundation

/// Process-wide libxml2 set-up and the lock every parse runs under.
///
/// libxml2 keeps global state: parser initialisation, the default catalog (read once from
/// `XML_CATALOG_FILES` or `/etc/xml/catalog`, with delegate catalogs loaded lazily into a global
/// cache) and the thread's structured error handler. `xmlInitParser()` runs exactly once, before
/// the first parse, and every parse and catalog lookup of this module is serialized by one lock:
/// validations from several threads are safe, one runs at a time.
enum LibXML2Runtime {
    /// Runs `xmlInitParser()` once per process (a Swift `static let` initialiser is run once,
    /// thread-safely).
    private static let initialization: Void = {
        xmlInitParser()
    }()

    private static let lock = NSLock()

    /// Runs `body` with libxml2 initialised and no other parse of this module running.
    ///
    /// - Parameter body: The work that touches libxml2. It must not call `exclusively` again.
    static func exclusively<Result>(_ body: () -> Result) -> Result {
        _ = initialization
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
