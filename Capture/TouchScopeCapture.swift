// TouchScopeCapture.swift: records touches and the view tree of a real app for TouchScope.
//
// Drop this one file into an iOS app's debug build (it needs nothing but UIKit and Foundation),
// then either make `TouchScopeCaptureWindow` the app's window class, or install it on the window
// you have with one line:
//
//     let capture = try TouchScopeCapture.start(window: window, name: "checkout")
//     TouchScopeCapture.mark("about to tap Pay")     // optional markers
//     capture.snapshot()                             // optional: the view tree again, now
//     capture.stop()                                 // also done when the app goes to the background
//
// It writes into the app's Documents directory (or a directory you give):
// - `checkout.session`: every touch of every event (phase, window location, radius, time) and the
//   markers, in TouchScope's session format (version 3: the session carries the scene below, so it
//   replays with no scene file), written a line at a time to `checkout.session.partial` and renamed
//   when the capture stops (an app killed mid-way leaves a `.partial` TouchScope reads);
// - `checkout.scene.json`: the window's view tree when the capture started, as a TouchScope scene:
//   classes (with the nearest UIKit class as the kind), ids (accessibilityIdentifier, else the tag,
//   else the view's path), frames or bounds, center and transform, the flags hit testing reads,
//   control, switch, slider and scroll-view state, table and collection views and their cells and
//   text fields as their own kinds, each gesture recognizer with its kind and parameters, a scroll
//   view's own pan by its derived id (`list.pan`) when its settings are not UIKit's, and a root
//   navigation controller with its stack and its pop gesture (`nav.pop`; its bars are not
//   captured); `snapshot()` writes `checkout-snapshot-N.scene.json` and a marker.
//
// Privacy: touches and view metadata only. Button titles and label text are left out unless
// `includeText` is set; images are never read. Nothing leaves the device.
//
// What it cannot see: code (hitTest/point(inside:) overrides, delegates' answers, failure
// requirements between recognizers) and anything drawn. TouchScope replays the captured touches
// on the captured tree; where the app's routing depends on its code, add that to the scene by hand.
//
// This file compiles against UIKit on iOS and against TouchKit (TouchScope's UIKit on Linux),
// using only names both spell the same way; TouchScope's tests build and run it on Linux.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(UIKit)
    import UIKit
    import UIKit.UIGestureRecognizerSubclass
#else
    import TouchKit
#endif

/// Records touches and view trees for TouchScope. One capture at a time (`current`; starting one
/// stops the one before), on the main thread, as UIKit runs. On iOS it
/// lives on the main actor, as UIKit does.
#if canImport(UIKit)
    @MainActor
#endif
public final class TouchScopeCapture {
    public let directory: URL
    public let name: String
    /// Whether titles and label text go into the scene file (off by default).
    public let includeText: Bool
    weak var window: UIWindow?
    var state = CaptureState()

    init(window: UIWindow, name: String, directory: URL, includeText: Bool) {
        self.window = window
        self.name = name
        self.directory = directory
        self.includeText = includeText
    }
}

/// What a capture keeps as it goes.
struct CaptureState {
    var handle: FileHandle?
    var bytesWritten = 0
    var start: TimeInterval?
    var lastMicros: Int64 = 0
    /// The time of the last event recorded, and the uptime when it was, for markers in between.
    var lastEvent: (timestamp: TimeInterval, uptime: TimeInterval)?
    /// What was recorded at the last event's time (touch, phase, place), so that an event heard
    /// twice (an observer gets one call per touches method) is written once.
    var recordedAtLastTime: Set<String> = []
    var fingers: [ObjectIdentifier: Int] = [:]
    var snapshots = 0
    var stopped = false
    /// The first write that failed, if any (the capture stops writing there).
    var failure: String?
    var observer: TouchScopeCaptureRecognizer?
    var backgroundObserver: NSObjectProtocol?
    /// The scene id each captured view got, for naming it in device records as TouchScope's
    /// traces name it.
    var ids: [ObjectIdentifier: String] = [:]
    /// The recognizers whose states are recorded, and what was written about each.
    var watched: [ObjectIdentifier: WatchedRecognizer] = [:]
    /// The watched recognizers in the order first seen: records written together keep it (a
    /// dictionary's order changes from run to run).
    var watchedOrder: [ObjectIdentifier] = []
    /// The controls whose events are recorded.
    var controls: Set<ObjectIdentifier> = []
    /// The fingers whose hit record is written (cleared as they lift).
    var hitWritten: Set<Int> = []
    /// Fingers that lifted in the event being recorded (their hit records are done after it).
    var endedFingers: [Int] = []
    /// The navigation stack last written.
    var navigation: [String]?
    /// Objects that receive recognizers' actions on iOS (kept alive here).
    var targets: [AnyObject] = []
    /// The live link, when the capture serves its stream (`start(…serve:)`).
    var link: TouchScopeCaptureLink?
    /// The tree's structure as last written (each view's kind, class and id; the navigation
    /// stack): a change writes a snapshot of the scene into the session.
    var structure: [String] = []
    var lastStructure: [String]?
    /// Snapshots written into the session (at most `maximumSnapshots`).
    var snapshotsWritten = 0
    /// The tree's fingerprint when its structure was last read (`TouchScopeCapture.fingerprint`).
    var fingerprint: Int?
    /// The views whose code facts were written.
    var codeWritten: Set<ObjectIdentifier> = []
}

/// A recognizer whose states the capture records.
struct WatchedRecognizer {
    weak var recognizer: UIGestureRecognizer?
    /// Whether a failure of the current touch was written.
    var failureWritten = false
    /// Whether it recognized (reached its action) during the current touch.
    var acted = false
    /// The delegate methods written in its code facts.
    var answers: [String] = []
}

extension TouchScopeCapture {
    /// The capture in progress, if any.
    public static var current: TouchScopeCapture? {
        get { CaptureRegistry.current as? TouchScopeCapture }
        set { CaptureRegistry.current = newValue }
    }

    /// Largest session file, in bytes; past it the capture stops recording input (and says so).
    public static var maximumBytes: Int { 64 << 20 }

    /// The session file (complete once `stop()` ran).
    public var sessionURL: URL { directory.appendingPathComponent(name + ".session") }
    /// The scene file written at the start.
    public var sceneURL: URL { directory.appendingPathComponent(name + ".scene.json") }
    /// The live link, when the capture serves its stream (`start(…serve:)`).
    public var link: TouchScopeCaptureLink? { state.link }
    /// Why the capture could not write everything (a full disk, a session it could not move into
    /// place), or nil. Check it after `stop()`: what was written before stays in the file named.
    public var failure: String? { state.failure }

