import Foundation
import TouchSupport

/// Which of TouchScope's own files a text is, from the format its first JSON object names: a
/// file given in the wrong place (a scene as a script, a session as a dump) is then named for
/// what it is instead of failing on its first character.
package enum FileKind: String {
    case scene
    case session

    /// The session format's name (`SessionFormat.formatName` in TouchReplay, which reads and writes
    /// sessions; named here so that the scene loader can tell a session apart too).
    package static let sessionFormatName = "touchscope.session"

    /// The kind of `text`, or nil when it is neither (or not JSON).
    package init?(of text: String) {
        self.init(of: Array(text.utf8))
    }

    /// The kind of the file whose bytes are `bytes`.
    package init?(of bytes: [UInt8]) {
        let firstLine = Array(bytes.prefix { $0 != 0x0A })
        for candidate in [firstLine, bytes] {
            guard let value = try? JSONParser.parse(candidate), case .string(let format)? = value["format"]?.kind else { continue }
            if format == SceneDescription.formatName {
                self = .scene
                return
            }
            if format == Self.sessionFormatName {
                self = .session
                return
            }
        }
        return nil
    }
}
