/// The Swift source sink: data placed in generated Swift (`export --swift-test`) as a string
/// literal, a line comment or an identifier, so that no name, note or file name can become code.
package enum SwiftSource {
    /// A string literal whose value is exactly `text`: quotes and backslashes escaped, every
    /// invisible scalar (newline included) as `\u{...}` or its short escape.
    package static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            case _ where InvisibleScalars.contains(scalar): out += InvisibleScalars.visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Text for a `//` comment: on one line, with every invisible scalar (newline and tab too)
    /// shown as `\u{...}`.
    package static func comment(_ text: String) -> String {
        if InvisibleScalars.isClean(text) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            out += InvisibleScalars.contains(scalar) ? InvisibleScalars.visible(scalar) : String(scalar)
        }
        return out
    }

    /// A Swift identifier from any text (`floating-menu.session` → `FloatingMenuSession`): ASCII
    /// letters and digits only, words joined in camel case; never empty, never starting with a
    /// digit, never a keyword (`default` → `defaultSession`).
    package static func identifier(_ text: String, capitalized: Bool, fallback: String = "session") -> String {
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        var result = words.enumerated().map { index, word in
            index == 0 && !capitalized ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        let prefix = capitalized ? fallback.prefix(1).uppercased() + fallback.dropFirst() : fallback
        if result.isEmpty || result.first!.isNumber { result = prefix + result }
        if keywords.contains(result) { result += prefix.prefix(1).uppercased() + prefix.dropFirst() }
        return result
    }

    /// Swift's keywords and the names with a meaning of their own where an identifier goes.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "_", "async", "actor", "some", "any", "Type", "Protocol", "macro", "package", "each", "copy", "discard", "then",
    ]
}
