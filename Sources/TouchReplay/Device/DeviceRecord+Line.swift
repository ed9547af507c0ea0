import Foundation
import TouchKit

extension SessionFormat {
    /// A `device` record as one line, fields in a fixed order:
    /// `{"t":…,"type":"device","event":"hit","finger":1,"view":"UIButton#pay"}`.
    public static func line(for record: DeviceRecord) -> String {
        var members: [(String, JSONValue)] = [
            ("t", .number(Double(record.micros))), ("type", .string("device")), ("event", .string(record.fact.event)),
        ]
        switch record.fact {
        case .hit(let finger, let view):
            members += [("finger", .number(Double(finger))), ("view", .string(view))]
        case .recognizer(let name, let state):
            members += [("recognizer", .string(name)), ("state", .string(state))]
        case .control(let control, let event):
            members += [("control", .string(control)), ("name", .string(event))]
        case .navigation(let stack):
            members += [("stack", .array(stack.map(JSONValue.string)))]
        case .app(let os, let sdk):
            members += [("os", .string(os))] + (sdk.map { [("sdk", JSONValue.string($0))] } ?? [])
        case .code(let facts):
            members += [("subject", .string(facts.subject)), ("class", .string(facts.className))]
            if !facts.overrides.isEmpty { members.append(("overrides", .array(facts.overrides.map(JSONValue.string)))) }
            if let delegate = facts.delegate { members.append(("delegate", .string(delegate))) }
            if !facts.implements.isEmpty { members.append(("implements", .array(facts.implements.map(JSONValue.string)))) }
            if facts.customRecognizer { members.append(("custom", .bool(true))) }
        }
        return JSONWriter.compact(.object(members))
    }
}
