import Foundation
import TouchKit
import TouchScenes

/// Reads `device` records (format version 5) strictly: each event has its own fields, and a
/// record that contradicts the session (a hit for a finger that is not down, a state UIKit has
/// no name for) is an error naming its line and field.
extension SessionParser {
    /// The fields each device event may have.
    static let deviceFields: [String: [String]] = [
        "hit": ["finger", "view"], "recognizer": ["recognizer", "state"], "control": ["control", "name"],
        "navigation": ["stack"], "app": ["os", "sdk"],
        "code": ["subject", "class", "overrides", "delegate", "implements", "custom"],
    ]
    /// Recognizer states as a device record spells them (`recognized` is UIKit's other name for `ended`).
    static let deviceStates = ["began", "changed", "ended", "cancelled", "failed", "recognized"]
    /// Longest name (a view, a recognizer, a control event, a class) a device record may hold.
    static let maximumDeviceName = 1_000
    /// Most device records a session may hold; TouchScope's choice (several a touch event).
    static let maximumDeviceRecords = 4_000_000

    mutating func readDevice(_ value: JSONValue, at time: Int64) throws(SessionLoadError) {
        guard let version = header?.version, version >= 5 else {
            throw error("a device record needs session format version 5 or later; the header says \(header?.version ?? 0)")
        }
        guard case .string(let event)? = value["event"]?.kind, let fields = Self.deviceFields[event] else {
            throw error("expected \"event\" in a device record: one of \(Self.deviceFields.keys.sorted().joined(separator: ", "))")
        }
        if case .object(let members) = value.kind,
            let unknown = members.first(where: { !["t", "type", "event"].contains($0.key) && !fields.contains($0.key) })
        {
            throw error(
                "unknown field \"\(unknown.key)\" in a device \(event) record (allowed: t, type, event, \(fields.joined(separator: ", ")))")
        }
        guard device.count < Self.maximumDeviceRecords else {
            throw error("more than \(Self.maximumDeviceRecords) device records; split the session")
        }
        func name(_ key: String, _ what: String) throws(SessionLoadError) -> String {
            guard case .string(let text)? = value[key]?.kind, !text.isEmpty, text.utf8.count <= Self.maximumDeviceName else {
                throw error("expected \"\(key)\" in a device \(event) record: \(what) (1 to \(Self.maximumDeviceName) bytes)")
            }
            return text
        }
        func names(_ key: String, _ what: String) throws(SessionLoadError) -> [String] {
            guard let member = value[key] else { return [] }
            guard case .array(let items) = member.kind, items.count <= 1_000 else {
                throw error("expected \"\(key)\" in a device \(event) record to be an array of \(what)")
            }
            var out: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item.kind, !text.isEmpty, text.utf8.count <= Self.maximumDeviceName else {
                    throw error("expected \"\(key)\"[\(index)] in a device \(event) record to be \(what)")
                }
                out.append(text)
            }
            return out
        }
        let fact: DeviceFact
        switch event {
        case "hit":
            guard case .number(let number)? = value["finger"]?.kind else {
                throw error("expected \"finger\" in a device hit record: the finger whose touch began")
            }
            let finger = try checkFinger(number)
            guard down[finger] != nil else {
                throw error("the device hit record says finger \(finger) began, but finger \(finger) is not down at this time")
            }
            fact = .hit(finger: finger, view: try name("view", "the trace name of the view the touch went to"))
        case "recognizer":
            let recognizer = try name("recognizer", "the recognizer's trace name")
            let state = try name("state", "its new state")
            guard Self.deviceStates.contains(state) else {
                throw error("unknown \"state\" \"\(state)\" in a device recognizer record (states: \(Self.deviceStates.joined(separator: ", ")))")
            }
            fact = .recognizer(name: recognizer, state: state == "recognized" ? "ended" : state)
        case "control":
            fact = .control(
                control: try name("control", "the control's trace name"), event: try name("name", "the control event, e.g. touchUpInside"))
        case "navigation":
            guard value["stack"] != nil else { throw error("expected \"stack\" in a device navigation record: the controllers, bottom first") }
            fact = .navigation(stack: try names("stack", "the controllers' trace names"))
        case "app":
            let sdk: String? = value["sdk"] == nil ? nil : try name("sdk", "the SDK the app was built with, e.g. 18.0")
            fact = .app(os: try name("os", "the OS version, e.g. 17.5"), sdk: sdk)
        default:
            var custom = false
            if let member = value["custom"] {
                guard case .bool(let flag) = member.kind else { throw error("expected \"custom\" in a device code record to be true or false") }
                custom = flag
            }
            let delegate: String? = value["delegate"] == nil ? nil : try name("delegate", "the delegate's class")
            fact = .code(
                CodeFacts(
                    subject: try name("subject", "the trace name of the view or recognizer"), className: try name("class", "its class"),
                    overrides: try names("overrides", "method names"), delegate: delegate,
                    implements: try names("implements", "delegate method names"), customRecognizer: custom))
        }
        device.append(DeviceRecord(micros: time, recordIndex: records.count, line: lineNumber, fact: fact))
    }
}
