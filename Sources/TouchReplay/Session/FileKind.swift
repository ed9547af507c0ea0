import Foundation
import TouchScenes

/// Which of TouchScope's own files a text is, from the format its first JSON object names: a
/// file given in the wrong place (a scene as a script, a session as a dump) is then named for
/// what it is instead of failing on its first character.
package enum FileKind: String {
    case scene
    case session

    /// The kind of `text`, or nil when it is neither (or not JSON).
    package init?(of text: String) {
        let firstLine = text.prefix { $0 != "\n" }
        for candidate in [String(firstLine), text] {
            guard let value = try? JSONParser.parse(candidate), case .string(let format)? = value["format"]?.kind else { continue }
            if format == SceneDescription.formatName {
                self = .scene
                return
            }
            if format == SessionFormat.formatName {
                self = .session
                return
            }
        }
        return nil
    }
}
