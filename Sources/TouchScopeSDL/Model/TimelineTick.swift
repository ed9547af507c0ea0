import Foundation

/// A note or marker of a session on the timeline: when, which kind, and its text (the model
/// collects them; the timeline bar draws them).
package struct TimelineTick: Equatable, Sendable {
    package var micros: Int64
    package var kind: TraceModel.NoteItem.Kind
    package var text: String

    package init(micros: Int64, kind: TraceModel.NoteItem.Kind, text: String) {
        self.micros = micros
        self.kind = kind
        self.text = text
    }
}
