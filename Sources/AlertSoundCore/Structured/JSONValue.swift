/// Any JSON or property-list value: what payloads and entitlements are looked into. A plist's dates
/// and data, which nothing here reads, are `null`; a binary plist's UIDs are numbers.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Equal values, compared with a list of pairs still to compare rather than a call per level:
    /// the synthesized comparison took 570 to 750 bytes of stack a level at -Onone, most of the
    /// 512 KiB an Apple secondary thread has at the 512 levels a reader accepts.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.null, .null): continue
            case (.bool(let a), .bool(let b)): guard a == b else { return false }
            case (.number(let a), .number(let b)): guard a == b else { return false }
            case (.string(let a), .string(let b)): guard a == b else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (key, value) in a {
                    guard let other = b[key] else { return false }
                    pending.append((value, other))
                }
            default: return false
            }
        }
        return true
    }
}

/// Why structured text could not be read: what, and at which byte. `tooDeep` and `tooLarge` are
/// limits rather than damage, so callers report them as `too-large`.
package struct StructureError: Error, Equatable {
    package enum Reason: Equatable { case malformed, tooDeep, tooLarge }
    package var reason: Reason
    package var message: String
    package var offset: Int

    static func malformed(_ message: String, at offset: Int) -> StructureError {
        StructureError(reason: .malformed, message: message, offset: offset)
    }

    /// Nesting past `Limits.maximumNesting`: refused before the stack or the time could run out.
    static func tooDeep(at offset: Int) -> StructureError {
        StructureError(reason: .tooDeep, message: "nested deeper than \(Limits.maximumNesting) levels", offset: offset)
    }
}
