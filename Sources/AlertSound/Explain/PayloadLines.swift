import AlertSoundCore

/// The line of each key a push's references name in its payload's text (`aps.sound`,
/// `[12].sound` in an Expo array), found in one pass over the text, whatever the number of
/// references: looking each up from the start cost pushes × payload size (3,000 messages of
/// 150 KB took over 20 s), and an array index was never found at all.
struct PayloadLines: Sendable {
    private let lines: [String: Int]

    /// The lines of `fields` in `text`, a JSON document. A field's parts are separated by `.`;
    /// `[n]` is an array's element. A key is found by its place in the document, not its
    /// spelling elsewhere; a field not found has no line.
    init(_ text: [UInt8], fields: [String]) { lines = Self.index(text, fields: fields) }

    private static func index(_ text: [UInt8], fields: [String]) -> [String: Int] {
        // Every prefix of a field at a part's end: only these are followed into the document.
        var wanted: Set<String> = []
        for field in fields {
            var prefix = ""
            for part in field.split(separator: ".", omittingEmptySubsequences: false) {
                prefix = join(prefix, String(part))
                wanted.insert(prefix)
            }
        }
        var lines: [String: Int] = [:]
        guard !wanted.isEmpty else { return lines }
        // Each open container: whether it is an array, its element count so far, whether a key
        // comes next (an object), and its path when it is on the way to a wanted field.
        struct Level {
            var array: Bool
            var index = 0
            var expectingKey: Bool
            var path: String?
        }
        var stack: [Level] = []
        // The path of the value that comes next in an object: set by its key.
        var valuePath: String?
        var line = 1
        var i = 0
        func pathOfNextValue() -> String? {
            guard let top = stack.last else { return "" }
            if !top.array { return valuePath }
            guard let parent = top.path else { return nil }
            let path = parent + "[\(top.index)]"
            return wanted.contains(path) ? path : nil
        }
        while i < text.count {
            let c = text[i]
            switch c {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let path = pathOfNextValue()
                stack.append(Level(array: c == UInt8(ascii: "["), expectingKey: c == UInt8(ascii: "{"), path: path))
                valuePath = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                if let top = stack.indices.last {
                    if stack[top].array { stack[top].index += 1 } else { stack[top].expectingKey = true }
                }
                valuePath = nil
            case UInt8(ascii: "\""):
                var end = i + 1
                while end < text.count, text[end] != UInt8(ascii: "\"") {
                    end += text[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if let top = stack.indices.last, !stack[top].array, stack[top].expectingKey {
                    stack[top].expectingKey = false
                    valuePath = nil
                    if let parent = stack[top].path {
                        let path = join(parent, String(decoding: text[(i + 1)..<min(end, text.count)], as: UTF8.self))
                        if wanted.contains(path) {
                            valuePath = path
                            if lines[path] == nil { lines[path] = line }
                        }
                    }
                }
                i = end
            default:
                break
            }
            i += 1
        }
        return lines
    }

    /// `part` under `parent`: a key after a `.`, an element (`[n]`) right after its array.
    private static func join(_ parent: String, _ part: String) -> String {
        parent.isEmpty || part.hasPrefix("[") ? parent + part : parent + "." + part
    }

    /// The line of `field`'s last key, when the payload holds it.
    func line(of field: String) -> Int? { lines[field] }
}
