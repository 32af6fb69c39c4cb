extension Suggestion {
    /// The `Encodable` form: ``members(into:)``.
    public func encode(to encoder: Encoder) throws { try encodeMembers(to: encoder) }
}

extension Suggestion: JSONObject {
    package typealias MemberKey = CodingKeys

    /// Only the members the action needs: the others are left out.
    package func members<Sink: MemberSink>(into sink: inout Sink) throws where Sink.Key == CodingKeys {
        try sink.string(action.rawValue, .action)
        if let channels { try sink.int(channels, .channels) }
        if let dataFormat { try sink.string(dataFormat, .dataFormat) }
        if let fileType { try sink.string(fileType.rawValue, .fileType) }
        if let library { try sink.string(library, .library) }
        if let output { try sink.string(output, .output) }
        if let path { try sink.string(path, .path) }
        if let sampleRate { try sink.double(sampleRate, .sampleRate) }
    }
}