    /// Starts capturing `window`: writes its scene now and records every touch from here on.
    /// With `observe` (the default) a recognizer on the window sees the touches (nothing changes
    /// for the app: it never recognizes, cancels or delays anything); a `TouchScopeCaptureWindow`
    /// records from its own `sendEvent(_:)` instead and passes `observe: false`.
    @discardableResult
    ///
    /// With `serve`, the capture also serves its stream live on the app's loopback address at
    /// that port (`TouchScopeCaptureLink.defaultPort` is TouchScope's), for `touchscope open
    /// --connect`: one client at a time, each getting the session from its start (or from where
    /// it says it got to), then every line as it is written. A port already taken throws.
    public static func start(
        window: UIWindow, name: String, directory: URL? = nil, includeText: Bool = false, observe: Bool = true, serve port: UInt16? = nil
    ) throws -> TouchScopeCapture {
        current?.stop()
        let folder = directory ?? FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let capture = TouchScopeCapture(window: window, name: safeName(name), directory: folder, includeText: includeText)
        if let port { capture.state.link = try TouchScopeCaptureLink(port: port, name: capture.name) }
        try capture.begin()
        if observe {
            let recognizer = TouchScopeCaptureRecognizer(capture: capture)
            window.addGestureRecognizer(recognizer)
            capture.state.observer = recognizer
        }
        current = capture
        return capture
    }

    /// Adds a marker to the capture in progress (shown on TouchScope's timeline).
    public static func mark(_ label: String) {
        current?.mark(label)
    }

    /// Writes the scene and the session's header.
    private func begin() throws {
        guard let window else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let scene = sceneText(of: window, name: name)
        state.lastStructure = state.structure
        state.fingerprint = Self.fingerprint(of: window)
        try Data(scene.utf8).write(to: sceneURL, options: .atomic)
        let partial = sessionURL.appendingPathExtension("partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
        }
        state.handle = try FileHandle(forWritingTo: partial)
        let size = window.bounds.size
        let header =
            "{\"format\":\"touchscope.session\",\"version\":5,\"tool\":\"TouchScopeCapture 3\",\"scene\":{\"name\":\(Self.string(name)),\"hash\":\"\(Self.fnv1a(Array(scene.utf8)))\",\"path\":\(Self.string(sceneURL.lastPathComponent))},\"window\":{\"width\":\(Self.number(Double(size.width))),\"height\":\(Self.number(Double(size.height))),\"scale\":1},\"started\":\"\(Self.timestamp())\"}"
        write(header)
        // The session carries its scene (format version 3): it replays with no scene file.
        let embedded = scene.hasSuffix("\n") ? String(scene.dropLast()) : scene
        write("{\"t\":0,\"type\":\"scene\",\"hash\":\"\(Self.fnv1a(Array(scene.utf8)))\",\"scene\":\(Self.string(embedded))}")
        // What the device is, then what the capture can see of the app's code, then the
        // recognizers and controls whose outcomes it records (format version 5).
        let system = Self.system()
        writeDevice("\"event\":\"app\",\"os\":\(Self.string(system.os))" + (system.sdk.map { ",\"sdk\":\(Self.string($0))" } ?? ""), at: 0)
        watch(window, at: 0)
        sampleNavigation(at: 0)
        #if canImport(UIKit)
            state.backgroundObserver = NotificationCenter.default.addObserver(
                forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
            ) { [weak self] _ in MainActor.assumeIsolated { self?.stop() } }
        #endif
    }

    // MARK: Recording

    /// Records the touches of `event` that changed (a window's `sendEvent(_:)` calls this).
    public func record(_ event: UIEvent) {
        guard !state.stopped, let touches = event.allTouches else { return }
        // Watching without the capture window, what the last event led to is read now.
        if state.observer != nil, let last = state.lastEvent, last.timestamp != event.timestamp { sampleOutcome(at: last.timestamp) }
        if state.lastEvent?.timestamp != event.timestamp { state.recordedAtLastTime = [] }
        if state.fingers.isEmpty, touches.contains(where: { $0.phase == .began }) {
            // The app may have changed its screen since the last touch (an animation ended): it
            // is written as of the last event, with the touch it followed.
            if let last = state.lastEvent {
                writeSnapshotIfChanged(at: last.timestamp)
                sampleNavigation(at: last.timestamp)
            }
            beginTouch()
        }
        state.lastEvent = (event.timestamp, ProcessInfo.processInfo.systemUptime)
        var parts: [String] = []
        for touch in touches.sorted(by: { finger(for: $0) < finger(for: $1) }) {
            let phase: String
            switch touch.phase {
            case .began: phase = "began"
            case .moved: phase = "moved"
            case .ended: phase = "ended"
            case .cancelled: phase = "cancelled"
            default: continue
            }
            let id = finger(for: touch)
            let point = touch.location(in: nil)
            // An observer hears one event once per touches method it gets: each change once.
            guard state.recordedAtLastTime.insert("\(id) \(phase) \(point.x) \(point.y)").inserted else { continue }
            parts.append(
                "{\"finger\":\(id),\"phase\":\"\(phase)\",\"x\":\(Self.number(Double(point.x))),\"y\":\(Self.number(Double(point.y))),\"radius\":\(Self.number(min(1000, Double(touch.majorRadius))))}"
            )
            if touch.phase == .ended || touch.phase == .cancelled {
                state.fingers[ObjectIdentifier(touch)] = nil
                state.endedFingers.append(id)
            }
        }
        guard !parts.isEmpty else { return }
        write("{\"t\":\(micros(event.timestamp)),\"type\":\"input\",\"touches\":[\(parts.joined(separator: ","))]}")
        // A touch's view is known once hit testing ran (before the window's `sendEvent(_:)` on
        // iOS; the capture window writes the rest after it, `recordOutcome(of:)`).
        writeHits(of: event)
    }

    /// Adds a marker now.
    public func mark(_ label: String) {
        guard !state.stopped else { return }
        // Event times and uptime share a clock on iOS; a marker between events is placed after
        // the last event by the uptime that passed since.
        let uptime = ProcessInfo.processInfo.systemUptime
        let time = state.lastEvent.map { $0.timestamp + (uptime - $0.uptime) } ?? uptime
        write("{\"t\":\(micros(time)),\"type\":\"marker\",\"label\":\(Self.string(String(label.prefix(200))))}")
    }

    /// Writes the view tree as it is now to `<name>-snapshot-N.scene.json`, and a marker.
    @discardableResult
    public func snapshot() -> URL? {
        guard let window else { return nil }
        state.snapshots += 1
        let number = state.snapshots
        let url = directory.appendingPathComponent("\(name)-snapshot-\(number).scene.json")
        do {
            try Data(sceneText(of: window, name: "\(name)-snapshot-\(number)").utf8).write(to: url, options: .atomic)
        } catch {
            return nil
        }
        mark("snapshot \(number): \(url.lastPathComponent)")
        // Between touches, the session takes the tree as it is from here, when it changed.
        if state.fingers.isEmpty { writeSnapshotIfChanged(at: now()) }
        return url
    }

