/// Writes any `Encodable` value as JSON in the one layout every alertsound document has: the layout
/// of Foundation's `JSONEncoder` with `.prettyPrinted, .sortedKeys, .withoutEscapingSlashes` (two-space
/// indents, `"key" : value`, keys in UTF-8 order), so the reports' `Encodable` conformances are the
/// only statement of each document and this is the only code that writes one.
///
/// It writes straight into one byte buffer as the value encodes itself, instead of building a tree
/// of boxed values first, which was most of the time Foundation's encoder took on thousands of files.
/// Members that arrive out of key order are put in order when their object closes.
///
/// Over 400 lines on purpose: the encoder and its keyed, unkeyed and single-value containers share
/// one buffer and one set of invariants (order of use, pending keys), which a split would scatter.
///
/// Two differences from Foundation's encoder: a number that is not finite is written `null`, since
/// JSON has no such number and a report should not fail for one figure (Foundation throws), and
/// containers must be used in order, as synthesized and ordinary conformances do: writing to a
/// container closes the containers opened after it.
public struct ReportEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// `value`'s JSON document, as UTF-8 without a final newline. Throws only what `value`'s own
    /// `encode(to:)` throws; the encoder itself throws nothing.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        var writer = JSONWriter()
        try Self.encode(value, into: &writer)
        return writer.bytes
    }

    /// Writes `value` where `writer` stands: as a whole document, a member's value or an array's
    /// element, at the writer's depth (a stream writes a document in pieces).
    package static func encode<T: Encodable>(_ value: T, into writer: inout JSONWriter) throws {
        try Reused().encode(value, into: &writer)
    }

    /// Writes one of the library's own reports where `writer` stands, for a document written in
    /// pieces (check's and validate-bundle's streams), where no error can be passed on.
    package static func report<T: Encodable>(_ value: T, into writer: inout JSONWriter) {
        Reused().report(value, into: &writer)
    }

    /// One encoder's state kept for many values written one after another (a run of a report's
    /// files), instead of made anew for each.
    package struct Reused {
        private let sink = EncodingSink()

        package init() {}

        /// As ``ReportEncoder/encode(_:into:)``.
        package func encode<T: Encodable>(_ value: T, into writer: inout JSONWriter) throws {
            swap(&sink.state.writer, &writer)
            defer {
                sink.state.settle(frames: 0)
                swap(&sink.state.writer, &writer)
            }
            try sink.encodeValue(value, frames: 0)
        }

        /// As ``ReportEncoder/report(_:into:)``.
        package func report<T: Encodable>(_ value: T, into writer: inout JSONWriter) {
            writer.valueOrNull { try encode(value, into: &$0) }
        }
    }
}

/// One encoding, shared by the containers of the values in it. Its state is one stored property,
/// so each step of the encoding is one exclusive access to it, not one per field (the runtime
/// checks every access to a class's stored property, which cost more than the writing).
final class EncodingSink {
    var state = EncodingState()

    /// Writes `value` where the writer stands; `frames`: the containers open around it.
    func encodeValue<T: Encodable>(_ value: T, frames count: Int) throws {
        let before = state.writer.bytes.count
        try value.encode(to: ValueEncoder(sink: self, outer: count))
        // A conformance that asked for no container: Foundation writes an empty object.
        if state.writer.bytes.count == before && state.frames.count == count {
            _ = state.open(object: true)
        }
    }
}

/// The writer and the containers open in it, outermost first.
struct EncodingState {
    var writer = JSONWriter()

    /// An open object or array.
    struct Frame {
        var isObject: Bool
        /// Where its first member or element starts in the writer's bytes.
        var contentStart: Int
        /// Its members' entries in `members` start here.
        var membersBase: Int
        var count = 0
        /// Whether the members so far came in strictly increasing key order.
        var inOrder = true
    }

