/// Property lists, XML or binary (`bplist00`), read into ``JSONValue`` in one pass: nesting bounded
/// by `Limits.maximumNesting`, work linear in the input. FoundationEssentials' XML scanner recursed
/// until the stack ran out on a plist nested a few thousand levels (a segmentation fault in
/// `validate-bundle`), and its binary reader followed an object that contains itself for ever.
/// Dates and data become `null`: nothing alertsound reads is one.
package enum PropertyListParser {
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        if bytes.starts(with: Array("bplist00".utf8)) { return try BinaryPropertyList(bytes).top() }
        var parser = XMLPropertyList(bytes: bytes)
        return try parser.document()
    }
}

/// The XML form: `<plist>` holding one value; `dict`, `array`, `key`, `string`, `integer`, `real`,
/// `true`, `false`, `date`, `data`. Comments, the XML declaration and the DOCTYPE are skipped.
private struct XMLPropertyList {
    let bytes: [UInt8]
    var at = 0

    enum Tag: Equatable {
        case open(String), close(String), empty(String)
    }

    mutating func document() throws -> JSONValue {
        guard let first = try nextTag() else { throw StructureError.malformed("no element", at: at) }
        let value: JSONValue
        if first == .open("plist") {
            guard let inner = try nextTag() else {
                throw StructureError.malformed("the text ends inside <plist>", at: at)
            }
            if inner == .close("plist") { return .null }
            value = try self.value(inner)
            guard try nextTag() == .close("plist") else { throw StructureError.malformed("expected </plist>", at: at) }
        } else {
            value = try self.value(first)
        }
        return value
    }

    /// A `<dict>` or `<array>` being read. On an explicit stack, not the thread's: recursion cost
    /// about 3 KB a level at -Onone, and the 512 levels allowed overflowed the 512 KiB of a
    /// secondary thread on Apple platforms.
    struct Open {
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        /// The key whose value is being read; nil in an array.
        var key: String?
    }

    /// The value whose opening tag was just read: a `<dict>` or `<array>` is pushed on `open`,
    /// each finished value goes into the innermost open one. Errors as reading it recursively gave.
    mutating func value(_ first: Tag) throws -> JSONValue {
        var open: [Open] = []
        var tag = first
        while true {
            // A value starts with `tag`, `open.count` levels down.
            guard open.count < Limits.maximumNesting else { throw StructureError.tooDeep(at: at) }
            var done: JSONValue?
            switch tag {
            case .open("dict"): open.append(Open(key: ""))
            case .open("array"): open.append(Open())
            default: done = try scalar(tag)
            }
            // Into the open containers, closing each that ends here, until one wants a value.
            while let last = open.indices.last {
                let isDictionary = open[last].key != nil
                if let value = done {
                    if isDictionary {
                        open[last].members[open[last].key!] = value
                    } else {
                        open[last].elements.append(value)
                    }
                }
                guard let next = try nextTag() else {
                    throw StructureError.malformed(
                        "the text ends inside <\(isDictionary ? "dict" : "array")>", at: at)
                }
                if next == .close(isDictionary ? "dict" : "array") {
                    let closed = open.removeLast()
                    done = isDictionary ? .object(closed.members) : .array(closed.elements)
                    continue
                }
                if isDictionary {
                    switch next {
                    case .open("key"): open[last].key = try text(closing: "key")
                    case .empty("key"): open[last].key = ""
                    default: throw StructureError.malformed("expected <key> inside <dict>", at: at)
                    }
                    guard let valueTag = try nextTag() else {
                        throw StructureError.malformed("the text ends after <key>", at: at)
                    }
                    tag = valueTag
                } else {
                    tag = next
                }
                break
            }
            if open.isEmpty, let done { return done }
        }
    }