    /// Ends the capture: writes the end record, syncs, and renames the session into place.
    public func stop() {
        guard !state.stopped else { return }
        defer { if TouchScopeCapture.current === self { TouchScopeCapture.current = nil } }
        if state.lastEvent != nil { sampleOutcome(at: now()) }
        write("{\"t\":\(state.lastMicros),\"type\":\"end\"}")
        state.stopped = true
        state.link?.finish()
        if let observer = state.observer { observer.view?.removeGestureRecognizer(observer) }
        state.observer = nil
        if let backgroundObserver = state.backgroundObserver { NotificationCenter.default.removeObserver(backgroundObserver) }
        if let handle = state.handle {
            do { try handle.synchronize() } catch { fail("flushing the session failed: \(error)") }
            try? handle.close()
        }
        state.handle = nil
        let partial = sessionURL.appendingPathExtension("partial")
        if FileManager.default.fileExists(atPath: sessionURL.path) {
            do { try FileManager.default.removeItem(at: sessionURL) } catch {
                fail("\(sessionURL.path) exists and could not be replaced: \(error); the session is in \(partial.path)")
                return
            }
        }
        do { try FileManager.default.moveItem(at: partial, to: sessionURL) } catch {
            fail("moving the session into place failed: \(error); it is in \(partial.path)")
        }
    }

    /// A small finger number for `touch`, the same for its whole life.
    private func finger(for touch: UITouch) -> Int {
        if let id = state.fingers[ObjectIdentifier(touch)] { return id }
        var id = 1
        let used = Set(state.fingers.values)
        while used.contains(id) { id += 1 }
        state.fingers[ObjectIdentifier(touch)] = id
        return id
    }

    /// Whole microseconds since the first record, never going back.
    private func micros(_ time: TimeInterval) -> Int64 {
        let origin = state.start ?? time
        state.start = origin
        let value = max(state.lastMicros, Int64(((time - origin) * 1_000_000).rounded()))
        state.lastMicros = value
        return value
    }

    /// One line, written at once; past the size limit, a last marker and nothing more.
    private func write(_ line: String) {
        guard let handle = state.handle, !state.stopped else { return }
        state.link?.append(line)
        let bytes = Data((line + "\n").utf8)
        if state.bytesWritten + bytes.count > Self.maximumBytes {
            let note = Data(
                "{\"t\":\(state.lastMicros),\"type\":\"marker\",\"label\":\"capture stopped: the file reached \(Self.maximumBytes >> 20) MB\"}\n".utf8
            )
            state.bytesWritten = Self.maximumBytes
            state.handle = nil
            do {
                try handle.write(contentsOf: note)
                try handle.synchronize()
            } catch {
                fail("writing the session's last marker failed: \(error)")
            }
            try? handle.close()
            return
        }
        do {
            try handle.write(contentsOf: bytes)
            state.bytesWritten += bytes.count
        } catch {
            state.handle = nil
            try? handle.close()
            fail("writing the session failed: \(error); it holds what was written before")
        }
    }

    /// Keeps the first failure (`failure`).
    private func fail(_ reason: String) {
        if state.failure == nil { state.failure = reason }
    }

    // MARK: What the device did (device records, format version 5)

    /// Records what UIKit made of `event`: the view each new touch went to, recognizers that
    /// failed, a changed navigation stack. `TouchScopeCaptureWindow` calls it after
    /// `super.sendEvent(_:)`; a window of your own that records with `record(_:)` calls it there too.
    public func recordOutcome(of event: UIEvent) {
        guard !state.stopped else { return }
        writeHits(of: event)
        sampleRecognizers(at: event.timestamp)
        // The tree first (its views' ids name the stack's controllers), then the stack.
        if state.fingers.isEmpty { writeSnapshotIfChanged(at: event.timestamp) }
        sampleNavigation(at: event.timestamp)
    }

    /// Most snapshots written into one session (a session reads at most 1,000 scene versions).
    public static var maximumSnapshots: Int { 900 }

    /// Writes the tree into the session as a snapshot when its structure changed (a view came
    /// or went, the navigation stack moved): from there a replay takes the app as it is. Only
    /// between touches, so that no touch in flight meets another tree.
    func writeSnapshotIfChanged(at time: TimeInterval) {
        guard let window, state.snapshotsWritten < Self.maximumSnapshots else { return }
        // The same views in the same places with the same names: nothing to write, and no scene
        // text made (this runs around every touch, in the app).
        let fingerprint = Self.fingerprint(of: window)
        guard fingerprint != state.fingerprint else { return }
        state.fingerprint = fingerprint
        let previousIDs = state.ids
        let scene = sceneText(of: window, name: name)
        guard state.structure != state.lastStructure else {
            state.ids = previousIDs
            return
        }
        state.lastStructure = state.structure
        state.snapshotsWritten += 1
        let embedded = scene.hasSuffix("\n") ? String(scene.dropLast()) : scene
        write(
            "{\"t\":\(micros(time)),\"type\":\"scene\",\"hash\":\"\(Self.fnv1a(Array(scene.utf8)))\",\"scene\":\(Self.string(embedded)),\"snapshot\":true}"
        )
        watch(window, at: time)
    }

