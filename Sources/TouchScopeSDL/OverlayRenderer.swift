import Foundation
import TouchKit

/// The live overlays, drawn from a `TraceModel` (never from the engine's state): the hit-test
/// path on the scene and as a list, the responder chain, the recognizer panel with timeline
/// strips and causes, the control-event log, touch trails with velocity, the pointer's
/// coordinates in window and hit-view space, the help, and the recording indicator.
public struct OverlayRenderer {
    /// Which overlays are on; each has a key in the window (see `help`).
    public struct Layers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let hitTestPath = Layers(rawValue: 1 << 0)
        public static let responderChain = Layers(rawValue: 1 << 1)
        public static let recognizers = Layers(rawValue: 1 << 2)
        public static let controlEvents = Layers(rawValue: 1 << 3)
        public static let trails = Layers(rawValue: 1 << 4)
        public static let pointer = Layers(rawValue: 1 << 5)
        public static let help = Layers(rawValue: 1 << 6)
        public static let notes = Layers(rawValue: 1 << 7)
        public static let viewIDs = Layers(rawValue: 1 << 8)
        public static let all: Layers = [.hitTestPath, .responderChain, .recognizers, .controlEvents, .notes, .trails, .pointer]
    }

    /// Key, layer and label, as the help lists them.
    public static let keys: [(key: String, layer: Layers, label: String)] = [
        ("h", .hitTestPath, "hit-test path"), ("c", .responderChain, "responder chain"),
        ("g", .recognizers, "gesture recognizers"), ("e", .controlEvents, "control events"),
        ("t", .trails, "touch trails"), ("p", .pointer, "pointer coordinates"), ("?", .help, "this help"),
    ]

    /// Colours of the hit-test path.
    public static let hitFill = UIColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.35)
    public static let visitOutline = UIColor(red: 0.0, green: 0.45, blue: 1.0, alpha: 0.95)
    public static let passedOutline = UIColor(red: 0.95, green: 0.45, blue: 0.0, alpha: 0.95)

    /// Width of the side panel, in pixels.
    public static let panelWidth: CGFloat = 360

    public var layers: Layers
    /// Whether the side panel is drawn (a picture too narrow for it leaves it out); the
    /// overlays on the scene are drawn either way.
    public var showsPanel = true

    public init(layers: Layers = .all) {
        self.layers = layers
    }

    /// Pixels reserved on the right for the panel in a frame with these settings.
    public var reservedWidth: CGFloat { layers.isEmpty || !showsPanel ? 0 : Self.panelWidth }

    /// Extra state the window shows besides the trace.
    public struct Status {
        public var recording = false
        public var paused = false
        public var slowMotion: Double = 1
        public var pointer: CGPoint?
        public var emulatedFingers: [CGPoint] = []
        public var timeline: (position: Int64, duration: Int64)?
        public var message: String?

        public init() {}
    }

    public func draw(model: TraceModel, window: UIWindow, status: Status, canvas: Canvas, area: CGSize) {
        let views = Dictionary(window.subtree.map { ($0.traceName, $0) }, uniquingKeysWith: { first, _ in first })
        if layers.contains(.hitTestPath) { drawHitPathOnScene(model, views: views, canvas: canvas) }
        if layers.contains(.trails) { drawTrails(model, canvas: canvas) }
        for finger in status.emulatedFingers {
            canvas.disc(at: finger, radius: 11, UIColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 0.35))
            canvas.ring(at: finger, radius: 11, UIColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 0.9))
        }
        drawStatus(status, canvas: canvas, area: area)
        guard showsPanel else { return }
        var panel = Panel(canvas: canvas, x: area.width - Self.panelWidth + 10, width: Self.panelWidth - 20)
        canvas.fillPixels(CGRect(x: area.width - Self.panelWidth, y: 0, width: Self.panelWidth, height: area.height), UIColor(white: 0.12, alpha: 1))
        panel.heading("TouchScope  (? for help)")
        if layers.contains(.help) { drawHelp(&panel) }
        if layers.contains(.pointer), let pointer = status.pointer { drawPointer(pointer, model: model, views: views, panel: &panel) }
        if layers.contains(.hitTestPath) { drawHitPathList(model, panel: &panel) }
        if layers.contains(.responderChain) { drawChain(model, panel: &panel) }
        if layers.contains(.recognizers) { drawRecognizers(model, panel: &panel) }
        if layers.contains(.controlEvents) { drawControlLog(model, panel: &panel) }
    }

    // MARK: On the scene

    private func drawHitPathOnScene(_ model: TraceModel, views: [String: UIView], canvas: Canvas) {
        // The hit view first (filled; outlined when it is the window itself, which a fill would
        // cover entirely), then the outlines on top so they stay crisp.
        for case .hit(let name?) in model.hitPath {
            guard let view = views[name] else { continue }
            let quad = SceneRenderer.windowQuad(of: view)
            if view is UIWindow {
                canvas.stroke(polygon: quad, Self.hitFill.withAlphaComponent(1), width: 4)
            } else {
                canvas.fill(quad: quad, Self.hitFill)
            }
        }
        // Numbers match the panel's list (the window counts, though it is not outlined); views
        // that share a corner share one label, "3,4", instead of drawing over each other.
        var order = 0
        var labels: [(corner: CGPoint, text: String)] = []
        defer {
            for label in labels {
                canvas.textPixels(label.text, at: CGPoint(x: label.corner.x + 3, y: label.corner.y + 2), size: 11, Self.visitOutline)
            }
        }
        for step in model.hitPath {
            switch step {
            case .visit(let name):
                order += 1
                guard let view = views[name], !(view is UIWindow) else { continue }
                let quad = SceneRenderer.windowQuad(of: view)
                canvas.stroke(polygon: quad, Self.visitOutline, width: 2)
                let corner = canvas.mapping.pixel(quad[0])
                if let index = labels.firstIndex(where: { hypot($0.corner.x - corner.x, $0.corner.y - corner.y) < 8 }) {
                    labels[index].text += ",\(order)"
                } else {
                    labels.append((corner, "\(order)"))
                }
            case .passed(let name, let reason):
                guard let view = views[name] else { continue }
                let quad = SceneRenderer.windowQuad(of: view)
                canvas.stroke(polygon: quad, Self.passedOutline, width: 2, dashed: true)
                let corner = canvas.mapping.pixel(quad[3])
                canvas.textPixels(reason.rawValue, at: CGPoint(x: corner.x + 3, y: corner.y - 16), size: 11, Self.passedOutline)
            case .hit, .skipped, .override:
                continue
            }
        }
    }

    private func drawTrails(_ model: TraceModel, canvas: Canvas) {
        for (finger, trail) in model.trails.sorted(by: { $0.key < $1.key }) {
            let color = Self.fingerColor(finger)
            for (a, b) in zip(trail, trail.dropFirst()) {
                canvas.linePixels(canvas.mapping.pixel(a.point), canvas.mapping.pixel(b.point), color.withAlphaComponent(0.7), width: 2)
            }
            guard let point = model.activeFingers[finger] else { continue }
            canvas.disc(at: point, radius: 9, color.withAlphaComponent(0.5))
            let v = model.velocity(of: finger)
            let tip = CGPoint(x: point.x + v.x * 0.1, y: point.y + v.y * 0.1)
            canvas.linePixels(canvas.mapping.pixel(point), canvas.mapping.pixel(tip), color, width: 2)
            let speed = Int(hypot(v.x, v.y).rounded())
            let label = canvas.mapping.pixel(point)
            canvas.textPixels("\(finger): \(speed) pt/s", at: CGPoint(x: label.x + 12, y: label.y + 8), size: 11, color)
        }
    }

    static func fingerColor(_ finger: Int) -> UIColor {
        let palette: [UIColor] = [.magenta, .orange, .cyan, .purple, .brown, .red]
        return palette[abs(finger) % palette.count]
    }

    // MARK: The panel

    private func drawHelp(_ panel: inout Panel) {
        panel.section("Keys")
        for key in Self.keys { panel.line("\(key.key)  \(key.label)") }
        for line in [
            "space  pause    n  one input    s  slow motion", "r  record / stop    m  marker    x  hidden views",
            "alt-drag  pinch/rotate    alt+shift-drag  two fingers", "right-click  pin a finger    esc  quit",
            "left/right  step the timeline (session)",
        ] { panel.line(line) }
    }

    private func drawPointer(_ pointer: CGPoint, model: TraceModel, views: [String: UIView], panel: inout Panel) {
        panel.section("Pointer")
        panel.line("window  (\(Self.number(pointer.x)), \(Self.number(pointer.y)))")
        if let name = model.lastHitView, let view = views[name] {
            let local = view.convert(pointer, from: nil)
            panel.line("\(Self.short(name))  (\(Self.number(local.x)), \(Self.number(local.y)))")
        }
    }

    private func drawHitPathList(_ model: TraceModel, panel: inout Panel) {
        panel.section("Hit-test path")
        var order = 0
        for step in model.hitPath.prefix(14) {
            switch step {
            case .visit(let name):
                order += 1
                panel.line("\(order). visit \(Self.short(name))", Self.visitOutline)
            case .passed(let name, let reason):
                panel.line("   pass \(Self.short(name)): \(reason.rawValue)", Self.passedOutline)
            case .skipped(let name, let count):
                panel.line("   skip \(count) outside in \(Self.short(name))", .lightGray)
            case .override(let name, let result):
                panel.line("   override \(Self.short(name)) -> \(result.map(Self.short) ?? "nil")", .yellow)
            case .hit(let name):
                panel.line("-> \(name.map(Self.short) ?? "no view")", Self.hitFill.withAlphaComponent(1))
            }
        }
    }

    private func drawChain(_ model: TraceModel, panel: inout Panel) {
        panel.section("Responder chain")
        for (index, responder) in model.chain.prefix(10).enumerated() {
            panel.line(String(repeating: " ", count: min(index, 8)) + (index == 0 ? "" : "> ") + Self.short(responder))
        }
    }

    private func drawRecognizers(_ model: TraceModel, panel: inout Panel) {
        panel.section("Gesture recognizers")
        let start = model.gestureStart
        let end = max(model.now, start + 1)
        for timeline in model.recognizers.prefix(8) {
            panel.line("\(Self.short(timeline.name))  \(timeline.state)", Self.stateColor(timeline.state))
            panel.strip { rect, canvas in
                canvas.fillPixels(rect, UIColor(white: 0.25, alpha: 1))
                for (index, change) in timeline.changes.enumerated() {
                    let from = CGFloat(change.micros - start) / CGFloat(end - start)
                    let next = index + 1 < timeline.changes.count ? timeline.changes[index + 1].micros : end
                    let to = CGFloat(next - start) / CGFloat(end - start)
                    let segment = CGRect(x: rect.minX + rect.width * max(0, from), y: rect.minY, width: max(2, rect.width * (to - max(0, from))), height: rect.height)
                    canvas.fillPixels(segment, Self.stateColor(change.state))
                }
            }
            if let waiting = timeline.waitingFor {
                panel.line("   waiting for \(Self.short(waiting)) to fail", .lightGray)
            } else if let last = timeline.changes.last(where: { $0.cause != "reset" && !$0.cause.isEmpty }) {
                let reset = timeline.changes.last?.cause == "reset" ? " (then reset)" : ""
                panel.wrapped("   \(last.state): \(last.cause)\(reset)", .lightGray, maximumLines: 3)
            }
        }
    }

    private func drawControlLog(_ model: TraceModel, panel: inout Panel) {
        panel.section("Control events")
        for line in model.controlLog.suffix(8) { panel.line(Self.shortLine(line)) }
    }

    private func drawStatus(_ status: Status, canvas: Canvas, area: CGSize) {
        var x: CGFloat = 10
        if status.recording {
            canvas.discPixels(at: CGPoint(x: x + 8, y: 16), radius: 7, .red)
            canvas.textPixels("REC", at: CGPoint(x: x + 20, y: 8), size: 13, .red)
            x += 64
        }
        if status.paused {
            canvas.textPixels("PAUSED", at: CGPoint(x: x, y: 8), size: 13, .orange)
            x += 70
        }
        if status.slowMotion != 1 {
            canvas.textPixels("x\(status.slowMotion)", at: CGPoint(x: x, y: 8), size: 13, .orange)
        }
        if let message = status.message {
            canvas.textPixels(message, at: CGPoint(x: 10, y: area.height - 48), size: 12, .darkGray)
        }
        if let timeline = status.timeline, area.width - reservedWidth - 20 >= 1 {
            let width = area.width - reservedWidth - 20
            let bar = CGRect(x: 10, y: area.height - 22, width: width, height: 10)
            canvas.fillPixels(bar, UIColor(white: 0.8, alpha: 1))
            let fraction = timeline.duration > 0 ? CGFloat(timeline.position) / CGFloat(timeline.duration) : 0
            canvas.fillPixels(CGRect(x: bar.minX, y: bar.minY, width: bar.width * min(1, fraction), height: bar.height), .systemBlue)
            canvas.textPixels("\(TraceEntry.seconds(timeline.position)) / \(TraceEntry.seconds(timeline.duration)) s", at: CGPoint(x: 10, y: area.height - 40), size: 11, .darkGray)
        }
    }

    // MARK: Helpers

    static func stateColor(_ state: UIGestureRecognizer.State) -> UIColor {
        switch state {
        case .possible: UIColor(white: 0.55, alpha: 1)
        case .began: UIColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
        case .changed: UIColor(red: 0.1, green: 0.7, blue: 0.7, alpha: 1)
        case .ended: UIColor(red: 0.25, green: 0.5, blue: 1, alpha: 1)
        case .cancelled: UIColor(red: 1, green: 0.6, blue: 0.1, alpha: 1)
        case .failed: UIColor(red: 0.95, green: 0.25, blue: 0.25, alpha: 1)
        }
    }

    static func number(_ value: CGFloat) -> String {
        String(format: "%.1f", Double(value))
    }

    /// Trace names can be long; the panel shows up to 40 characters.
    static func short(_ name: String) -> String {
        name.count > 40 ? String(name.prefix(18)) + "…" + String(name.suffix(21)) : name
    }

    static func shortLine(_ line: String) -> String {
        line.count > 52 ? String(line.prefix(51)) + "…" : line
    }
}

