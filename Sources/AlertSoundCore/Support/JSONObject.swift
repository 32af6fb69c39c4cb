/// A report object whose members are stated once, in one function, for two writers: its `Encodable`
/// conformance (Foundation's encoders, ``ReportEncoder``) and a stream that writes thousands of them
/// straight into its bytes. Through the keyed container every member costs generic calls and boxes;
/// on real files that was a quarter of `check --format json`'s time (scripts/bench-check).
package protocol JSONObject: Encodable {
    associatedtype MemberKey: CodingKey
    /// Hands every member to `sink` in the document's order: keys in UTF-8 order, as the sorted
    /// layout writes them. A member left out when unknown is simply not handed on.
    func members<Sink: MemberSink>(into sink: inout Sink) throws where Sink.Key == MemberKey
}

/// Where an object's members go. `nil` is written `null`: a member the schema requires even when unknown.
package protocol MemberSink {
    associatedtype Key: CodingKey
    mutating func string(_ value: String?, _ key: Key) throws
    mutating func int(_ value: Int64?, _ key: Key) throws
    mutating func double(_ value: Double?, _ key: Key) throws
    mutating func bool(_ value: Bool, _ key: Key) throws
    mutating func null(_ key: Key) throws
    mutating func object<T: JSONObject>(_ value: T, _ key: Key) throws
    mutating func objects<T: JSONObject>(_ values: [T], _ key: Key) throws
    /// Anything else, through its `Encodable` form (members rare enough not to matter for time).
    mutating func value<T: Encodable>(_ value: T, _ key: Key) throws
}

extension MemberSink {
    package mutating func int(_ value: Int?, _ key: Key) throws { try int(value.map(Int64.init), key) }
}

extension JSONObject {
    /// The `encode(to:)` of a conforming type: its members through a keyed container.
    package func encodeMembers(to encoder: Encoder) throws {
        var sink = ContainerSink(container: encoder.container(keyedBy: MemberKey.self))
        try members(into: &sink)
    }
}

private struct ContainerSink<Key: CodingKey>: MemberSink {
    var container: KeyedEncodingContainer<Key>

    mutating func string(_ value: String?, _ key: Key) throws { try container.encodeOrNull(value, forKey: key) }
    mutating func int(_ value: Int64?, _ key: Key) throws { try container.encodeOrNull(value, forKey: key) }
    mutating func double(_ value: Double?, _ key: Key) throws { try container.encodeOrNull(value, forKey: key) }
    mutating func bool(_ value: Bool, _ key: Key) throws { try container.encode(value, forKey: key) }
    mutating func null(_ key: Key) throws { try container.encodeNil(forKey: key) }
    mutating func object<T: JSONObject>(_ value: T, _ key: Key) throws { try container.encode(value, forKey: key) }
    mutating func objects<T: JSONObject>(_ values: [T], _ key: Key) throws {
        try container.encode(values, forKey: key)
    }
    mutating func value<T: Encodable>(_ value: T, _ key: Key) throws { try container.encode(value, forKey: key) }
}

/// Writes members straight into a ``JSONWriter`` it holds while the object is written.
private struct WriterSink<Key: CodingKey>: MemberSink {
    var writer: JSONWriter
    private(set) var count = 0
    #if DEBUG
    private var lastKey: String?
    #endif

    init(writer: JSONWriter) { self.writer = writer }

    private mutating func start(_ key: Key) {
        let name = key.stringValue
        #if DEBUG
        // The sorted layout is what ReportEncoder makes of the same members: this writer does not sort.
        if let lastKey { assert(JSONText.precedes(lastKey, name), "\(name) after \(lastKey)") }
        lastKey = name
        #endif
        writer.key(name, first: count == 0)
        count += 1
    }

    mutating func string(_ value: String?, _ key: Key) {
        start(key)
        writer.string(value)
    }
    mutating func int(_ value: Int64?, _ key: Key) {
        start(key)
        writer.int(value)
    }
    mutating func double(_ value: Double?, _ key: Key) {
        start(key)
        writer.double(value)
    }
    mutating func bool(_ value: Bool, _ key: Key) {
        start(key)
        writer.bool(value)
    }
    mutating func null(_ key: Key) {
        start(key)
        writer.null()
    }
    mutating func object<T: JSONObject>(_ value: T, _ key: Key) throws {
        start(key)
        try writer.object(value)
    }
    mutating func objects<T: JSONObject>(_ values: [T], _ key: Key) throws {
        start(key)
        writer.open("[")
        // Closed even when a member throws, so the writer's depth stays that of its caller.
        defer { writer.close("]", empty: values.isEmpty) }
        for (i, value) in values.enumerated() {
            writer.item(first: i == 0)
            try writer.object(value)
        }
    }
    mutating func value<T: Encodable>(_ value: T, _ key: Key) throws {
        start(key)
        try ReportEncoder.encode(value, into: &writer)
    }
}

extension JSONWriter {
    /// Writes `value`'s object where the writer stands, member by member.
    package mutating func object<T: JSONObject>(_ value: T) throws {
        // The sink holds the writer while it works (moved, not copied: the bytes are not duplicated).
        var sink = WriterSink<T.MemberKey>(writer: JSONWriter(placeholder: ()))
        swap(&sink.writer, &self)
        defer { swap(&sink.writer, &self) }
        sink.writer.open("{")
        // Closed even when a member throws: the caller then replaces what was written, at its depth.
        defer { sink.writer.close("}", empty: sink.count == 0) }
        try value.members(into: &sink)
    }

    /// `values` as array elements, as ``items(_:offset:)`` writes them, each object member by member.
    package mutating func items<T: JSONObject & Sendable>(_ values: [T], offset: Int = 0) {
        items(values, offset: offset) {
            { part, value in part.valueOrNull { try $0.object(value) } }
        }
    }
}
