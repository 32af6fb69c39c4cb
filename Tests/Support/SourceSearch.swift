import Foundation

/// The lines of the package's `Sources/` that match a pattern, for the tests that hold one fact in
/// one place ("nothing opens a file but the door", "nothing normalises a name but SoundName"): each
/// line outside `allowed` that matches is a finding; each allowed file that matches is used (an
/// allowance nothing needs any more fails those tests too). Comment lines are passed over.
public enum SourceSearch {
    /// `root`: the package's folder. `patterns`: (what it finds, a regular expression).
    public static func lines(
        under root: URL, matching patterns: [(name: String, pattern: String)], allowed: Set<String>
    ) throws -> (found: [String], allowedUsed: Set<String>) {
        let expressions = try patterns.map { ($0.name, try NSRegularExpression(pattern: $0.pattern)) }
        var found: [String] = []
        var used: Set<String> = []
        let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)
        while let relative = files?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = "Sources/" + relative
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                let range = NSRange(code.startIndex..., in: code)
                for (name, expression) in expressions where expression.firstMatch(in: code, range: range) != nil {
                    if allowed.contains(path) {
                        used.insert(path)
                    } else {
                        found.append("\(path):\(number + 1): \(name)")
                    }
                }
            }
        }
        return (found.sorted(), used)
    }
}
