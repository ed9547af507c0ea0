import Foundation
import TouchKit
import TouchSupport

extension DecodingContext {
    static let windowKeys = ["id", "level", "frame", "backgroundColor", "hidden", "userInteractionEnabled", "behaviours", "root"]

    /// One entry of `"windows"`: a window over the main one.
    mutating func window(_ value: JSONValue, at path: JSONPath) -> WindowDescription? {
        guard let fields = reader.object(value, at: path, allowed: Self.windowKeys, required: ["id"]) else { return nil }
        guard let id = declareViewID(fields) else { return nil }
        var window = WindowDescription(id: id)
        if let (levelValue, levelPath) = fields["level"] {
            if case .string(let name) = levelValue.kind {
                if let level = WindowDescription.levelNames.first(where: { $0.0 == name }) {
                    window.level = level.1
                } else {
                    let names = WindowDescription.levelNames.map(\.0)
                    reader.report(
                        "unknown window level \"\(name)\"\(FieldReader.hint(for: name, among: names)) (levels: \(names.joined(separator: ", ")), or a number)",
                        at: levelPath, levelValue)
                }
            } else if let level = reader.number(levelValue, at: levelPath, in: -10_000_000...10_000_000) {
                window.level = CGFloat(level)
            }
        }
        window.frame = reader.rect(fields, "frame")
        window.backgroundColor = reader.color(fields, "backgroundColor")
        window.isHidden = reader.bool(fields, "hidden") ?? false
        window.isUserInteractionEnabled = reader.bool(fields, "userInteractionEnabled")
        if let (rootValue, rootPath) = fields["root"] {
            window.root = view(rootValue, at: rootPath, depth: 1, parent: MessageHandler.window)
        }
        window.behaviours = behaviours(
            fields, owner: id, ownerPath: path, subviewIDs: Set(window.root?.allViews.compactMap(\.id) ?? []))
        return window
    }
}
