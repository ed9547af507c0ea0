import Foundation

/// What the real app did, as a capture on the device recorded it: a `device` record of a
/// session (format version 5). Input records say what the fingers did; device records say what
/// UIKit made of them, so that a replay on TouchScope's model can be held to the device touch by
/// touch (`DeviceComparison`).
///
/// Views and recognizers are named as TouchScope's traces name them (`UIButton#pay`,
/// `UITapGestureRecognizer#zoom`, `UITapGestureRecognizer@UIView#card`): the capture writes the
/// scene the names refer to.
public struct DeviceRecord: Equatable, Sendable {
    /// When, in microseconds since the session started (the input's clock).
    public var micros: Int64
    /// How many records (after the header) came before it, to write it back in place.
    public var recordIndex: Int
    /// The line of the session file it was read from (0 when made in memory).
    public var line: Int
    /// What the device did or what the capture saw of the app.
    public var fact: DeviceFact

    public init(micros: Int64, recordIndex: Int, line: Int = 0, fact: DeviceFact) {
        self.micros = micros
        self.recordIndex = recordIndex
        self.line = line
        self.fact = fact
    }
}

/// One thing a capture recorded about the device (`DeviceRecord`).
public enum DeviceFact: Equatable, Sendable {
    /// The view a touch went to when it began (`UITouch.view`).
    case hit(finger: Int, view: String)
    /// A recognizer's state changed (`began`, `changed`, `ended`, `cancelled`, `failed`).
    case recognizer(name: String, state: String)
    /// A control sent an event (`touchDown`, `touchUpInside`, `valueChanged`, …).
    case control(control: String, event: String)
    /// A navigation controller's stack changed: its controllers, bottom first.
    case navigation(stack: [String])
    /// The system the app ran on: the OS version and the SDK it was built with (they decide
    /// the era a replay uses).
    case app(os: String, sdk: String?)
    /// What the capture could see of a view's or recognizer's code (`CodeFacts`).
    case code(CodeFacts)

    /// The record's `event` name in the file.
    public var event: String {
        switch self {
        case .hit: "hit"
        case .recognizer: "recognizer"
        case .control: "control"
        case .navigation: "navigation"
        case .app: "app"
        case .code: "code"
        }
    }
}

/// What a capture saw of one view's or recognizer's code: the methods its class overrides and
/// the delegate methods its delegate implements. These are what the captured scene cannot hold
/// (a scene says what a view is, not what its code answers), so a disagreement between model
/// and device is read against them (`DeviceDisagreement.cause`).
public struct CodeFacts: Equatable, Sendable {
    /// The view's or recognizer's trace name.
    public var subject: String
    /// Its class as the app names it (`PromoView`).
    public var className: String
    /// The overridable methods its class overrides (`hitTest(_:with:)`, `touchesBegan(_:with:)`, …).
    public var overrides: [String]
    /// Its delegate's class, for a recognizer with a delegate.
    public var delegate: String?
    /// The `UIGestureRecognizerDelegate` methods the delegate implements.
    public var implements: [String]
    /// Whether the recognizer's class is one TouchScope has no kind for (a custom subclass of
    /// `UIGestureRecognizer`), so the scene could not hold it.
    public var customRecognizer: Bool

    public init(
        subject: String, className: String, overrides: [String] = [], delegate: String? = nil, implements: [String] = [],
        customRecognizer: Bool = false
    ) {
        self.subject = subject
        self.className = className
        self.overrides = overrides
        self.delegate = delegate
        self.implements = implements
        self.customRecognizer = customRecognizer
    }

    /// One line: `PromoView#promo (PromoView) overrides hitTest(_:with:)`.
    public var summary: String {
        var parts: [String] = []
        if customRecognizer { parts.append("is a custom recognizer class (\(className)) the scene cannot hold") }
        if !overrides.isEmpty { parts.append("\(className) overrides \(overrides.joined(separator: ", "))") }
        if !implements.isEmpty { parts.append("its delegate \(delegate ?? "?") implements \(implements.joined(separator: ", "))") }
        return parts.isEmpty ? "no overrides seen" : parts.joined(separator: "; ")
    }
}
