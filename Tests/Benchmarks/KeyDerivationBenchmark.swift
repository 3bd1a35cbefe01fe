import AESCrypto
import Foundation

/// `parpair-bench pbkdf2 [--dpic N] [--iter N] [--runs N]`: the backup key derivation alone (PBKDF2-HMAC-SHA256
/// DPIC rounds, then PBKDF2-HMAC-SHA1 ITER rounds, as an encrypted iOS backup's keybag asks), timed in-process.
/// Prints the median seconds and the key's first bytes, so another implementation can be checked against it.
enum KeyDerivationBenchmark {
    static func run(_ arguments: [String]) {
        var dpic = 10_000_000, iterations = 10_000, runs = 3
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else {
                print("usage: parpair-bench pbkdf2 [--dpic N] [--iter N] [--runs N]")
                exit(64)
            }
            switch arguments[index] {
            case "--dpic": dpic = value
            case "--iter": iterations = value
            case "--runs": runs = value
            default:
                print("usage: parpair-bench pbkdf2 [--dpic N] [--iter N] [--runs N]")
                exit(64)
            }
            index += 2
        }
        let password = SecretBytes(Array("benchmark password".utf8))
        let salt = [UInt8](repeating: 0x5A, count: 20)
        var times: [Double] = []
        var prefix = ""
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let first = try KeyDerivation.pbkdf2(password: password, salt: salt, iterations: dpic, hash: .sha256)
                let key = try KeyDerivation.pbkdf2(password: first, salt: salt, iterations: iterations, hash: .sha1)
                prefix = key.bytes.prefix(8).map { String(format: "%02x", $0) }.joined()
            } catch {
                print("pbkdf2: \(error)")
                exit(70)
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        print(String(format: "%.3f %@", times.sorted()[times.count / 2], prefix))
    }
}
