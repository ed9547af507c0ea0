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

    /// The layer's name (`component`, `swiftui`).
    public var layer: String
    /// What was decided, stable across rewordings (JSON and goldens compare it).
    public var kind: String
    /// What it was decided about (a recognizer's or a view's trace name, a gesture's name).
    public var subject: String
    /// The decision's values, in the order the layer gives them.
    public var fields: [Field]

    public init(layer: String, kind: String, subject: String, fields: [Field] = []) {
        self.layer = layer
        self.kind = kind
        self.subject = subject
        self.fields = fields
    }

    /// `subject: kind name=value ...`, the trace line's text.
    public var description: String {
        ([subject + ": " + kind] + fields.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }
}
