import CLibXML2
import Concurrency

/// Process-wide libxml2 set-up and the lock every parse runs under.
///
/// libxml2 keeps global state: parser initialisation, the default catalog (read once from `XML_CATALOG_FILES` or
/// `/etc/xml/catalog`, with delegate catalogs loaded lazily into a global cache), the external entity loader and the
/// thread's structured error handler. `xmlInitParser()` and the installation of ``ExternalEntityLoader`` run exactly
/// once, before the first parse, and every validation (the parses that look up the catalog) is serialized by one
/// lock: validations from several threads are safe, one runs at a time.
///
/// A well-formedness check reads no catalog and no DTD: it uses only its own parser context and its
/// thread's error handler (libxml2 keeps that handler per thread when built with threads, as the
/// system library is), which libxml2 supports beside other parses once it is initialised. So it runs
/// ``alongsideOthers(_:)``: a report's charts are checked on one thread while its pages stream through
/// the validator on another, which holds the lock until the last page.
enum LibXML2Runtime {
    /// Runs `xmlInitParser()` and installs the entity loader, once per process (a Swift `static let` initialiser is
    /// run once, thread-safely).
    private static let initialization: Void = {
        xmlInitParser()
        ExternalEntityLoader.install()
    }()

    /// Held by the parse running ``exclusively(_:)``; it guards no value, only libxml2's global state. A count of
    /// the parses run rather than `()`: ThreadSanitizer takes the inout access to a zero-sized value for one to the
    /// lock's own field at the same address, and reports every parse as a race.
    private static let lock = Locked(0)

    /// Runs `body` with libxml2 initialised and no other parse of this module running.
    ///
    /// - Parameter body: The work that touches libxml2. It must not call `exclusively` again.
    static func exclusively<Result>(_ body: () -> Result) -> Result {
        initialization
        return lock.withLock { parses in
            parses &+= 1
            return body()
        }
    }

    /// Runs `body` with libxml2 initialised, whatever else is parsing: for parses that touch no catalog and no DTD
    /// (well-formedness checks).
    static func alongsideOthers<Result>(_ body: () -> Result) -> Result {
        initialization
        return body()
    }
}
