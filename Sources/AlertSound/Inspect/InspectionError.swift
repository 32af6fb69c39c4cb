/// Why a file could not be read as a sound at all.
public struct InspectionError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The path does not exist.
        case notFound
        /// The operating system refused to read it.
        case io
        /// The bytes are not a sound format alertsound recognises.
        case unrecognized
        /// It is a recognised format, but the headers are unusable.
        case malformed
    }

    public var kind: Kind
    public var message: String
    public var chunk: String?
    public var offset: Int64?
    /// Set when the error leaves the inspector, so messages name the file.
    public var path: String?

    public init(_ kind: Kind, _ message: String, chunk: String? = nil, offset: Int64? = nil, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.chunk = chunk
        self.offset = offset
        self.path = path
    }

    /// The problem and where it is, without the path.
    public var reason: String { message + locationSuffix(chunk: chunk, offset: offset) }

    public var description: String { (path.map { $0 + ": " } ?? "") + reason }

    static func malformed(_ message: String, chunk: FourCC? = nil, offset: Int64? = nil) -> InspectionError {
        InspectionError(.malformed, message, chunk: chunk?.description, offset: offset)
    }
}
