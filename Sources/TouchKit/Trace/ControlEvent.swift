import Foundation

/// Control events, with UIKit's raw values: UIKit's `ControlEvent` (a type alias of this
/// one). Declared with the trace's vocabulary, which carries them typed (`TraceEvent.controlEvent`)
/// and writes them as their names.
public struct ControlEvent: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let touchDown = ControlEvent(rawValue: 1 << 0)
    public static let touchDownRepeat = ControlEvent(rawValue: 1 << 1)
    public static let touchDragInside = ControlEvent(rawValue: 1 << 2)
    public static let touchDragOutside = ControlEvent(rawValue: 1 << 3)
    public static let touchDragEnter = ControlEvent(rawValue: 1 << 4)
    public static let touchDragExit = ControlEvent(rawValue: 1 << 5)
    public static let touchUpInside = ControlEvent(rawValue: 1 << 6)
    public static let touchUpOutside = ControlEvent(rawValue: 1 << 7)
    public static let touchCancel = ControlEvent(rawValue: 1 << 8)
    public static let valueChanged = ControlEvent(rawValue: 1 << 12)
    public static let primaryActionTriggered = ControlEvent(rawValue: 1 << 13)
    public static let menuActionTriggered = ControlEvent(rawValue: 1 << 14)
    public static let editingDidBegin = ControlEvent(rawValue: 1 << 16)
    public static let editingChanged = ControlEvent(rawValue: 1 << 17)
    public static let editingDidEnd = ControlEvent(rawValue: 1 << 18)
    public static let editingDidEndOnExit = ControlEvent(rawValue: 1 << 19)
    public static let allTouchEvents = ControlEvent(rawValue: 0x0000_0FFF)
    public static let allEditingEvents = ControlEvent(rawValue: 0x000F_0000)
    public static let applicationReserved = ControlEvent(rawValue: 0x0F00_0000)
    public static let systemReserved = ControlEvent(rawValue: 0xF000_0000)
    public static let allEvents = ControlEvent(rawValue: 0xFFFF_FFFF)

    /// The named single events, in bit order.
    public static let named: [(ControlEvent, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
        (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"),
        (.touchDragExit, "touchDragExit"), (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"), (.menuActionTriggered, "menuActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The event for a name such as `"touchUpInside"`.
    public init?(name: String) {
        guard let match = Self.named.first(where: { $0.1 == name }) else { return nil }
        self = match.0
    }

    /// `touchDown|touchDownRepeat`, the names of the events in bit order.
    public var description: String {
        let names = Self.named.filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "0x" + String(rawValue, radix: 16) : names.joined(separator: "|")
    }

    /// The events a `description` names (`touchDown|touchUpInside`, or `0x…`); nil when a
    /// part is no event's name.
    public init?(description text: String) {
        if text.hasPrefix("0x") {
            guard let raw = UInt(text.dropFirst(2), radix: 16) else { return nil }
            self.init(rawValue: raw)
            return
        }
        var events: ControlEvent = []
        for part in text.split(separator: "|", omittingEmptySubsequences: false) {
            guard let event = ControlEvent(name: String(part)) else { return nil }
            events.insert(event)
        }
        self = events
    }
}

/// A control event is written as its names (`touchUpInside`, `touchDown|touchUpInside`), as the
/// trace shows it.
extension ControlEvent: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let events = ControlEvent(description: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected control event names, found \(text.prefix(60))"))
        }
        self = events
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
