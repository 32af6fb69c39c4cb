import AlertSound

/// `path[:line]: error: [code] message`, the form Xcode's Issue navigator picks up from a Run Script phase.
enum XcodePrinter {
    static func render(_ findings: [Finding]) -> String {
        findings.map { f in
            "\(f.path.escapingControls)\(f.line.map { ":\($0)" } ?? ""): \(f.diagnostic.severity.rawValue): [\(f.diagnostic.code.rawValue)] \(f.diagnostic.advisedMessage.escapingControls)\n"
        }.joined()
    }
}
