import Foundation
import ParPairReport

/// Entry point of the `parpair-report` executable.
public enum ParPairCommand {
    public static func main() {
        print("parpair-report: \(DefaultTemplates.all.count) templates")
    }
}