/// Lays panel lines out top to bottom.
struct Panel {
    let canvas: Canvas
    let x: CGFloat
    let width: CGFloat
    var y: CGFloat = 10

    mutating func heading(_ text: String) {
        canvas.textPixels(text, at: CGPoint(x: x, y: y), size: 15, .white)
        y += 24
    }

    mutating func section(_ title: String) {
        y += 6
        canvas.textPixels(title, at: CGPoint(x: x, y: y), size: 13, UIColor(white: 0.75, alpha: 1))
        y += 18
    }

    mutating func line(_ text: String, _ color: UIColor = UIColor(white: 0.92, alpha: 1)) {
        canvas.textPixels(text, at: CGPoint(x: x, y: y), size: 12, color)
        y += 16
    }

    /// `text` broken at spaces to fit the panel's width, continuation lines indented, at most
    /// `maximumLines` lines (the last ends in "…" when text is left over).
    mutating func wrapped(_ text: String, _ color: UIColor, maximumLines: Int) {
        let lead = String(text.prefix(while: { $0 == " " }))
        let indent = lead + "  "
        var lines: [String] = []
        var current = lead
        for word in text.dropFirst(lead.count).split(separator: " ").map(String.init) {
            let candidate = current == lead || current == indent ? current + word : current + " " + word
            if current != lead && current != indent && canvas.measure(candidate, size: 12).width > width - 10 {
                lines.append(current)
                current = indent + word
            } else {
                current = candidate
            }
        }
        if current != lead && current != indent { lines.append(current) }
        if lines.count > maximumLines {
            lines = Array(lines.prefix(maximumLines))
            lines[maximumLines - 1] += "…"
        }
        for line in lines { self.line(line, color) }
    }

    mutating func strip(_ draw: (CGRect, Canvas) -> Void) {
        draw(CGRect(x: x + 14, y: y + 1, width: width - 20, height: 8), canvas)
        y += 12
    }
}
