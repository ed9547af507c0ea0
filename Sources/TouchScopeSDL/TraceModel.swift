import Foundation
import TouchKit

/// What the overlays show, built only from trace entries: the last hit-test path, the responder
/// chain, each recognizer's state timeline with its causes, the control-event log, and touch
/// trails. Nothing here re-derives routing; it reads what the engine recorded.
public final class TraceModel {
    /// One step of a hit-test path, in visit order.
    public enum HitStep: Equatable, Sendable {
        case visit(String)
        case passed(String, HitTestSkipReason)
        case skipped(String, Int)
        case override(String, result: String?)
        case hit(String?)
    }

    /// A recognizer's changes, for its timeline strip.
    public struct Timeline: Equatable, Sendable {
        public var name: String
        public var changes: [(micros: Int64, state: UIGestureRecognizer.State, cause: String)]
        public var waitingFor: String?

        public static func == (lhs: Timeline, rhs: Timeline) -> Bool {
            lhs.name == rhs.name && lhs.waitingFor == rhs.waitingFor && lhs.changes.count == rhs.changes.count
                && zip(lhs.changes, rhs.changes).allSatisfy { $0.micros == $1.micros && $0.state == $1.state && $0.cause == $1.cause }
        }

        public var state: UIGestureRecognizer.State { changes.last?.state ?? .possible }
    }

    public private(set) var hitPath: [HitStep] = []
    public private(set) var chain: [String] = []
    public private(set) var recognizers: [Timeline] = []
    public private(set) var controlLog: [String] = []
    public private(set) var trails: [Int: [(micros: Int64, point: CGPoint)]] = [:]
    public private(set) var activeFingers: [Int: CGPoint] = [:]
    public private(set) var lastHitView: String?
    public private(set) var now: Int64 = 0
    /// Start of the current gesture (the first touch down after all fingers were up).
    public private(set) var gestureStart: Int64 = 0
    private var collectingPath = false

    public static let controlLogLength = 12
    public static let trailLength = 48

    public init() {}

    /// Forgets everything (a seek rebuilds the model from the replayed trace).
    public func reset() {
        hitPath = []
        chain = []
        recognizers = []
        controlLog = []
        trails = [:]
        activeFingers = [:]
        lastHitView = nil
        now = 0
        gestureStart = 0
        collectingPath = false
    }

    /// Feeds one entry.
    public func consume(_ entry: TraceEntry) {
        now = max(now, entry.micros)
        switch entry.event {
        case .input(let finger, let phase, let x, let y):
            let point = CGPoint(x: x, y: y)
            if phase == .began && activeFingers.isEmpty {
                gestureStart = entry.micros
                recognizers.removeAll()
                trails.removeAll()
            }
            switch phase {
            case .ended, .cancelled: activeFingers[finger] = nil
            default: activeFingers[finger] = point
            }
            var trail = trails[finger] ?? []
            trail.append((entry.micros, point))
            if trail.count > Self.trailLength { trail.removeFirst(trail.count - Self.trailLength) }
            trails[finger] = trail
        case .hitTestBegan:
            hitPath = []
            collectingPath = true
        case .hitVisit(let view, _, _):
            if collectingPath { hitPath.append(.visit(view)) }
        case .hitPassed(let view, let reason):
            if collectingPath { hitPath.append(.passed(view, reason)) }
        case .hitSkippedSubviews(let view, let count):
            if collectingPath { hitPath.append(.skipped(view, count)) }
        case .hitOverride(let view, let result):
            if collectingPath { hitPath.append(.override(view, result: result)) }
        case .hitResult(_, let view):
            hitPath.append(.hit(view))
            lastHitView = view
            collectingPath = false
        case .responderChain(_, let responders):
            chain = responders
        case .gestureBound(let recognizer, _):
            if !recognizers.contains(where: { $0.name == recognizer }) {
                recognizers.append(Timeline(name: recognizer, changes: [(entry.micros, .possible, "bound to the touch")]))
            }
        case .gestureState(let recognizer, _, let to, let cause):
            update(recognizer) { $0.changes.append((entry.micros, to, cause.description)) }
            update(recognizer) { $0.waitingFor = nil }
        case .gestureWaiting(let recognizer, let other):
            update(recognizer) { $0.waitingFor = other }
        case .gestureReset(let recognizer):
            update(recognizer) { $0.changes.append((entry.micros, .possible, "reset")) }
        case .controlEvent(let control, let event):
            controlLog.append("\(TraceEntry.seconds(entry.micros)) \(control) \(event)")
            if controlLog.count > Self.controlLogLength { controlLog.removeFirst(controlLog.count - Self.controlLogLength) }
        default:
            break
        }
    }

    private func update(_ name: String, _ body: (inout Timeline) -> Void) {
        if let index = recognizers.firstIndex(where: { $0.name == name }) {
            body(&recognizers[index])
        } else {
            var timeline = Timeline(name: name, changes: [(now, .possible, "")])
            body(&timeline)
            recognizers.append(timeline)
        }
    }

    /// Velocity of a finger over its last samples, in points per second.
    public func velocity(of finger: Int) -> CGPoint {
        guard let trail = trails[finger], trail.count >= 2 else { return .zero }
        let last = trail[trail.count - 1]
        let windowStart = last.micros - 100_000
        guard let first = trail.last(where: { $0.micros <= windowStart }) ?? trail.first, last.micros > first.micros else { return .zero }
        let dt = CGFloat(last.micros - first.micros) / 1_000_000
        return CGPoint(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt)
    }
}
