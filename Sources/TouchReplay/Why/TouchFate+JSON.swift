import Foundation
import TouchKit
import TouchScenes

extension TouchFate {
    /// A layer's entry as JSON: `{t, layer, kind, subject, fields}` (fields an object of strings).
    static func layerJSON(_ note: (micros: Int64, event: LayerEvent)) -> JSONValue {
        .object([
            ("t", .number(Double(note.micros) / 1_000_000)), ("layer", .string(note.event.layer.rawValue)), ("kind", .string(note.event.kind)),
            ("subject", .string(note.event.subject)), ("fields", .object(note.event.fields.map { ($0.name, .string($0.value)) })),
        ])
    }

    /// The answer as JSON (docs/why-json.md, "A recorded touch").
    public var json: JSONValue {
        func seconds(_ micros: Int64) -> JSONValue { .number(Double(micros) / 1_000_000) }
        let recognizers: [JSONValue] = self.recognizers.map { part in
            .object([
                ("recognizer", .string(part.name)), ("sawTouch", .bool(part.sawTouch)),
                ("ignored", part.ignored.map { .string($0.kind) } ?? JSONValue(.null)),
                ("outcome", .string("\(part.outcome)")),
                (
                    "changes",
                    .array(
                        part.changes.map { change in
                            .object([
                                ("t", seconds(change.micros)), ("from", .string("\(change.from)")), ("to", .string("\(change.to)")),
                                ("cause", .string(change.cause.description)), ("causeKind", .string(change.cause.kind)),
                                ("rule", change.cause.ruleKind.map(JSONValue.string) ?? JSONValue(.null)),
                            ])
                        })
                ),
                ("waitedFor", .array(part.waitedFor.map { .object([("t", seconds($0.micros)), ("recognizer", .string($0.other))]) })),
                ("actions", .array(part.actions.map { .string("\($0)") })),
                ("cancelledViews", .array(part.cancelledViews.map(JSONValue.string))),
                ("delayed", .array(part.delayed.map { .string("\($0)") })),
                ("layers", .array(part.layerNotes.map(Self.layerJSON))),
            ])
        }
        let views: [JSONValue] = self.views.map { view in
            .object([
                ("view", .string(view.name)),
                ("methods", .array(view.methods.map { .object([("t", seconds($0.micros)), ("method", .string("\($0.method)"))]) })),
                ("cancelledBy", view.cancelledBy.map { .string($0.description) } ?? JSONValue(.null)),
                ("neverBegan", .bool(view.takenBeforeBegan)),
            ])
        }
        return .object([
            ("finger", .number(Double(finger))), ("began", began.map { seconds($0.micros) } ?? JSONValue(.null)),
            ("ended", ended.map { seconds($0.micros) } ?? JSONValue(.null)), ("hitView", hitView.map(JSONValue.string) ?? JSONValue(.null)),
            ("chain", .array(chain.map(JSONValue.string))), ("recognizers", .array(recognizers)),
            ("unseen", .array(unseen.map { .object([("recognizer", .string($0.name)), ("reason", .string($0.reason))]) })),
            ("views", .array(views)), ("layers", .array(layerNotes.map(Self.layerJSON))),
        ])
    }
}

extension RecognizerHistory {
    /// The answer as JSON: the recognizer and its events in order.
    public var json: JSONValue {
        .object([
            ("recognizer", .string(name)),
            ("events", .array(events.map { .object([("t", .number(Double($0.micros) / 1_000_000)), ("text", .string($0.text))]) })),
        ])
    }
}