    /// What a scene's structure is made of, hashed: each view in tree order (which object, its
    /// identifier and tag), and the root navigation controller's stack.
    static func fingerprint(of window: UIWindow) -> Int {
        var hasher = Hasher()
        func visit(_ view: UIView) {
            hasher.combine(ObjectIdentifier(view))
            hasher.combine(view.accessibilityIdentifier)
            hasher.combine(view.tag)
            hasher.combine(view.subviews.count)
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        for controller in (window.rootViewController as? UINavigationController)?.viewControllers ?? [] {
            hasher.combine(ObjectIdentifier(controller))
            if let view = controller.viewIfLoaded { visit(view) }
        }
        return hasher.finalize()
    }

    /// A new touch begins (no finger was down): each recognizer's outcome starts afresh.
    func beginTouch() {
        for key in state.watched.keys {
            state.watched[key]?.failureWritten = false
            state.watched[key]?.acted = false
        }
    }

    /// Writes the hit record of each touch of `event` whose view is known and not yet written,
    /// and watches the recognizers the touches were given to.
    func writeHits(of event: UIEvent) {
        guard let touches = event.allTouches else { return }
        // In finger order: a set's order changes from run to run.
        let numbered = touches.compactMap { touch in state.fingers[ObjectIdentifier(touch)].map { (touch, $0) } }.sorted { $0.1 < $1.1 }
        for (touch, id) in numbered {
            for recognizer in touch.gestureRecognizers ?? [] { watch(recognizer, at: event.timestamp) }
            guard !state.hitWritten.contains(id), let view = touch.view else { continue }
            state.hitWritten.insert(id)
            writeDevice("\"event\":\"hit\",\"finger\":\(id),\"view\":\(Self.string(viewName(view)))", at: event.timestamp)
        }
        for id in state.endedFingers { state.hitWritten.remove(id) }
        state.endedFingers = []
    }

    /// Samples what only a look after the event shows: failed recognizers, the navigation
    /// stack, delegate answers newly seen.
    func sampleOutcome(at time: TimeInterval) {
        sampleRecognizers(at: time)
        sampleNavigation(at: time)
    }

    /// Failed recognizers and delegate answers newly seen.
    func sampleRecognizers(at time: TimeInterval) {
        for key in state.watchedOrder {
            guard let entry = state.watched[key], let recognizer = entry.recognizer else {
                state.watched[key] = nil
                continue
            }
            if recognizer.state == .failed, !entry.failureWritten, !entry.acted {
                state.watched[key]?.failureWritten = true
                writeDevice("\"event\":\"recognizer\",\"recognizer\":\(Self.string(recognizerName(recognizer))),\"state\":\"failed\"", at: time)
            }
            let answers = Self.delegateMethods(of: recognizer)
            if answers != entry.answers {
                state.watched[key]?.answers = answers
                writeCodeFacts(of: recognizer, at: time)
            }
        }
        let alive = state.watched
        state.watchedOrder.removeAll { alive[$0] == nil }
    }

    /// Writes the root navigation controller's stack when it changed.
    func sampleNavigation(at time: TimeInterval) {
        guard let navigation = window?.rootViewController as? UINavigationController else { return }
        let stack = navigation.viewControllers.map { controller -> String in
            guard let view = controller.viewIfLoaded, let id = state.ids[ObjectIdentifier(view)] else { return "UIViewController" }
            return "UIViewController(#\(id))"
        }
        guard stack != state.navigation else { return }
        state.navigation = stack
        writeDevice("\"event\":\"navigation\",\"stack\":[\(stack.map(Self.string).joined(separator: ","))]", at: time)
    }

    /// Watches every recognizer and control under `view`, and writes the code facts of every
    /// view that overrides a routing method.
    func watch(_ view: UIView, at time: TimeInterval) {
        let overrides = Self.overriddenMethods(of: view)
        if !overrides.isEmpty, state.codeWritten.insert(ObjectIdentifier(view)).inserted {
            writeDevice(
                "\"event\":\"code\",\"subject\":\(Self.string(viewName(view))),\"class\":\(Self.string(Self.className(of: view))),\"overrides\":[\(overrides.map(Self.string).joined(separator: ","))]",
                at: time)
        }
        for recognizer in view.gestureRecognizers ?? [] { watch(recognizer, at: time) }
        if let control = view as? UIControl, state.controls.insert(ObjectIdentifier(control)).inserted {
            for (event, name) in Self.controlEvents {
                control.addAction(
                    UIAction { [weak self, weak control] _ in
                        guard let self, let control else { return }
                        self.writeDevice(
                            "\"event\":\"control\",\"control\":\(Self.string(self.viewName(control))),\"name\":\"\(name)\"", at: self.now())
                    }, for: event)
            }
        }
        for subview in view.subviews { watch(subview, at: time) }
    }

    /// Watches one recognizer: its actions are its states; its code facts are written once.
    func watch(_ recognizer: UIGestureRecognizer, at time: TimeInterval) {
        guard !(recognizer is TouchScopeCaptureRecognizer), state.watched[ObjectIdentifier(recognizer)] == nil else { return }
        state.watched[ObjectIdentifier(recognizer)] = WatchedRecognizer(recognizer: recognizer, answers: Self.delegateMethods(of: recognizer))
        state.watchedOrder.append(ObjectIdentifier(recognizer))
        addAction(to: recognizer)
        writeCodeFacts(of: recognizer, at: time)
    }

    /// A watched recognizer's action ran: it began, changed, ended or was cancelled.
    func recognizerActed(_ recognizer: UIGestureRecognizer) {
        guard !state.stopped else { return }
        let name: String
        switch recognizer.state {
        case .began: name = "began"
        case .changed: name = "changed"
        case .ended: name = "ended"
        case .cancelled: name = "cancelled"
        default: return
        }
        state.watched[ObjectIdentifier(recognizer)]?.acted = true
        writeDevice("\"event\":\"recognizer\",\"recognizer\":\(Self.string(recognizerName(recognizer))),\"state\":\"\(name)\"", at: now())
    }

    func writeCodeFacts(of recognizer: UIGestureRecognizer, at time: TimeInterval) {
        let custom = Self.recognizerKindClass(recognizer) == nil && !Self.isFrameworkClass(type(of: recognizer))
        let overrides = Self.overriddenMethods(of: recognizer)
        let answers = Self.delegateMethods(of: recognizer)
        guard custom || !overrides.isEmpty || !answers.isEmpty else { return }
        var m = [
            "\"event\":\"code\"", "\"subject\":\(Self.string(recognizerName(recognizer)))",
            "\"class\":\(Self.string(String(describing: type(of: recognizer))))",
        ]
        if !overrides.isEmpty { m.append("\"overrides\":[\(overrides.map(Self.string).joined(separator: ","))]") }
        if let delegate = recognizer.delegate, !answers.isEmpty {
            m.append("\"delegate\":\(Self.string(String(describing: type(of: delegate))))")
            m.append("\"implements\":[\(answers.map(Self.string).joined(separator: ","))]")
        }
        if custom { m.append("\"custom\":true") }
        writeDevice(m.joined(separator: ","), at: time)
    }

    /// One device record at `time` (event-clock seconds; 0 is the start).
    func writeDevice(_ body: String, at time: TimeInterval) {
        let t = time == 0 && state.start == nil ? 0 : micros(time)
        write("{\"t\":\(t),\"type\":\"device\",\(body)}")
    }

    /// A view as TouchScope's traces name it: its class and its scene id (`UIButton#pay`).
    func viewName(_ view: UIView) -> String {
        if view === window { return "UIWindow" }
        let id = state.ids[ObjectIdentifier(view)] ?? view.accessibilityIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? "uncaptured"
        return Self.className(of: view) + "#" + id
    }

    /// A recognizer as TouchScope's traces name it: `UITapGestureRecognizer#name`, or
    /// `UITapGestureRecognizer@UIView#card` (`[i]` among several of one class on a view).
    func recognizerName(_ recognizer: UIGestureRecognizer) -> String {
        let className = Self.recognizerKindClass(recognizer) ?? String(describing: type(of: recognizer))
        if let name = recognizer.name, !name.isEmpty { return className + "#" + name }
        guard let view = recognizer.view else { return className }
        let same = (view.gestureRecognizers ?? []).filter {
            !($0 is TouchScopeCaptureRecognizer) && (Self.recognizerKindClass($0) ?? String(describing: type(of: $0))) == className
        }
        let suffix = same.count > 1 ? "[\(same.firstIndex { $0 === recognizer } ?? 0)]" : ""
        return className + suffix + "@" + viewName(view)
    }

    /// The UIKit class a recognizer is captured as (its scene kind's), nil for one TouchScope
    /// has no kind for.
    static func recognizerKindClass(_ recognizer: UIGestureRecognizer) -> String? {
        switch recognizer {
        case is UITapGestureRecognizer: "UITapGestureRecognizer"
        case is UILongPressGestureRecognizer: "UILongPressGestureRecognizer"
        case is UIScreenEdgePanGestureRecognizer: "UIScreenEdgePanGestureRecognizer"
        case let pan as UIPanGestureRecognizer:
            // A scroll view's own pan keeps its class name (UIKit's and TouchScope's agree).
            (pan.view as? UIScrollView)?.panGestureRecognizer === pan ? String(describing: type(of: pan)) : "UIPanGestureRecognizer"
        case is UISwipeGestureRecognizer: "UISwipeGestureRecognizer"
        case is UIPinchGestureRecognizer: "UIPinchGestureRecognizer"
        case is UIRotationGestureRecognizer: "UIRotationGestureRecognizer"
        default: nil
        }
    }

    /// The control events recorded.
    static let controlEvents: [(UIControl.Event, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
        (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
    ]

    /// The routing methods an object's class overrides: UIKit names, Objective-C selectors.
    static let routingMethods: [(swift: String, selector: String)] = [
        ("hitTest(_:with:)", "hitTest:withEvent:"), ("point(inside:with:)", "pointInside:withEvent:"),
        ("touchesBegan(_:with:)", "touchesBegan:withEvent:"), ("touchesMoved(_:with:)", "touchesMoved:withEvent:"),
        ("touchesEnded(_:with:)", "touchesEnded:withEvent:"), ("touchesCancelled(_:with:)", "touchesCancelled:withEvent:"),
        ("gestureRecognizerShouldBegin(_:)", "gestureRecognizerShouldBegin:"), ("touchesShouldCancel(in:)", "touchesShouldCancelInContentView:"),
        ("beginTracking(_:with:)", "beginTrackingWithTouch:withEvent:"), ("continueTracking(_:with:)", "continueTrackingWithTouch:withEvent:"),
        ("endTracking(_:with:)", "endTrackingWithTouch:withEvent:"), ("cancelTracking(with:)", "cancelTrackingWithEvent:"),
        ("canPrevent(_:)", "canPreventGestureRecognizer:"), ("canBePrevented(by:)", "canBePreventedByGestureRecognizer:"),
        ("shouldRequireFailure(of:)", "shouldRequireFailureOfGestureRecognizer:"),
        ("shouldBeRequiredToFail(by:)", "shouldBeRequiredToFailByGestureRecognizer:"),
    ]

    /// The delegate methods that decide recognition: UIKit names, Objective-C selectors.
    static let delegateMethodNames: [(swift: String, selector: String)] = [
        ("gestureRecognizerShouldBegin(_:)", "gestureRecognizerShouldBegin:"),
        ("gestureRecognizer(_:shouldReceive:)", "gestureRecognizer:shouldReceiveTouch:"),
        ("gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)", "gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:"),
        ("gestureRecognizer(_:shouldRequireFailureOf:)", "gestureRecognizer:shouldRequireFailureOfGestureRecognizer:"),
        ("gestureRecognizer(_:shouldBeRequiredToFailBy:)", "gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer:"),
    ]

    // MARK: What only one platform can tell (each section small; the iOS one is compiled by the
    // GitHub Actions workflow `.github/workflows/apple.yml`)

    #if canImport(UIKit)
        /// Now, on the clock `UIEvent.timestamp` uses (the system uptime).
        func now() -> TimeInterval { ProcessInfo.processInfo.systemUptime }

        /// The OS version and the SDK the app was built with (Info.plist's `DTSDKName`).
        static func system() -> (os: String, sdk: String?) {
            let sdkName = Bundle.main.infoDictionary?["DTSDKName"] as? String
            let sdk = sdkName.map { String($0.drop { !$0.isNumber }) }
            return ("iOS " + UIDevice.current.systemVersion, sdk)
        }

        /// The major version UIKit behaves as: the older of the SDK and the OS.
        func linkedMajorVersion() -> Int? {
            let system = Self.system()
            let os = Int(UIDevice.current.systemVersion.split(separator: ".").first ?? "")
            let sdk = system.sdk.flatMap { Int($0.split(separator: ".").first ?? "") }
            guard let os else { return sdk }
            return min(os, sdk ?? os)
        }

        /// The routing methods `object`'s class implements differently from its nearest Apple class.
        static func overriddenMethods(of object: AnyObject) -> [String] {
            let type: AnyClass = object_getClass(object) ?? Swift.type(of: object)
            var framework: AnyClass = type
            while !isFrameworkClass(framework), let superclass = class_getSuperclass(framework) { framework = superclass }
            guard framework !== type else { return [] }
            return routingMethods.filter { method in
                let selector = NSSelectorFromString(method.selector)
                return class_getInstanceMethod(type, selector) != nil
                    && class_getMethodImplementation(type, selector) != class_getMethodImplementation(framework, selector)
            }.map(\.swift)
        }

        static func isFrameworkClass(_ type: AnyClass) -> Bool {
            Bundle(for: type).bundlePath.contains("/System/Library/")
        }

        /// The recognition methods the recognizer's delegate implements.
        static func delegateMethods(of recognizer: UIGestureRecognizer) -> [String] {
            guard let delegate = recognizer.delegate else { return [] }
            return delegateMethodNames.filter { delegate.responds(to: NSSelectorFromString($0.selector)) }.map(\.swift)
        }

        func addAction(to recognizer: UIGestureRecognizer) {
            let target = CaptureActionTarget(capture: self)
            state.targets.append(target)
            recognizer.addTarget(target, action: #selector(CaptureActionTarget.acted(_:)))
        }
    #else
        /// Now, on the clock `UIEvent.timestamp` uses (TouchKit's virtual clock).
        func now() -> TimeInterval { window?.captureNow ?? state.lastEvent?.timestamp ?? 0 }

        /// TouchKit plays the device: the SDK it behaves as linked against.
        static func system() -> (os: String, sdk: String?) { ("TouchKit", nil) }

        /// The SDK TouchKit behaves as linked against (`TouchKitConfiguration.linkedSDK`).
        func linkedMajorVersion() -> Int? { window?.captureLinkedSDK }

        /// The routing methods `object`'s class overrides (TouchKit reads its vtable).
        static func overriddenMethods(of object: AnyObject) -> [String] {
            MethodOverrides.overridden(by: type(of: object))
        }

        static func isFrameworkClass(_ type: AnyClass) -> Bool { MethodOverrides.isFrameworkClass(type) }

        /// The recognition methods the delegate was seen answering otherwise than the default.
        static func delegateMethods(of recognizer: UIGestureRecognizer) -> [String] {
            recognizer.delegateAnswersSeen.methodNames
        }

        func addAction(to recognizer: UIGestureRecognizer) {
            recognizer.addTarget(self) { [weak self] recognizer in self?.recognizerActed(recognizer) }
        }
    #endif

    // MARK: The scene

    private func sceneText(of window: UIWindow, name: String) -> String {
        var paths: Set<String> = []
        state.ids = [:]
        state.structure = []
        // A navigation controller at the root is written as one, with its stack (each loaded
        // controller's view) and its pop gesture's state; its own bars are not captured.
        let navigation = window.rootViewController as? UINavigationController
        let navigationView = navigation?.viewIfLoaded
        let views = window.subviews.enumerated().filter { $0.element !== navigationView }.map {
            viewJSON($0.element, path: "v\($0.offset)", ids: &paths)
        }
        let size = window.bounds.size
        var members = [
            "\"format\":\"touchscope.scene\"", "\"version\":1", "\"name\":\(Self.string(name))",
            "\"description\":\"Captured by TouchScopeCapture from a running app.\"",
            "\"window\":{\"width\":\(Self.number(max(1, Double(size.width)))),\"height\":\(Self.number(max(1, Double(size.height))))}",
        ]
        // The era the app ran in: UIKit's behaviour follows the older of the SDK it was linked
        // with and the OS it ran on (iOS 26's content pop gesture, say).
        if let major = linkedMajorVersion() {
            members.append("\"era\":\"\(major >= 26 ? "ios26" : major >= 18 ? "ios18" : "ios17")\"")
        }
        if let navigation, navigationView?.superview === window {
            members.append("\"rootViewController\":" + navigationJSON(navigation, ids: &paths))
        }
        members.append("\"views\":[\(views.joined(separator: ","))]")
        return "{" + members.joined(separator: ",") + "}\n"
    }

    /// A navigation controller: `nav` (its view's identifier when it has one), its stack, and its
    /// pop gesture (`nav.pop`) when it is turned off.
    private func navigationJSON(_ navigation: UINavigationController, ids: inout Set<String>) -> String {
        var id = "nav"
        if let identifier = navigation.viewIfLoaded?.accessibilityIdentifier, !identifier.isEmpty, identifier.count <= 200 { id = identifier }
        if ids.contains(id) { id = "nav\(ids.count)" }
        ids.insert(id)
        var m = ["\"kind\":\"navigationController\"", "\"id\":\(Self.string(id))"]
        let stack = navigation.viewControllers.enumerated().compactMap { index, controller -> String? in
            guard let view = controller.viewIfLoaded else { return nil }
            return "{\"view\":" + viewJSON(view, path: "\(id).\(index)", ids: &ids) + "}"
        }
        m.append("\"viewControllers\":[\(stack.joined(separator: ","))]")
        if let pop = navigation.interactivePopGestureRecognizer, !pop.isEnabled {
            m.append("\"builtInRecognizers\":{\"pop\":{\"enabled\":false}}")
        }
        return "{" + m.joined(separator: ",") + "}"
    }

    private func viewJSON(_ view: UIView, path: String, ids: inout Set<String>) -> String {
        let kind = Self.kind(of: view)
        var m: [String] = ["\"kind\":\"\(kind.kind)\""]
        var id = path
        if let identifier = view.accessibilityIdentifier, !identifier.isEmpty, identifier != "self", identifier != "*", identifier.count <= 200 {
            id = identifier
        } else if view.tag != 0 {
            id = "tag\(view.tag)"
        }
        if ids.contains(id) { id = path }
        ids.insert(id)
        state.ids[ObjectIdentifier(view)] = id
        state.structure.append("\(kind.kind) \(Self.className(of: view)) \(id)")
        m.append("\"id\":\(Self.string(id))")
        let className = Self.className(of: view)
        if className != kind.className, className.count <= 200 { m.append("\"class\":\(Self.string(className))") }
        let t = view.transform
        if t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && t.tx == 0 && t.ty == 0 {
            m.append("\"frame\":\(Self.rect(view.frame))")
            if view.bounds.origin != .zero, !(view is UIScrollView) { m.append("\"bounds\":\(Self.rect(view.bounds))") }
        } else {
            m.append("\"bounds\":\(Self.rect(view.bounds))")
            m.append("\"center\":[\(Self.number(Double(view.center.x))),\(Self.number(Double(view.center.y)))]")
            let degrees = atan2(Double(t.b), Double(t.a)) * 180 / .pi
            let scaleX = (Double(t.a * t.a + t.b * t.b)).squareRoot()
            let scaleY = (Double(t.c * t.c + t.d * t.d)).squareRoot()
            m.append(
                "\"transform\":{\"rotation\":\(Self.number(degrees)),\"scale\":[\(Self.number(scaleX)),\(Self.number(scaleY))],\"translation\":[\(Self.number(Double(t.tx))),\(Self.number(Double(t.ty)))]}"
            )
        }
        if view.isHidden { m.append("\"hidden\":true") }
        if view.alpha != 1 { m.append("\"alpha\":\(Self.number(min(1, max(0, Double(view.alpha)))))") }
        if view.isUserInteractionEnabled != kind.interactive { m.append("\"userInteractionEnabled\":\(view.isUserInteractionEnabled)") }
        if view.isMultipleTouchEnabled { m.append("\"multipleTouchEnabled\":true") }
        if view.isExclusiveTouch { m.append("\"exclusiveTouch\":true") }
        let scrolls = view is UIScrollView
        if view.clipsToBounds != scrolls { m.append("\"clipsToBounds\":\(view.clipsToBounds)") }
        if view.tag != 0, abs(view.tag) <= 1_000_000_000 { m.append("\"tag\":\(view.tag)") }
        if let color = view.backgroundColor { m.append("\"backgroundColor\":\(Self.hex(color))") }
        if let control = view as? UIControl {
            if !control.isEnabled { m.append("\"enabled\":false") }
            if control.isSelected { m.append("\"selected\":true") }
        }
        if let toggle = view as? UISwitch, toggle.isOn { m.append("\"on\":true") }
        if let slider = view as? UISlider, slider.maximumValue > slider.minimumValue {
            m.append("\"value\":\(Self.number(Double((slider.value - slider.minimumValue) / (slider.maximumValue - slider.minimumValue))))")
        }
        if includeText {
            if let button = view as? UIButton, let title = button.currentTitle, !title.isEmpty {
                m.append("\"title\":\(Self.string(String(title.prefix(10_000))))")
            }
            if let label = view as? UILabel, let text = label.text, !text.isEmpty { m.append("\"text\":\(Self.string(String(text.prefix(10_000))))") }
        }
        if let scroll = view as? UIScrollView {
            m.append("\"contentSize\":[\(Self.number(Double(scroll.contentSize.width))),\(Self.number(Double(scroll.contentSize.height)))]")
            if scroll.contentOffset != .zero {
                m.append("\"contentOffset\":[\(Self.number(Double(scroll.contentOffset.x))),\(Self.number(Double(scroll.contentOffset.y)))]")
            }
            if !scroll.delaysContentTouches { m.append("\"delaysContentTouches\":false") }
            if !scroll.canCancelContentTouches { m.append("\"canCancelContentTouches\":false") }
            if !scroll.isScrollEnabled { m.append("\"scrollEnabled\":false") }
            if scroll.isPagingEnabled { m.append("\"pagingEnabled\":true") }
            if let table = view as? UITableView {
                if !table.allowsSelection { m.append("\"allowsSelection\":false") }
                if table.allowsMultipleSelection { m.append("\"allowsMultipleSelection\":true") }
            }
            if let collection = view as? UICollectionView {
                if !collection.allowsSelection { m.append("\"allowsSelection\":false") }
                if collection.allowsMultipleSelection { m.append("\"allowsMultipleSelection\":true") }
            }
            // The scroll view's own pan, as its built-in recognizer `ID.pan`, when its settings
            // are not UIKit's (the scene's scroll view makes it).
            let pan = scroll.panGestureRecognizer
            var settings: [String] = []
            if !pan.isEnabled { settings.append("\"enabled\":false") }
            if !pan.cancelsTouchesInView { settings.append("\"cancelsTouchesInView\":false") }
            if pan.delaysTouchesBegan { settings.append("\"delaysTouchesBegan\":true") }
            if pan.minimumNumberOfTouches != 1 { settings.append("\"minimumNumberOfTouches\":\(min(10, max(1, pan.minimumNumberOfTouches)))") }
            if !settings.isEmpty { m.append("\"builtInRecognizers\":{\"pan\":{\(settings.joined(separator: ","))}}") }
        }
        let recognizers = (view.gestureRecognizers ?? []).compactMap { Self.recognizerJSON($0, owner: view) }
        if !recognizers.isEmpty { m.append("\"recognizers\":[\(recognizers.joined(separator: ","))]") }
        let subviews = view.subviews.enumerated().map { viewJSON($0.element, path: "\(path).\($0.offset)", ids: &ids) }
        if !subviews.isEmpty { m.append("\"subviews\":[\(subviews.joined(separator: ","))]") }
        return "{" + m.joined(separator: ",") + "}"
    }

    /// A recognizer as a scene recognizer, or nil for one TouchScope has no kind for (and the
    /// scroll view's own, which the scene's scroll view makes itself).
    private static func recognizerJSON(_ recognizer: UIGestureRecognizer, owner: UIView) -> String? {
        if recognizer is TouchScopeCaptureRecognizer { return nil }
        if let scroll = owner as? UIScrollView, recognizer === scroll.panGestureRecognizer { return nil }
        var m: [String] = []
        switch recognizer {
        case let tap as UITapGestureRecognizer:
            m = [
                "\"kind\":\"tap\"", "\"numberOfTapsRequired\":\(tap.numberOfTapsRequired)",
                "\"numberOfTouchesRequired\":\(tap.numberOfTouchesRequired)",
            ]
        case let press as UILongPressGestureRecognizer:
            m = [
                "\"kind\":\"longPress\"", "\"minimumPressDuration\":\(number(press.minimumPressDuration))",
                "\"allowableMovement\":\(number(Double(press.allowableMovement)))", "\"numberOfTapsRequired\":\(press.numberOfTapsRequired)",
                "\"numberOfTouchesRequired\":\(press.numberOfTouchesRequired)",
            ]
        case let edge as UIScreenEdgePanGestureRecognizer:
            var edges: [String] = []
            if edge.edges.contains(.top) { edges.append("\"top\"") }
            if edge.edges.contains(.left) { edges.append("\"left\"") }
            if edge.edges.contains(.bottom) { edges.append("\"bottom\"") }
            if edge.edges.contains(.right) { edges.append("\"right\"") }
            m = ["\"kind\":\"screenEdgePan\"", "\"edges\":[\(edges.joined(separator: ","))]"]
        case let pan as UIPanGestureRecognizer:
            m = ["\"kind\":\"pan\"", "\"minimumNumberOfTouches\":\(pan.minimumNumberOfTouches)"]
            if pan.maximumNumberOfTouches < 1000 { m.append("\"maximumNumberOfTouches\":\(pan.maximumNumberOfTouches)") }
        case let swipe as UISwipeGestureRecognizer:
            var directions: [String] = []
            if swipe.direction.contains(.right) { directions.append("\"right\"") }
            if swipe.direction.contains(.left) { directions.append("\"left\"") }
            if swipe.direction.contains(.up) { directions.append("\"up\"") }
            if swipe.direction.contains(.down) { directions.append("\"down\"") }
            m = [
                "\"kind\":\"swipe\"", "\"direction\":[\(directions.joined(separator: ","))]",
                "\"numberOfTouchesRequired\":\(swipe.numberOfTouchesRequired)",
            ]
        case is UIPinchGestureRecognizer:
            m = ["\"kind\":\"pinch\""]
        case is UIRotationGestureRecognizer:
            m = ["\"kind\":\"rotation\""]
        default:
            return nil
        }
        if let name = recognizer.name, !name.isEmpty, name.count <= 200 { m.append("\"id\":\(string(name))") }
        if !recognizer.isEnabled { m.append("\"enabled\":false") }
        if !recognizer.cancelsTouchesInView { m.append("\"cancelsTouchesInView\":false") }
        if recognizer.delaysTouchesBegan { m.append("\"delaysTouchesBegan\":true") }
        if !recognizer.delaysTouchesEnded { m.append("\"delaysTouchesEnded\":false") }
        return "{" + m.joined(separator: ",") + "}"
    }

    /// The scene kind of a view: its nearest UIKit class TouchScope has a kind for.
    private static func kind(of view: UIView) -> (kind: String, className: String, interactive: Bool) {
        switch view {
        case is UITableViewCell: ("tableViewCell", "UITableViewCell", true)
        case is UICollectionViewCell: ("collectionViewCell", "UICollectionViewCell", true)
        case is UITableView: ("tableView", "UITableView", true)
        case is UICollectionView: ("collectionView", "UICollectionView", true)
        case is UITextField: ("textField", "UITextField", true)
        case is UIButton: ("button", "UIButton", true)
        case is UISwitch: ("switch", "UISwitch", true)
        case is UISlider: ("slider", "UISlider", true)
        case is UIControl: ("control", "UIControl", true)
        case is UIScrollView: ("scrollView", "UIScrollView", true)
        case is UILabel: ("label", "UILabel", false)
        case is UIImageView: ("imageView", "UIImageView", false)
        default: ("view", "UIView", true)
        }
    }

    private static func className(of view: UIView) -> String {
        #if canImport(UIKit)
            return String(describing: type(of: view))
        #else
            // TouchScope's own scenes name their views after the UIKit class they stand for.
            return view.traceClass ?? String(describing: type(of: view))
        #endif
    }

    // MARK: Writing JSON

    /// A number as JSON with at most three decimals (the session format's precision).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    static func rect(_ r: CGRect) -> String {
        "[\(number(Double(r.origin.x))),\(number(Double(r.origin.y))),\(number(max(0, Double(r.size.width)))),\(number(max(0, Double(r.size.height))))]"
    }

    static func hex(_ color: UIColor) -> String {
        var r: CGFloat = 0
        var g: CGFloat = 0
        var b: CGFloat = 0
        var a: CGFloat = 0
        color.getRed(&r, green: &g, blue: &b, alpha: &a)
        func byte(_ v: CGFloat) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }
        if a <= 0 { return "\"clear\"" }
        let text = String(format: "#%02X%02X%02X", byte(r), byte(g), byte(b))
        return "\"" + (byte(a) < 255 ? text + String(format: "%02X", byte(a)) : text) + "\""
    }

    /// A string as JSON.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A name safe as one file name.
    static func safeName(_ name: String) -> String {
        let kept = name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "-" }
        let text = String(kept.prefix(80))
        return text.isEmpty || text.allSatisfy({ $0 == "-" }) ? "capture" : text
    }

    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}

#if canImport(UIKit)
    /// Receives a watched recognizer's action (iOS targets are selectors on objects).
    @MainActor
    final class CaptureActionTarget: NSObject {
        weak var capture: TouchScopeCapture?
        init(capture: TouchScopeCapture) { self.capture = capture }
        @objc func acted(_ recognizer: UIGestureRecognizer) { capture?.recognizerActed(recognizer) }
    }
#endif

/// The capture's live link: serves the session's JSON Lines over TCP on the loopback address,
/// one client at a time. The client and the server each say a hello first
/// (`{"format":"touchscope.link","version":1,…}`; the client's says `from`, how many session
/// lines it already has, so a client that lost the link resumes where it was cut). Then every
/// line from there, and each new one as the capture writes it; after the session's end record
/// the server closes. A hello of another version gets an error line and the connection closes.
/// Lines are kept in memory for clients that come later (the capture's size limit bounds them);
/// once the capture stopped, a client has 30 seconds to come and take the rest.
public final class TouchScopeCaptureLink: @unchecked Sendable {
    /// TouchScope's port: outside the ranges other inspectors use (Lookin 47164–47179,
    /// SimDeck 47370–47402).
    public static let defaultPort: UInt16 = 47480
    /// The link protocol's version.
    public static let version = 1
    /// How long a finished capture waits for a client to take the rest, in seconds.
    static let lingerAfterFinish: Double = 30