    /// A member written: where its bytes start (the newline before the key, after any comma) and
    /// where its key's text is in them. Keys are compared where they were written, so a member holds
    /// no string; only a key that needed escaping keeps its text, to be compared as text.
    struct Member {
        var start: Int
        var key: Range<Int>
        var escaped: String?
    }

    private(set) var frames: [Frame] = []
    private var members: [Member] = []

    init() {
        frames.reserveCapacity(16)
        members.reserveCapacity(64)
    }

    /// Closes every container opened after the first `count`: a write to an outer container means
    /// the inner ones are done.
    mutating func settle(frames count: Int) {
        while frames.count > count { closeInnermost() }
    }

    /// Opens an object or array as the value being written now; returns its index.
    mutating func open(object: Bool) -> Int {
        writer.open(object ? "{" : "[")
        frames.append(Frame(isObject: object, contentStart: writer.bytes.count, membersBase: members.count))
        return frames.count - 1
    }

    /// Starts the member `key` of the object at `index`, ready for its value.
    mutating func member(_ key: String, of index: Int) {
        settle(frames: index + 1)
        let first = frames[index].count == 0
        writer.item(first: first)
        let start = writer.bytes.count - 1 - 2 * writer.depth
        writer.quotedKey(key)
        // The key's text sits between its quotes, before `" : `.
        let text = (start + 2 + 2 * writer.depth)..<(writer.bytes.count - 4)
        let member = Member(start: start, key: text, escaped: text.count == key.utf8.count ? nil : key)
        if !first, let previous = members.last, !precedes(previous, member) {
            frames[index].inOrder = false
        }
        members.append(member)
        frames[index].count += 1
    }

    /// Whether `a`'s key sorts before `b`'s, by their UTF-8 bytes.
    private func precedes(_ a: Member, _ b: Member) -> Bool {
        if a.escaped == nil && b.escaped == nil {
            return writer.bytes.withUnsafeBufferPointer { all in
                all[a.key].lexicographicallyPrecedes(all[b.key])
            }
        }
        return JSONText.precedes(keyText(a), keyText(b))
    }

    private func keyText(_ member: Member) -> String {
        member.escaped ?? String(decoding: writer.bytes[member.key], as: UTF8.self)
    }

    /// Starts the next element of the array at `index`.
    mutating func element(of index: Int) {
        settle(frames: index + 1)
        writer.item(first: frames[index].count == 0)
        frames[index].count += 1
    }

    private mutating func closeInnermost() {
        let frame = frames.removeLast()
        if frame.isObject && !frame.inOrder { sortMembers(of: frame) }
        members.removeSubrange(frame.membersBase...)
        writer.close(frame.isObject ? "}" : "]", empty: frame.count == 0)
    }

    /// Puts an object's members in key order; of two with the same key the later wins, as in
    /// Foundation's encoder. Each member's bytes are position-independent (same depth), so they move as they are.
    private mutating func sortMembers(of frame: Frame) {
        let own = Array(members[frame.membersBase...])
        let end = writer.bytes.count
        // A later member starts after its comma.
        let spans = own.indices.map { i in own[i].start..<(i + 1 < own.count ? own[i + 1].start - 1 : end) }
        let order = own.indices.sorted { precedes(own[$0], own[$1]) || (!precedes(own[$1], own[$0]) && $0 < $1) }
        // Of equal keys, sorted next to each other in the order written, the last is kept.
        let kept = order.indices.filter { n in
            n + 1 == order.count || precedes(own[order[n]], own[order[n + 1]])
        }.map { order[$0] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - frame.contentStart)
        for (n, i) in kept.enumerated() {
            if n > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: writer.bytes[spans[i]])
        }
        writer.replaceTail(from: frame.contentStart, with: bytes)
    }
}