    /// A value that holds no other: everything but an open `<dict>` or `<array>`.
    mutating func scalar(_ tag: Tag) throws -> JSONValue {
        switch tag {
        case .empty("true"): return .bool(true)
        case .empty("false"): return .bool(false)
        case .empty("dict"): return .object([:])
        case .empty("array"): return .array([])
        case .empty("string"): return .string("")
        case .empty("data"), .empty("date"): return .null
        case .open("string"): return .string(try text(closing: "string"))
        case .open("integer"), .open("real"):
            guard case .open(let name) = tag else { return .null }
            let text = try self.text(closing: name).trimmingWhitespace()
            if let number = Double(text)
                ?? (text.lowercased().hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16).map(Double.init) : nil)
            {
                return .number(number)
            }
            throw StructureError.malformed("<\(name)> holds '\(text.prefix(40))', not a number", at: at)
        case .open("date"), .open("data"):
            guard case .open(let name) = tag else { return .null }
            _ = try text(closing: name)
            return .null
        case .open(let name), .empty(let name):
            throw StructureError.malformed("<\(name)> is not a property-list element", at: at)
        case .close(let name):
            throw StructureError.malformed("</\(name)> where a value was expected", at: at)
        }
    }

    /// The next tag, skipping text between tags, comments, `<?…?>` and `<!…>`; nil at the end.
    mutating func nextTag() throws -> Tag? {
        while true {
            guard let open = bytes[at...].firstIndex(of: UInt8(ascii: "<")) else {
                at = bytes.count
                return nil
            }
            at = open
            if bytes[at...].starts(with: Array("<!--".utf8)) {
                guard let end = bytes[at...].firstRange(of: Array("-->".utf8)) else {
                    throw StructureError.malformed("a comment that never ends", at: at)
                }
                at = end.upperBound
                continue
            }
            guard let close = bytes[at...].firstIndex(of: UInt8(ascii: ">")) else {
                throw StructureError.malformed("a tag that never ends", at: at)
            }
            let inside = bytes[(at + 1)..<close]
            let start = at
            at = close + 1
            if inside.first == UInt8(ascii: "?") || inside.first == UInt8(ascii: "!") { continue }
            if inside.first == UInt8(ascii: "/") { return .close(Self.name(inside.dropFirst())) }
            if inside.last == UInt8(ascii: "/") { return .empty(Self.name(inside.dropLast())) }
            guard !inside.isEmpty else { throw StructureError.malformed("an empty tag", at: start) }
            return .open(Self.name(inside))
        }
    }

    /// The element's name, without attributes (`<plist version="1.0">`).
    static func name(_ inside: ArraySlice<UInt8>) -> String {
        let end = inside.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ?? inside.endIndex
        return String(decoding: inside[inside.startIndex..<end], as: UTF8.self)
    }

    /// The text up to `</name>`, with XML's entities and character references replaced.
    mutating func text(closing name: String) throws -> String {
        let start = at
        guard let end = bytes[at...].firstIndex(of: UInt8(ascii: "<")) else {
            throw StructureError.malformed("the text ends inside <\(name)>", at: start)
        }
        at = end
        guard try nextTag() == .close(name) else { throw StructureError.malformed("expected </\(name)>", at: end) }
        guard let raw = validUTF8(bytes[start..<end]) else {
            throw StructureError.malformed("text that is not UTF-8", at: start)
        }
        return raw.contains("&") ? try Self.unescape(raw, at: start) : raw
    }

    static func unescape(_ raw: String, at offset: Int) throws -> String {
        var out = String.UnicodeScalarView()
        var scalars = raw.unicodeScalars[...]
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            guard first == "&" else {
                out.append(first)
                continue
            }
            guard let semicolon = scalars.prefix(12).firstIndex(of: ";") else {
                throw StructureError.malformed("an '&' that starts no entity", at: offset)
            }
            let entity = String(String.UnicodeScalarView(scalars[..<semicolon]))
            scalars = scalars[scalars.index(after: semicolon)...]
            switch entity {
            case "amp": out.append("&")
            case "lt": out.append("<")
            case "gt": out.append(">")
            case "quot": out.append("\"")
            case "apos": out.append("'")
            default:
                let code =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                guard let code, let scalar = Unicode.Scalar(code) else {
                    throw StructureError.malformed("an unknown entity '&\(entity);'", at: offset)
                }
                out.append(scalar)
            }
        }
        return String(out)
    }
}

