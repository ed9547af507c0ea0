/// A position inside a JSON document, written the way people read it:
/// `views[3].recognizers[0].numberOfTapsRequired`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path: an object key or an array index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document itself.
    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// `views[3].frame`; `(document)` for the root.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                if plain {
                    text += (text.isEmpty ? "" : ".") + key
                } else {
                    text += "[\"" + key + "\"]"
                }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(document)" : text
    }
}
