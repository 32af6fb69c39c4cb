/// Any JSON or property-list value: what payloads and entitlements are looked into. A plist's dates
/// and data, which nothing here reads, are `null`; a binary plist's UIDs are numbers.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
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
