/// The old-style (OpenStep) property list an Xcode project's `project.pbxproj` is written in:
/// `{ key = value; }`, `( a, b, )`, strings bare or in double quotes, `<hex data>`, `/* */` and `//`
/// comments. Read into ``JSONValue`` (dictionaries as objects, data as `null`) in one pass, nesting
/// bounded by `Limits.maximumNesting` and work linear in the input; errors name the line.
package enum OpenStepPlistParser {
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skip()
        let value = try parser.value()
        parser.skip()
        guard parser.at == bytes.count else { throw parser.fail("text after the property list") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0

        /// An error at the current position, with its 1-based line.
        func fail(_ message: String) -> StructureError {
            let line = 1 + bytes[0..<min(at, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            return .malformed("\(message) (line \(line))", at: at)
        }

        /// Skips white space and comments.
        mutating func skip() {
            while at < bytes.count {
                let byte = bytes[at]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    at += 1
                } else if byte == UInt8(ascii: "/"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "/") {
                    while at < bytes.count, bytes[at] != 0x0A { at += 1 }
                } else if byte == UInt8(ascii: "/"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "*") {
                    at += 2
                    while at + 1 < bytes.count, !(bytes[at] == UInt8(ascii: "*") && bytes[at + 1] == UInt8(ascii: "/"))
                    { at += 1 }
                    at = min(bytes.count, at + 2)
                } else {
                    return
                }
            }
        }

        /// A dictionary or array being read. On an explicit stack, not the thread's: recursion
        /// cost about 2 KB a level at -Onone, and the 512 levels allowed overflowed the 512 KiB
        /// of a secondary thread on Apple platforms.
        struct Open {
            var items: [JSONValue] = []
            var members: [String: JSONValue] = [:]
            /// The key whose value is being read; nil in an array.
            var key: String?
        }

        /// The value at `at`: one that opens a dictionary or array is pushed on `open`, each
        /// finished value goes into the innermost open one. Errors as reading it recursively gave.
        mutating func value() throws -> JSONValue {
            var open: [Open] = []
            while true {
                // A value starts here, `open.count` levels down.
                guard open.count < Limits.maximumNesting else { throw StructureError.tooDeep(at: at) }
                guard at < bytes.count else { throw fail("the text ends where a value should be") }
                var done: JSONValue?
                switch bytes[at] {
                case UInt8(ascii: "{"):
                    at += 1
                    open.append(Open(key: ""))
                case UInt8(ascii: "("):
                    at += 1
                    open.append(Open())
                case UInt8(ascii: "<"):
                    at += 1
                    while at < bytes.count, bytes[at] != UInt8(ascii: ">") {
                        guard
                            hexDigit(bytes[at]) != nil || bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x09
                        else { throw fail("not hex inside <data>") }
                        at += 1
                    }
                    guard at < bytes.count else { throw fail("the text ends inside <data>") }
                    at += 1
                    done = .null
                default:
                    done = .string(try string())
                }
                // Into the open containers, closing each that ends here, until one wants a value.
                while let last = open.indices.last {
                    let isDictionary = open[last].key != nil
                    if let value = done {
                        // After a member's value its ';', after an element ',' or the ')'.
                        skip()
                        if isDictionary {
                            let key = open[last].key!
                            open[last].members[key] = value
                            guard at < bytes.count, bytes[at] == UInt8(ascii: ";") else {
                                throw fail("expected ';' after the value of '\(key)'")
                            }
                            at += 1
                        } else {
                            open[last].items.append(value)
                            guard at < bytes.count else { throw fail("the text ends inside an array") }
                            if bytes[at] == UInt8(ascii: ",") {
                                at += 1
                            } else if bytes[at] != UInt8(ascii: ")") {
                                throw fail("expected ',' or ')' in an array")
                            }
                        }
                    }
                    skip()
                    guard at < bytes.count else {
                        throw fail("the text ends inside \(isDictionary ? "a dictionary" : "an array")")
                    }
                    if bytes[at] == UInt8(ascii: isDictionary ? "}" : ")") {
                        at += 1
                        let closed = open.removeLast()
                        done = isDictionary ? .object(closed.members) : .array(closed.items)
                        continue
                    }
                    if isDictionary {
                        let key = try string()
                        skip()
                        guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else {
                            throw fail("expected '=' after the key '\(key)'")
                        }
                        at += 1
                        skip()
                        open[last].key = key
                    }
                    break
                }
                if open.isEmpty, let done { return done }
            }
        }

        /// A quoted or bare string.
        mutating func string() throws -> String {
            guard at < bytes.count else { throw fail("the text ends where a string should be") }
            if bytes[at] == UInt8(ascii: "\"") { return try quoted() }
            let start = at
            while at < bytes.count, isBare(bytes[at]) { at += 1 }
            guard at > start else { throw fail("unexpected '\(String(decoding: [bytes[at]], as: UTF8.self))'") }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }

        /// A string in double quotes: `\"`, `\\`, `\n`, `\t`, `\r`, `\Uxxxx` and three-digit octal
        /// escapes; other text as it is (UTF-8).
        mutating func quoted() throws -> String {
            at += 1
            var out: [UInt8] = []
            while true {
                guard at < bytes.count else { throw fail("the text ends inside a quoted string") }
                let byte = bytes[at]
                at += 1
                if byte == UInt8(ascii: "\"") { break }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    continue
                }
                guard at < bytes.count else { throw fail("the text ends inside an escape") }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard at < bytes.count, let digit = hexDigit(bytes[at]) else {
                            throw fail("\\U needs four hex digits")
                        }
                        value = value << 4 | UInt32(digit)
                        at += 1
                    }
                    out += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = UInt32(escape - UInt8(ascii: "0"))
                    for _ in 0..<2 where at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[at])
                    {
                        value = value << 3 | UInt32(bytes[at] - UInt8(ascii: "0"))
                        at += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(escape)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        func isBare(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
    }
}