/// The `Encoder` a value is given: where its value goes.
private struct ValueEncoder: Encoder {
    let sink: EncodingSink
    /// The containers open around this value.
    let outer: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The object this value opened, if it opened one: asking twice gives the same object, so a
    /// conformance can add members to what its wrapped value wrote.
    private func object() -> Int {
        if sink.state.frames.count > outer, sink.state.frames[outer].isObject { return outer }
        sink.state.settle(frames: outer)
        return sink.state.open(object: true)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(sink: sink, index: object()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.state.settle(frames: outer)
        return UnkeyedContainer(sink: sink, index: sink.state.open(object: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValue(sink: sink, outer: outer) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: EncodingSink
    let index: Int

    var codingPath: [any CodingKey] { [] }

    private func start(_ key: Key) { sink.state.member(key.stringValue, of: index) }

    mutating func encodeNil(forKey key: Key) throws {
        start(key)
        sink.state.writer.null()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        start(key)
        sink.state.writer.bool(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        start(key)
        sink.state.writer.string(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        start(key)
        sink.state.writer.double(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        start(key)
        sink.state.writer.float(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        start(key)
        sink.state.writer.int(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        start(key)
        try sink.encodeValue(value, frames: index + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        start(key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(sink: sink, index: sink.state.open(object: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        start(key)
        return UnkeyedContainer(sink: sink, index: sink.state.open(object: false))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        start(key)
        return ValueEncoder(sink: sink, outer: index + 1)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let sink: EncodingSink
    let index: Int

    var codingPath: [any CodingKey] { [] }
    var count: Int { sink.state.frames.count > index ? sink.state.frames[index].count : 0 }

    mutating func encodeNil() throws {
        sink.state.element(of: index)
        sink.state.writer.null()
    }
    mutating func encode(_ value: Bool) throws {
        sink.state.element(of: index)
        sink.state.writer.bool(value)
    }
    mutating func encode(_ value: String) throws {
        sink.state.element(of: index)
        sink.state.writer.string(value)
    }
    mutating func encode(_ value: Double) throws {
        sink.state.element(of: index)
        sink.state.writer.double(value)
    }
    mutating func encode(_ value: Int) throws {
        sink.state.element(of: index)
        sink.state.writer.int(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        sink.state.element(of: index)
        try sink.encodeValue(value, frames: index + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        sink.state.element(of: index)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(sink: sink, index: sink.state.open(object: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.state.element(of: index)
        return UnkeyedContainer(sink: sink, index: sink.state.open(object: false))
    }

    mutating func superEncoder() -> any Encoder {
        sink.state.element(of: index)
        return ValueEncoder(sink: sink, outer: index + 1)
    }
}

private struct SingleValue: SingleValueEncodingContainer {
    let sink: EncodingSink
    let outer: Int

    var codingPath: [any CodingKey] { [] }

    private func start() { sink.state.settle(frames: outer) }

    mutating func encodeNil() throws {
        start()
        sink.state.writer.null()
    }
    mutating func encode(_ value: Bool) throws {
        start()
        sink.state.writer.bool(value)
    }
    mutating func encode(_ value: String) throws {
        start()
        sink.state.writer.string(value)
    }
    mutating func encode(_ value: Double) throws {
        start()
        sink.state.writer.double(value)
    }
    mutating func encode(_ value: Float) throws {
        start()
        sink.state.writer.float(value)
    }
    mutating func encode(_ value: Int) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int8) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int16) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int32) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: Int64) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt8) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt16) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt32) throws {
        start()
        sink.state.writer.int(value)
    }
    mutating func encode(_ value: UInt64) throws {
        start()
        sink.state.writer.int(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        start()
        try sink.encodeValue(value, frames: outer)
    }
}

extension KeyedEncodingContainer {
    // A member a schema requires even when unknown: `value`, or `null`. The same bytes as encoding
    // the optional itself, but through the container's concrete methods instead of `Optional`'s
    // generic conformance, which cost a report of thousands of files a third of its time.

    /// `value`, or `null` when there is none.
    package mutating func encodeOrNull(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// `value`, or `null` when there is none.
    package mutating func encodeOrNull(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// `value`, or `null` when there is none.
    package mutating func encodeOrNull(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    /// `value`, or `null` when there is none.
    package mutating func encodeOrNull(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
