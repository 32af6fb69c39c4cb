/// Why a conversion did not happen. `usage` means the request itself cannot be met (exit 64);
/// the others mean the input could not be read or the output not written (exit 1).
public struct ConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case usage, input, output
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
