#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new private folder under `TMPDIR` (else `/tmp`), for work that goes through files: fixing from
/// memory, exporting. The caller removes it.
package func makeTemporaryFolder() throws -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/alertsound-scratch-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
        throw AlertSoundError(.outputFailed, "cannot make a temporary folder: \(String(cString: strerror(errno)))")
    }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
