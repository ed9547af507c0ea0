import Foundation
import TouchKit

/// A List row's selection as the trace records it (a `swiftui` layer entry `rowSelected`, its
/// `buttons` field the trace names of the automatic-style Buttons it ran, comma-separated): one
/// reader for the goal that such a Button fires and for the story `why --gesture` tells of it.
enum ListRowSelection {
    /// The Buttons `event` ran, as the field spells them, when it is a row's selection and one of
    /// them is the Button with id `label`; nil otherwise.
    static func buttons(in event: LayerEvent, running label: String) -> String? {
        guard event.layer == .swiftUI, event.kind == "rowSelected", let buttons = event.fields.first(where: { $0.name == "buttons" })?.value,
            buttons.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).hasSuffix("#" + label) })
        else { return nil }
        return buttons
    }
}
