/// The HTML and XML sinks: text from data placed in element content or an attribute value.
///
/// `&`, `<`, `>`, `"` and `'` become entity references; every invisible scalar (XML 1.0 forbids
/// most C0 controls even as character references) becomes the visible text `\u{1B}`; newline
/// and tab are kept.
package enum MarkupText {
    /// Text for HTML element content or a quoted attribute value.
    package static func html(_ text: String) -> String { escape(text) }

    /// Text for XML element content or a quoted attribute value (valid XML 1.0 characters only).
    package static func xml(_ text: String) -> String { escape(text) }

    private static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where InvisibleScalars.contains(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += InvisibleScalars.visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
