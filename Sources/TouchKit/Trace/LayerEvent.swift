import Foundation

/// A decision of a layer built on the engine (a component, a SwiftUI gesture, a scene
/// behaviour): typed by its layer, with a stable `kind`, a subject and named fields.
///
/// The trace's one open case, ``TraceEvent/layer(_:)``: a layer records what it decided without
/// adding a case to the engine's vocabulary, and every consumer (the text, the JSON, goldens, the
/// window's panel, the HTML report) renders it generically, in the order its fields are given.
public struct LayerEvent: Hashable, Codable, Sendable, CustomStringConvertible {
    /// One named value.
    public struct Field: Hashable, Codable, Sendable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The layer's name (`LayerName.swiftUI`, `.scene`, ...).
    public var layer: LayerName
    /// What was decided, stable across rewordings (JSON and goldens compare it).
    public var kind: String
    /// What it was decided about (a recognizer's or a view's trace name, a gesture's name).
    public var subject: String
    /// The decision's values, in the order the layer gives them.
    public var fields: [Field]
    /// Whose decision it is, typed, so that no consumer reads it back out of `subject`.
    public var owner: Owner?

    /// The gesture an entry belongs to: its label (a SwiftUI gesture's `id`, or its attachment's
    /// `name`), and, for a gesture inside a combinator, the label of the gesture it is part of.
    public struct Owner: Hashable, Codable, Sendable {
        public var gesture: String
        public var partOf: String?

        public init(gesture: String, partOf: String? = nil) {
            self.gesture = gesture
            self.partOf = partOf
        }
    }

    public init(layer: LayerName, kind: String, subject: String, fields: [Field] = [], owner: Owner? = nil) {
        self.layer = layer
        self.kind = kind
        self.subject = subject
        self.fields = fields
        self.owner = owner
    }

    /// `subject: kind name=value ...`, the trace line's text.
    public var description: String {
        ([subject + ": " + kind] + fields.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }
}
