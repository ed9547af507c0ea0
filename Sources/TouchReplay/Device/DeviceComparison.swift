import Foundation
import TouchKit
import TouchScenes

/// Holds TouchScope's model to the device, touch by touch: a session captured from a real app
/// carries `device` records (what UIKit did); the session is replayed on its scene and, for every
/// touch, the view each finger went to, each recognizer's first and last state, the control
/// events and the navigation stack are compared. The summary is one line ("device and model
/// agree on 41 of 42 touches"); each disagreement names its first differing fact and its likely
/// cause (`DeviceDisagreement`).
public struct DeviceComparison: Equatable, Sendable {
    public var touches: [TouchSequence]
    /// What the device did and what the model did, touch by touch (same indices as `touches`).
    public var device: [TouchOutcome]
    public var model: [TouchOutcome]
    public var disagreements: [DeviceDisagreement]
    /// Device records that name what the replayed scene does not have, with their line.
    public var warnings: [String]
    /// The system the app ran on, when the capture said.
    public var os: String?
    public var sdk: String?

    /// How many touches agree on every fact.
    public var agreeing: Int { touches.count - disagreements.count }

    /// `device and model agree on 41 of 42 touches`.
    public var summary: String {
        "device and model agree on \(agreeing) of \(touches.count) touch\(touches.count == 1 ? "" : "es")"
    }

