import AlertSoundCore

/// A binary plist from its objects' encodings (marker byte and payload), references one byte wide
/// unless said: enough to build cycles, shared references and deep chains without a plist writer.
public func binaryPlist(_ objects: [[UInt8]], top: Int = 0, referenceSize: UInt8 = 1) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    let offsetSize = bytes.count > 255 ? 2 : 1
    for offset in offsets { bytes += offsetSize == 2 ? [UInt8(offset >> 8), UInt8(offset & 0xFF)] : [UInt8(offset)] }
    func u64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), referenceSize] + u64(objects.count) + u64(top) + u64(table)
    return bytes
}

/// Inputs nested `levels` deep in each structured form alertsound reads: containers inside
/// containers, each the only member (`"a"` in a dictionary) of the one above, the innermost empty.
/// `Limits.maximumNesting` levels is the deepest each reader accepts; one more is refused.
public enum NestedInputs {
    /// The forms, by the name a test prints.
    public enum Form: String, CaseIterable, Sendable {
        case jsonArrays, jsonObjects, xmlArrays, xmlDicts, binaryArrays, binaryDicts, openStepArrays, openStepDicts
    }

    public static func bytes(_ form: Form, levels: Int) -> [UInt8] {
        switch form {
        case .jsonArrays: return json(levels, open: "[", close: "]")
        case .jsonObjects: return json(levels, open: #"{"a":"#, close: "}", innermost: "{}")
        case .xmlArrays: return xml(levels, open: "<array>", close: "</array>", innermost: "<array/>")
        case .xmlDicts: return xml(levels, open: "<dict><key>a</key>", close: "</dict>", innermost: "<dict/>")
        case .binaryArrays: return binary(levels, dictionaries: false)
        case .binaryDicts: return binary(levels, dictionaries: true)
        case .openStepArrays: return openStep(levels, open: "(", close: ")", innermost: "()")
        case .openStepDicts: return openStep(levels, open: "{a=", close: ";}", innermost: "{}")
        }
    }

    /// Whether the form is a property list (XML or binary) rather than JSON or OpenStep text.
    public static func isPropertyList(_ form: Form) -> Bool {
        [.xmlArrays, .xmlDicts, .binaryArrays, .binaryDicts].contains(form)
    }

    /// `innermost` inside `levels - 1` pairs of `open` and `close`.
    public static func text(_ levels: Int, open: String, close: String, innermost: String) -> String {
        String(repeating: open, count: levels - 1) + innermost + String(repeating: close, count: levels - 1)
    }

    static func json(_ levels: Int, open: String, close: String, innermost: String? = nil) -> [UInt8] {
        Array(text(levels, open: open, close: close, innermost: innermost ?? open + close).utf8)
    }

    static func xml(_ levels: Int, open: String, close: String, innermost: String) -> [UInt8] {
        Array(
            ("<?xml version=\"1.0\"?><plist version=\"1.0\">"
                + text(levels, open: open, close: close, innermost: innermost) + "</plist>").utf8)
    }

    static func openStep(_ levels: Int, open: String, close: String, innermost: String) -> [UInt8] {
        Array(("// !$*UTF8*$!\n" + text(levels, open: open, close: close, innermost: innermost)).utf8)
    }

    /// Object i holds object i + 1 (a dictionary's key is the last object, "a"), references two bytes wide.
    static func binary(_ levels: Int, dictionaries: Bool) -> [UInt8] {
        func reference(_ i: Int) -> [UInt8] { [UInt8(i >> 8), UInt8(i & 0xFF)] }
        var objects: [[UInt8]] = (0..<levels - 1).map {
            dictionaries ? [0xD1] + reference(levels) + reference($0 + 1) : [0xA1] + reference($0 + 1)
        }
        objects.append(dictionaries ? [0xD0] : [0xA0])
        objects.append([0x51, UInt8(ascii: "a")])
        return binaryPlist(objects, referenceSize: 2)
    }
}

extension NestedInputs {
    /// The value every reader should give for `bytes(form, levels:)`, built without recursion.
    package static func value(_ form: Form, levels: Int) -> JSONValue {
        let arrays = [.jsonArrays, .xmlArrays, .binaryArrays, .openStepArrays].contains(form)
        var value: JSONValue = arrays ? .array([]) : .object([:])
        for _ in 1..<levels { value = arrays ? .array([value]) : .object(["a": value]) }
        return value
    }

    /// How many containers deep `value` is, following each one's first member.
    package static func depth(of value: JSONValue) -> Int {
        var value = value
        var depth = 0
        while true {
            switch value {
            case .array(let items):
                depth += 1
                guard let first = items.first else { return depth }
                value = first
            case .object(let members):
                depth += 1
                guard let first = members.values.first else { return depth }
                value = first
            default: return depth
            }
        }
    }
}