    public let port: UInt16
    let name: String
    let condition = NSCondition()
    var lines: [String] = []
    var finished = false
    var closed = false
    var finishedAt: Date?
    var clients = 0
    var servedWhole = false
    let listener: Int32

    /// Listens on 127.0.0.1:`port`; throws when the port is taken or sockets are unavailable.
    init(port: UInt16, name: String) throws {
        self.port = port
        self.name = name
        listener = try Self.listen(port: port)
        let thread = Thread { [self] in serve() }
        thread.name = "TouchScopeCaptureLink"
        thread.start()
    }

    deinit { Self.closeSocket(listener) }

    /// Keeps a line and hands it to the client, if one is connected.
    func append(_ line: String) {
        condition.lock()
        lines.append(line)
        condition.broadcast()
        condition.unlock()
    }

    /// The session ended: the server sends the rest, then stops.
    func finish() {
        condition.lock()
        finished = true
        finishedAt = Date()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until a client said its hello (at most `timeout` seconds); false on a timeout.
    public func waitForClient(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while clients == 0 { guard condition.wait(until: deadline) else { return clients > 0 } }
        return true
    }

    /// Waits until a client got the whole session (at most `timeout` seconds); false on a timeout.
    public func waitUntilServed(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !servedWhole { guard condition.wait(until: deadline) else { return servedWhole } }
        return true
    }

    /// Stops serving now.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Accepts clients one at a time until the session was sent whole or the link closed.
    func serve() {
        defer { Self.closeSocket(listener) }
        while true {
            condition.lock()
            let stop = closed || (finished && Date().timeIntervalSince(finishedAt ?? Date()) > Self.lingerAfterFinish)
            condition.unlock()
            if stop { return }
            guard Self.waitReadable(listener, milliseconds: 200) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let sentWhole = serve(client: client)
            Self.closeSocket(client)
            if sentWhole {
                condition.lock()
                servedWhole = true
                condition.broadcast()
                condition.unlock()
                return
            }
        }
    }

    /// One client: hellos, then lines. True when it got the whole session.
    func serve(client: Int32) -> Bool {
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard send(client, "{\"format\":\"touchscope.link\",\"version\":\(Self.version),\"name\":\(TouchScopeCapture.string(name))}") else {
            return false
        }
        guard let hello = Self.readLine(client, timeout: 5), let data = hello.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["format"] as? String == "touchscope.link"
        else {
            _ = send(client, "{\"format\":\"touchscope.link\",\"error\":\"expected a touchscope.link hello\"}")
            return false
        }
        guard (object["version"] as? NSNumber)?.intValue == Self.version else {
            _ = send(client, "{\"format\":\"touchscope.link\",\"error\":\"this app speaks link version \(Self.version), the client another\"}")
            return false
        }
        // `from` is how many lines the client has: a whole number no larger than what was sent.
        let from = (object["from"] as? NSNumber)?.doubleValue ?? 0
        condition.lock()
        let count = lines.count
        condition.unlock()
        guard from >= 0, from == from.rounded(), from <= Double(count) else {
            _ = send(
                client, "{\"format\":\"touchscope.link\",\"error\":\"the client says it has lines this session has not sent (it has \(count))\"}")
            return false
        }
        var next = Int(from)
        condition.lock()
        clients += 1
        condition.broadcast()
        condition.unlock()
        while true {
            condition.lock()
            while next >= lines.count && !finished && !closed { _ = condition.wait(until: Date().addingTimeInterval(0.5)) }
            let batch = next < lines.count ? Array(lines[next...]) : []
            let done = finished && next + batch.count >= lines.count
            let stop = closed
            condition.unlock()
            if stop { return false }
            for line in batch {
                guard send(client, line) else { return false }
                next += 1
            }
            if done { return true }
        }
    }

    // MARK: Sockets (POSIX, the same on Darwin and Glibc)

    static func listen(port: UInt16) throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot open a socket: errno \(errno)"]) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listenOn(fd) == 0 else {
            let reason = errno == EADDRINUSE ? "port \(port) is already taken on 127.0.0.1" : "cannot listen on 127.0.0.1:\(port) (errno \(errno))"
            closeSocket(fd)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
        }
        return fd
    }