/// The binary form: a trailer naming the offset table and the top object. Each object is decoded
/// once and remembered (arrays that share references cost nothing more), an object reached again
/// while it is being decoded is a cycle, and nesting is bounded.
private struct BinaryPropertyList {
    let bytes: [UInt8]
    let offsetSize: Int, referenceSize: Int, count: Int, topObject: Int, tableOffset: Int

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        guard bytes.count >= 8 + 32 else {
            throw StructureError.malformed("a binary plist too short for its trailer", at: 0)
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        func u64(_ at: Int) -> UInt64 { bytes[at..<at + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        let count = u64(trailer + 8), top = u64(trailer + 16), table = u64(trailer + 24)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            count > 0, count <= UInt64(bytes.count), top < count, table >= 8, table < UInt64(trailer),
            count.multipliedReportingOverflow(by: UInt64(offsetSize)).partialValue <= UInt64(trailer) - table
        else {
            throw StructureError.malformed("a binary plist trailer that does not fit the file", at: trailer)
        }
        self.count = Int(count)
        topObject = Int(top)
        tableOffset = Int(table)
    }

    /// An array or dictionary being decoded: where its references are and what they gave so far.
    struct Open {
        let index: Int, offset: Int, isDictionary: Bool, length: Int, start: Int
        /// References read so far (a dictionary's keys and values count one each).
        var next = 0
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        var key = ""
        /// The reference the next one is read from; nil when all are read.
        func nextReference(_ referenceSize: Int) -> Int? {
            guard next < (isDictionary ? 2 * length : length) else { return nil }
            // A dictionary's keys come first, then its values: key i at i, its value at length + i.
            let slot = isDictionary ? (next % 2 == 0 ? next / 2 : length + next / 2) : next
            return start + slot * referenceSize
        }
    }

    /// The top object, decoded with its nesting on an explicit stack, not the thread's: recursion
    /// cost nearly 4 KB a level at -Onone, and the 512 levels allowed overflowed the 512 KiB of a
    /// secondary thread on Apple platforms. Objects are read in the order, and with the errors,
    /// of reading them recursively.
    func top() throws -> JSONValue {
        var state = State(decoded: [Int: JSONValue](), inProgress: Set<Int>())
        var open: [Open] = []
        switch try object(topObject, depth: 0, state: &state) {
        case .value(let value): return value
        case .opened(let collection): open.append(collection)
        }
        while true {
            let done: JSONValue
            if let reference = open[open.count - 1].nextReference(referenceSize) {
                switch try object(try integer(at: reference, size: referenceSize), depth: open.count, state: &state) {
                case .opened(let collection):
                    open.append(collection)
                    continue
                case .value(let value): done = value
                }
            } else {
                let closed = open.removeLast()
                done = closed.isDictionary ? .object(closed.members) : .array(closed.elements)
                state.decoded[closed.index] = done
                state.inProgress.remove(closed.index)
                if open.isEmpty { return done }
            }
            try add(done, to: &open[open.count - 1])
        }
    }

    /// Puts a decoded object where its reference was: an element, a key (which must be a
    /// string) or a value.
    private func add(_ value: JSONValue, to collection: inout Open) throws {
        defer { collection.next += 1 }
        guard collection.isDictionary else {
            collection.elements.append(value)
            return
        }
        if collection.next % 2 == 0 {
            guard case .string(let key) = value else {
                throw StructureError.malformed("a dictionary key that is not a string", at: collection.offset)
            }
            collection.key = key
        } else {
            collection.members[collection.key] = value
        }
    }

    struct State {
        var decoded: [Int: JSONValue]
        var inProgress: Set<Int>
    }

    /// An object decoded, or an array or dictionary opened for its members to be decoded.
    enum Step {
        case value(JSONValue)
        case opened(Open)
    }

    private func integer(at offset: Int, size: Int) throws -> Int {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else {
            throw StructureError.malformed("a value past the end of the plist", at: offset)
        }
        let value = bytes[offset..<offset + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard value <= UInt64(Int.max) else {
            throw StructureError.malformed("an offset or count too large", at: offset)
        }
        return Int(value)
    }

    /// Object `index`, `depth` levels down: decoded when it holds no other (or was decoded
    /// before), else opened, marked in progress until it closes, so that one reached again inside
    /// itself is a cycle.
    private func object(_ index: Int, depth: Int, state: inout State) throws -> Step {
        guard index < count else {
            throw StructureError.malformed("a reference to object \(index) of \(count)", at: tableOffset)
        }
        if let known = state.decoded[index] { return .value(known) }
        guard depth < Limits.maximumNesting else { throw StructureError.tooDeep(at: tableOffset) }
        guard !state.inProgress.contains(index) else {
            throw StructureError.malformed("object \(index) contains itself", at: tableOffset + index * offsetSize)
        }
        let offset = try integer(at: tableOffset + index * offsetSize, size: offsetSize)
        guard offset >= 8, offset < tableOffset else {
            throw StructureError.malformed("object \(index) lies outside the objects", at: offset)
        }
        let marker = bytes[offset], kind = marker >> 4, low = Int(marker & 0x0F)
        var value: JSONValue
        switch kind {
        case 0x0: value = marker == 0x09 ? .bool(true) : marker == 0x08 ? .bool(false) : .null
        case 0x1:
            let size = 1 << low
            guard size <= 16, offset + 1 + size <= bytes.count else {
                throw StructureError.malformed("an integer past the end", at: offset)
            }
            // 16-byte integers keep their low 8 bytes; only small numbers matter here.
            let raw = bytes[(offset + 1 + max(0, size - 8))..<(offset + 1 + size)].reduce(UInt64(0)) {
                $0 << 8 | UInt64($1)
            }
            value = .number(size >= 8 ? Double(Int64(bitPattern: raw)) : Double(raw))
        case 0x2:
            let size = 1 << low
            guard size == 4 || size == 8, offset + 1 + size <= bytes.count else {
                throw StructureError.malformed("a real of \(size) bytes", at: offset)
            }
            let raw = bytes[(offset + 1)..<(offset + 1 + size)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            value = .number(size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3, 0x4: value = .null
        case 0x5, 0x6:
            let (length, start) = try lengthAndStart(offset, low)
            let width = kind == 0x5 ? 1 : 2
            let (bytesLong, overflow) = length.multipliedReportingOverflow(by: width)
            guard !overflow, start + bytesLong <= tableOffset else {
                throw StructureError.malformed("a string past the objects", at: offset)
            }
            if kind == 0x5 {
                value = .string(String(decoding: bytes[start..<start + bytesLong], as: UTF8.self))
            } else {
                let units = stride(from: start, to: start + bytesLong, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
                value = .string(String(decoding: units, as: UTF16.self))
            }
        case 0x8: value = .number(Double(try integer(at: offset + 1, size: low + 1)))
        case 0xA, 0xC:
            let (length, start) = try lengthAndStart(offset, low)
            let (size, overflow) = length.multipliedReportingOverflow(by: referenceSize)
            guard !overflow, start + size <= tableOffset else {
                throw StructureError.malformed("an array past the objects", at: offset)
            }
            var opened = Open(index: index, offset: offset, isDictionary: false, length: length, start: start)
            opened.elements.reserveCapacity(length)
            state.inProgress.insert(index)
            return .opened(opened)
        case 0xD:
            let (length, start) = try lengthAndStart(offset, low)
            let (size, overflow) = length.multipliedReportingOverflow(by: 2 * referenceSize)
            guard !overflow, start + size <= tableOffset else {
                throw StructureError.malformed("a dictionary past the objects", at: offset)
            }
            state.inProgress.insert(index)
            return .opened(Open(index: index, offset: offset, isDictionary: true, length: length, start: start))
        default:
            throw StructureError.malformed("an object of unknown type 0x\(String(marker, radix: 16))", at: offset)
        }
        state.decoded[index] = value
        return .value(value)
    }

    /// A collection's or string's length: the marker's low nibble, or an integer object after it.
    private func lengthAndStart(_ offset: Int, _ low: Int) throws -> (Int, Int) {
        guard low == 0x0F else { return (low, offset + 1) }
        guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else {
            throw StructureError.malformed("a length that is not an integer", at: offset)
        }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8 else { throw StructureError.malformed("a length of \(size) bytes", at: offset) }
        return (try integer(at: offset + 2, size: size), offset + 2 + size)
    }
}
