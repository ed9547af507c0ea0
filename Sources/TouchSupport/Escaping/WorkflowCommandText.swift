/// The GitHub Actions workflow-command sink (`::error file=…,title=…::message`): text from data
/// placed in a command's message or in one of its properties.
///
/// GitHub's rules: in the message `%`, `\r` and `\n` are written `%25`, `%0D`, `%0A`; in a property
/// also `:` and `,` (`%3A`, `%2C`). Every other invisible scalar is made visible first, so a note
/// cannot end the command or start another.
package enum WorkflowCommandText {
    /// Text for a command's message.
    package static func message(_ text: String) -> String {
        encode(text, property: false, visible: true)
    }

    /// Text for a command's property value (`title=`).
    package static func property(_ text: String) -> String {
        encode(text, property: true, visible: true)
    }

    /// A file path for a `file=` property: GitHub's encoding only (`%25`, `%0D`, `%0A`, `%3A`,
    /// `%2C`), every other character as it is, so the annotation names the real file. No line
    /// can start inside it: its CR and LF are encoded.
    package static func path(_ text: String) -> String {
        encode(text, property: true, visible: false)
    }

    /// GitHub's percent-encoding of `%`, CR and LF (and of `:` and `,` in a property); with
    /// `visible`, every other invisible scalar made visible too.
    private static func encode(_ text: String, property: Bool, visible: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            case _ where visible && InvisibleScalars.contains(scalar) && scalar != "\t": out += InvisibleScalars.visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