    static func listenOn(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.listen(fd, 1)
        #else
            return Darwin.listen(fd, 1)
        #endif
    }

    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// One line from `fd`, waiting at most `timeout` seconds; nil on a timeout or a closed socket.
    static func readLine(_ fd: Int32, timeout: Double) -> String? {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard left > 0, waitReadable(fd, milliseconds: left), recv(fd, &byte, 1, 0) == 1 else { return nil }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }

    /// Sends one line; false when the client is gone.
    func send(_ fd: Int32, _ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            #else
                let sent = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress! + offset, $0.count - offset, 0) }
            #endif
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    static func closeSocket(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }
}

/// Where the capture in progress is kept (one per app).
enum CaptureRegistry {
    nonisolated(unsafe) static var current: AnyObject?
}

/// A window that records every event it delivers for the capture in progress (make it the app's
/// window class and call `TouchScopeCapture.start(window:name:observe: false)`).
open class TouchScopeCaptureWindow: UIWindow {
    open override func sendEvent(_ event: UIEvent) {
        let capture = TouchScopeCapture.current
        capture?.record(event)
        super.sendEvent(event)
        capture?.recordOutcome(of: event)
    }
}

/// Sees every touch of its window without changing anything for the app: it never recognizes,
/// cancels, delays or prevents, and recognizes with everyone.
final class TouchScopeCaptureRecognizer: UIGestureRecognizer, UIGestureRecognizerDelegate {
    private weak var capture: TouchScopeCapture?

    init(capture: TouchScopeCapture) {
        self.capture = capture
        super.init(target: nil, action: nil)
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
        name = "TouchScopeCapture"
        delegate = self
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { capture?.record(event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { capture?.record(event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        capture?.record(event)
        if event.allTouches?.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) ?? true { state = .failed }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        capture?.record(event)
        state = .failed
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        true
    }
}