    /// The summary, then each disagreement, then the warnings.
    public var lines: [String] {
        var out = [summary]
        if let os { out.append("  (captured on \(os)\(sdk.map { ", the app built with the iOS \($0) SDK" } ?? ""))") }
        for disagreement in disagreements { out += disagreement.lines }
        out += warnings.map { "warning: " + $0 }
        return out.map(TerminalText.line)
    }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("touches", .number(Double(touches.count))), ("agree", .number(Double(agreeing))), ("summary", .string(summary)),
            ("disagreements", .array(disagreements.map(\.json))), ("warnings", .array(warnings.map(JSONValue.string))),
        ]
        if let os { members.append(("os", .string(os))) }
        if let sdk { members.append(("sdk", .string(sdk))) }
        return .object(members)
    }

    /// Replays `session` on a fresh `replayer` (not yet run) and compares it with the session's
    /// device records. The replayer is left at the end of the session.
    public static func compare(session: Session, replayer: SessionReplayer) -> DeviceComparison {
        let touches = TouchSequence.all(in: session)
        // The model's navigation stack when each touch begins (after a capture's snapshot taken
        // before it: the app as it was) and when it ends (before the snapshot after it), read
        // as the capture reads the device's.
        var modelBefore = Array(repeating: [String](), count: touches.count)
        var modelAfter = Array(repeating: [String](), count: touches.count)
        let firstRecords = Dictionary(touches.indices.map { (touches[$0].recordIndex, $0) }, uniquingKeysWith: { first, _ in first })
        replayer.beforeRecord = { [unowned replayer] index in
            if let touch = firstRecords[index] { modelBefore[touch] = navigationStack(of: replayer.application) }
        }
        for index in touches.indices {
            let next = index + 1 < touches.count ? max(touches[index].micros, touches[index + 1].micros - 1) : Int64.max
            replayer.run(until: next)
            modelAfter[index] = navigationStack(of: replayer.application)
        }
        replayer.beforeRecord = nil
        replayer.runToEnd()
        var extraction = ModelExtraction(touches: touches)
        extraction.read(replayer.trace.entries)
        var device = Array(repeating: TouchOutcome(), count: touches.count)
        var deviceStacks: [(micros: Int64, stack: [String])] = []
        var facts: [String: CodeFacts] = [:]
        var os: String?
        var sdk: String?
        var mentioned: [(line: Int, what: String, name: String)] = []
        for record in session.device {
            let index = TouchSequence.index(of: record.micros, in: touches)
            switch record.fact {
            case .hit(let finger, let view):
                if let index { device[index].hits[finger] = .some(view) }
                mentioned.append((record.line, "view", view))
            case .recognizer(let name, let state):
                if let index { device[index].addState(name, state) }
                mentioned.append((record.line, "recognizer", name))
            case .control(let control, let event):
                if let index { device[index].addControl(control, event) }
            case .navigation(let stack):
                deviceStacks.append((record.micros, stack))
            case .app(let system, let builtWith):
                os = system
                sdk = builtWith
            case .code(let code):
                facts[code.subject] = code
            }
        }
        setNavigation(&device, stacks: deviceStacks, touches: touches)
        for index in touches.indices where modelAfter[index] != modelBefore[index] {
            extraction.outcomes[index].navigation = modelAfter[index]
        }

        let causes = DeviceCauses(facts: facts, application: replayer.application)
        var disagreements: [DeviceDisagreement] = []
        for index in touches.indices {
            guard let (fact, onDevice, inModel) = firstDifference(device: device[index], model: extraction.outcomes[index]) else { continue }
            let cause = causes.cause(
                of: fact, device: device[index], model: extraction.outcomes[index], visited: extraction.visited[index],
                rules: RuleCitations.rules(in: replayer.trace.entries, range: extraction.entryRanges[index]))
            disagreements.append(DeviceDisagreement(touch: touches[index], fact: fact, device: onDevice, model: inModel, cause: cause))
        }
        let known = extraction.names.union(names(in: replayer.application))
        var warnings: [String] = []
        var warned: Set<String> = []
        for item in mentioned where !known.contains(item.name) && warned.insert(item.name).inserted {
            let code = facts[item.name].map { " (\($0.summary))" } ?? ""
            warnings.append("line \(item.line): the device record's \(item.what) \"\(item.name)\" is not in the replayed scene\(code)")
        }
        return DeviceComparison(
            touches: touches, device: device, model: extraction.outcomes, disagreements: disagreements, warnings: warnings, os: os, sdk: sdk)
    }

    /// The touch (an index into `touches`) that finger `finger` took part in at `micros`.
    public func touchIndex(finger: Int, at micros: Int64) -> Int? {
        guard let index = TouchSequence.index(of: micros, in: touches) else { return nil }
        return touches[index].fingers.contains(finger) ? index : nil
    }

    /// What the device says of one touch, for an answer about it (`why --finger`): that it
    /// agrees, or the disagreement with its likely cause.
    public func lines(forTouch index: Int) -> [String] {
        guard touches.indices.contains(index) else { return [] }
        guard let disagreement = disagreements.first(where: { $0.touch.number == index + 1 }) else {
            return ["On the device: the same (the capture agrees with the model on this touch)."]
        }
        return [
            "On the device this touch went otherwise: \(disagreement.fact.label)",
            "  device: \(disagreement.device)", "  model:  \(disagreement.model)", "  likely cause: \(disagreement.causeLine)",
        ].map(TerminalText.line)
    }

    /// The touch's device verdict as JSON.
    public func json(forTouch index: Int) -> JSONValue {
        guard let disagreement = disagreements.first(where: { $0.touch.number == index + 1 }) else {
            return .object([("agrees", .bool(true)), ("touch", .number(Double(index + 1)))])
        }
        guard case .object(let members) = disagreement.json.kind else { return disagreement.json }
        return .object([("agrees", .bool(false))] + members.map { ($0.key, $0.value) })
    }

    /// The first fact that differs, in the order hits, recognizers, controls, navigation.
    static func firstDifference(device: TouchOutcome, model: TouchOutcome) -> (DeviceDisagreement.Fact, String, String)? {
        for finger in Set(device.hits.keys).union(model.hits.keys).sorted() {
            let onDevice = device.hits[finger] ?? nil
            let inModel = model.hits[finger] ?? nil
            if onDevice != inModel {
                return (
                    .hit(finger: finger), "\(onDevice ?? "no view") got finger \(finger)", "\(inModel ?? "no view") got finger \(finger)"
                )
            }
        }
        let order = device.recognizerOrder + model.recognizerOrder.filter { device.recognizers[$0] == nil }
        for name in order {
            let onDevice = TouchOutcome.verdict(device.recognizers[name])
            let inModel = TouchOutcome.verdict(model.recognizers[name])
            if onDevice != inModel {
                return (
                    .recognizer(name), "\(name) \(TouchOutcome.describe(device.recognizers[name]))",
                    "\(name) \(TouchOutcome.describe(model.recognizers[name]))"
                )
            }
        }
        if device.controls != model.controls {
            func show(_ items: [String]) -> String { items.isEmpty ? "no control events" : items.joined(separator: ", ") }
            return (.controls, show(device.controls), show(model.controls))
        }
        if device.navigation != model.navigation {
            func show(_ stack: [String]?) -> String { stack.map { "stack became " + $0.joined(separator: " > ") } ?? "stack unchanged" }
            return (.navigation, show(device.navigation), show(model.navigation))
        }
        return nil
    }

    /// Sets each touch's `navigation` to the stack at its end when it differs from the stack
    /// before it.
    static func setNavigation(_ outcomes: inout [TouchOutcome], stacks: [(micros: Int64, stack: [String])], touches: [TouchSequence]) {
        guard !stacks.isEmpty else { return }
        func stack(before micros: Int64) -> [String]? { stacks.last { $0.micros < micros }?.stack }
        for index in touches.indices {
            let start = touches[index].micros
            let end = index + 1 < touches.count ? touches[index + 1].micros : Int64.max
            let before = stack(before: start) ?? stacks[0].stack
            let after = stack(before: end) ?? before
            if after != before { outcomes[index].navigation = after }
        }
    }

    /// The root navigation controllers' stacks of every window, bottom first.
    static func navigationStack(of application: UIApplication) -> [String] {
        application.windows.compactMap { $0.rootViewController as? UINavigationController }
            .flatMap { $0.viewControllers.map(\.traceName) }
    }

    /// The trace names of every view and recognizer in the application's windows.
    static func names(in application: UIApplication) -> Set<String> {
        let views = application.windows.flatMap(\.subtree)
        return Set(views.map(\.traceName) + views.flatMap { ($0.gestureRecognizers ?? []).map(\.traceName) })
    }
}
