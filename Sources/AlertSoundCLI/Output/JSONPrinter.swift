import AlertSound

/// One JSON object for the whole run, keys sorted so output is stable.
///
/// The reports' own `Encodable` conformances say what is written; this encoder writes it the way
/// Foundation's `JSONEncoder` does with `.prettyPrinted, .sortedKeys, .withoutEscapingSlashes`
/// (the tests compare the two byte for byte), at a fraction of the cost: Foundation's encoder
/// checks every value against Date, Data, URL and Decimal with dynamic casts and builds a tree of
/// boxed values, which was half of `check --format json`'s time (callgrind, 10,000 files). Here
/// the values go into one flat arena: nodes linked by index, text in one byte buffer.
enum JSONPrinter {
    static func render<T: Encodable>(_ value: T) -> String {
        let arena = JSONArena()
        let root = arena.add(.scalar)
        arena.setText(root, "null")
        guard (try? value.encode(to: ArenaEncoder(arena: arena, node: root))) != nil else { return "{}" }
        var out: [UInt8] = []
        out.reserveCapacity(arena.bytes.count * 2)
        arena.write(root, into: &out, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Every node of one document. A node is a scalar (its JSON text), an array or an object; children
/// hang off their parent as a linked list, members carry their key.
final class JSONArena {
    enum Kind: UInt8 { case scalar, array, object }
    struct Node {
        var kind: Kind
        /// Scalar text, or a member's key, in `bytes`.
        var text: Range<Int> = 0..<0
        var key: Range<Int> = 0..<0
        var first = -1
        var last = -1
        var next = -1
    }

    var nodes: [Node] = []
    var bytes: [UInt8] = []

    init() {
        nodes.reserveCapacity(1024)
        bytes.reserveCapacity(1 << 16)
    }

    func add(_ kind: Kind) -> Int {
        nodes.append(Node(kind: kind))
        return nodes.count - 1
    }

    /// Makes `node` a container of `kind` (a value encoded through a container replaces the scalar;
    /// asking again for the same kind of container adds to it, as Foundation's encoder does).
    func become(_ node: Int, _ kind: Kind) {
        guard nodes[node].kind != kind else { return }
        nodes[node] = Node(kind: kind, key: nodes[node].key, next: nodes[node].next)
    }

    func setText(_ node: Int, _ text: String) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        nodes[node].text = start..<bytes.count
    }

    func setQuoted(_ node: Int, _ text: String) {
        let start = bytes.count
        Self.quote(text, into: &bytes)
        nodes[node].text = start..<bytes.count
    }

    /// A new child of `parent`, with `key` when the parent is an object.
    func child(of parent: Int, key: String?, kind: Kind) -> Int {
        let node = add(kind)
        if let key {
            let start = bytes.count
            Self.quote(key, into: &bytes)
            nodes[node].key = start..<bytes.count
        }
        if nodes[parent].last < 0 { nodes[parent].first = node } else { nodes[nodes[parent].last].next = node }
        nodes[parent].last = node
        return node
    }

    func children(_ node: Int) -> [Int] {
        var list: [Int] = []
        var child = nodes[node].first
        while child >= 0 {
            list.append(child)
            child = nodes[child].next
        }
        return list
    }

    func write(_ node: Int, into out: inout [UInt8], indent: Int) {
        let n = nodes[node]
        switch n.kind {
        case .scalar:
            out.append(contentsOf: bytes[n.text])
        case .array, .object:
            var list = children(node)
            if n.kind == .object {
                // Quoted keys sort as the keys do: the quote and escapes only follow the key's own bytes.
                list.sort { bytes[nodes[$0].key].lexicographicallyPrecedes(bytes[nodes[$1].key]) }
            }
            out.append(n.kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
            out.append(10)
            for (i, child) in list.enumerated() {
                for _ in 0..<(indent + 2) { out.append(32) }
                if n.kind == .object {
                    out.append(contentsOf: bytes[nodes[child].key])
                    out.append(contentsOf: [32, UInt8(ascii: ":"), 32])
                }
                write(child, into: &out, indent: indent + 2)
                if i < list.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(10)
            }
            if list.isEmpty { out.append(10) }
            for _ in 0..<indent { out.append(32) }
            out.append(n.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    static func quote(_ text: String, into out: inout [UInt8]) { JSONText.quote(text, into: &out) }

    static func number(_ value: Double) -> String { JSONText.number(value) }

    /// Stores `value` at `node`: the common scalars directly, anything else through its `encode(to:)`.
    func store<T: Encodable>(_ value: T, at node: Int) throws {
        switch value {
        case let v as String: setQuoted(node, v)
        case let v as Bool: setText(node, v ? "true" : "false")
        case let v as Int: setText(node, String(v))
        case let v as Int64: setText(node, String(v))
        case let v as Double: setText(node, Self.number(v))
        default: try value.encode(to: ArenaEncoder(arena: self, node: node))
        }
    }
}

struct ArenaEncoder: Encoder {
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    let arena: JSONArena
    let node: Int

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        arena.become(node, .object)
        return KeyedEncodingContainer(KeyedArena<Key>(arena: arena, node: node))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        arena.become(node, .array)
        return UnkeyedArena(arena: arena, node: node)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleArena(arena: arena, node: node) }
}

private struct KeyedArena<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [CodingKey] = []
    let arena: JSONArena
    let node: Int

    private func scalar(_ key: Key) -> Int { arena.child(of: node, key: key.stringValue, kind: .scalar) }

    mutating func encodeNil(forKey key: Key) throws { arena.setText(scalar(key), "null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { arena.setText(scalar(key), value ? "true" : "false") }
    mutating func encode(_ value: String, forKey key: Key) throws { arena.setQuoted(scalar(key), value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { arena.setText(scalar(key), JSONArena.number(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { arena.setText(scalar(key), String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { arena.setText(scalar(key), String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try arena.store(value, at: scalar(key)) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedArena<NestedKey>(arena: arena, node: arena.child(of: node, key: key.stringValue, kind: .object)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        UnkeyedArena(arena: arena, node: arena.child(of: node, key: key.stringValue, kind: .array))
    }

    mutating func superEncoder() -> Encoder { ArenaEncoder(arena: arena, node: arena.child(of: node, key: "super", kind: .scalar)) }
    mutating func superEncoder(forKey key: Key) -> Encoder { ArenaEncoder(arena: arena, node: scalar(key)) }
}

private struct UnkeyedArena: UnkeyedEncodingContainer {
    var codingPath: [CodingKey] = []
    let arena: JSONArena
    let node: Int
    private(set) var count = 0

    init(arena: JSONArena, node: Int) {
        self.arena = arena
        self.node = node
    }

    private mutating func scalar() -> Int {
        count += 1
        return arena.child(of: node, key: nil, kind: .scalar)
    }

    mutating func encodeNil() throws { arena.setText(scalar(), "null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try arena.store(value, at: scalar()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        return KeyedEncodingContainer(KeyedArena<NestedKey>(arena: arena, node: arena.child(of: node, key: nil, kind: .object)))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        count += 1
        return UnkeyedArena(arena: arena, node: arena.child(of: node, key: nil, kind: .array))
    }

    mutating func superEncoder() -> Encoder { ArenaEncoder(arena: arena, node: scalar()) }
}

private struct SingleArena: SingleValueEncodingContainer {
    var codingPath: [CodingKey] = []
    let arena: JSONArena
    let node: Int

    mutating func encodeNil() throws { arena.setText(node, "null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try arena.store(value, at: node) }
}
