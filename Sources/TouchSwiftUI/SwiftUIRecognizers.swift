import Foundation
@_spi(Records) import TouchKit

/// What both eras' recognizers share: turning UIKit touches into a gesture's input, running the
/// gesture on it, mapping its phase to a UIKit state (model M5: possible leaves the state alone,
/// active begins then changes, ended ends, failed fails, or cancels once it began), timers, and
/// tracing every labelled gesture's phase as a `swiftui` layer entry naming the era.
class SwiftUIRecognizerBase: UIGestureRecognizer {
    /// The host that made it, unowned: the host takes its recognizers off their views when it
    /// goes, so none takes part in a touch without it.
    unowned let host: SwiftUIHost
    /// The host's era, kept at hand.
    let era: SwiftUIEra
    // The state below is read and written on every touch, by this recognizer only: kept in its
    // record cell (all but `instance`), which no dynamic exclusivity check guards.
    /// The gesture running for the current touch sequence (nil between sequences).
    var instance: GestureInstance?
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _swiftUIRecognizerBaseFields = RecordCell(SwiftUIRecognizerBaseHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    override func _recordFields(label: String) -> Any? {
        label == "_swiftUIRecognizerBaseFields" ? _swiftUIRecognizerBaseFields.fields : super._recordFields(label: label)
    }

    /// The gestures traced, by label, with the phase last traced.
    var labelled: [LabelledGesture] {
        _read { yield _swiftUIRecognizerBaseFields.fields.labelled }
        _modify { yield &_swiftUIRecognizerBaseFields.fields.labelled }
    }
    /// The touches seen, in the order they were first seen (a few fingers: a list, not a table).
    var touches: [GestureTouch] {
        _read { yield _swiftUIRecognizerBaseFields.fields.touches }
        _modify { yield &_swiftUIRecognizerBaseFields.fields.touches }
    }
    /// The deadline a timer is scheduled for (rescheduled only when it changes).
    var scheduledDeadline: TimeInterval? {
        get { _swiftUIRecognizerBaseFields.fields.scheduledDeadline }
        set { _swiftUIRecognizerBaseFields.fields.scheduledDeadline = newValue }
    }
    /// Where local coordinates start (the modifier's view's origin, in the window).
    var origin: CGPoint {
        get { _swiftUIRecognizerBaseFields.fields.origin }
        set { _swiftUIRecognizerBaseFields.fields.origin = newValue }
    }
    /// `onPressingChanged(false)` calls, run after the gesture's own callbacks (its `perform`).
    var pendingReleases: [() -> Void] {
        _read { yield _swiftUIRecognizerBaseFields.fields.pendingReleases }
        _modify { yield &_swiftUIRecognizerBaseFields.fields.pendingReleases }
    }

    init(host: SwiftUIHost) {
        self.host = host
        era = host.era
        // The gesture's callbacks run when UIKit lets the recognizer change state: a gesture
        // that ended but whose recognizer waited and then failed never calls `onEnded`. (An
        // action without a target: a recognizer targeting itself would be weakly referenced,
        // and every retain of it slower.)
        super.init(target: nil) { recognizer in
            // The action is this recognizer's own: it is called with this recognizer.
            let base = _knownCast(recognizer, to: SwiftUIRecognizerBase.self)
            base.withInstance { $0.runCallbacks() }
            base.runReleases()
        }
        // SwiftUI's recognizers end without holding the views' touchesEnded (OpenSwiftUI; medium).
        delaysTouchesEnded = false
    }

    /// Makes the gesture for a new touch sequence; nil fails the recognizer (with the reason given).
    func begin(_ touch: UITouch) -> GestureInstance? { nil }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if instance == nil, state == .possible, let first = touches.min(by: { $0.fingerID < $1.fingerID }) {
            guard let made = begin(first) else { return }
            instance = made
        }
        feed(.began)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { feed(.moved) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { feed(.ended) }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        instance?.cancel(.cancelled(by: "UIKit (the touches were cancelled)"))
        finish()
        recognizerContext.cancelOrFail()
    }

    /// Readies the lanes for the next touch sequence (at reset): emptied, keeping their room.
    func clearLanes() {
        labelled.removeAllKeepingCapacity()
    }

    /// Labels the gestures with an id inside a combinator (`instance`'s parts, at any depth), each
    /// traced on its own lane as `#id (TapGesture) in LABEL`.
    func labelParts(of instance: GestureInstance, in label: String, attachment: GestureAttachment) {
        instance.visit { part in
            guard part !== instance, part.description.id != nil else { return }
            labelled.append(
                LabelledGesture(
                    "\(part.description.displayName) in \(label)", attachment, part, isPart: true,
                    owner: part.description.id.map { LayerEvent.Owner(gesture: $0, partOf: attachment.name ?? attachment.gesture.id) }))
        }
    }

    /// Gives the gesture the touches of the touches method running now (its tracked touches in
    /// `phase`), then steps it.
    func feed(_ phase: UITouch.Phase) {
        // The environment sends touches only to a recognizer that takes them (possible or
        // recognizing, not waiting): its state is not asked again.
        guard let instance else { return }
        // The context asked for at each use (made inline, it holds no reference of its own).
        let now = recognizerContext.now
        recognizerContext.forEachTouch(in: phase) { touch in
            // Window coordinates, as the gesture's input is given.
            let location = touch.location(in: nil)
            // One finger (most gestures): its entry is the first.
            // Each entry changed in one access (one uniqueness check of the list, not two).
            if !touches.isEmpty, touches[0].finger == touch.fingerID {
                touches[0].moved(to: location, phase: phase)
            } else if let index = touches.firstIndex(where: { $0.finger == touch.fingerID }) {
                touches[index].moved(to: location, phase: phase)
            } else {
                touches.append(GestureTouch(finger: touch.fingerID, start: location, location: location, startTime: now, phase: phase))
            }
        }
        step(instance, now: now)
    }

    /// Runs `body` with the running instance, if one runs.
    @inline(__always)
    func withInstance(_ body: (GestureInstance) -> Void) {
        if let instance { body(instance) }
    }

    /// Updates the gesture with what is known now and follows it with the UIKit state.
    func step(_ instance: GestureInstance, now: TimeInterval) {
        // The list is moved into the input and back (a copy would retain and release it).
        var input = GestureInput(time: now, touches: [])
        swap(&input.touches, &touches)
        input.origin = origin
        instance.update(input, inherited: .free)
        swap(&input.touches, &touches)
        traceChanges()
        follow(instance)
        // A finger's phase is news once: lifted fingers stay lifted, the others stand still
        // until they move again.
        for index in touches.indices where touches[index].phase == .began || touches[index].phase == .moved {
            touches[index].phase = .stationary
        }
        // Most steps leave the deadline as it was: no call then.
        let kind = instance.phaseKind
        let deadline = kind == .ended || kind == .failed ? nil : instance.earliestDeadline
        if deadline != scheduledDeadline { reschedule(deadline, now: now) }
    }

    /// Moves the UIKit state as `instance`'s phase says (model M5).
    func follow(_ instance: GestureInstance) {
        switch instance.phaseKind {
        case .possible: break
        case .active:
            let current = state
            if current == .possible {
                recognizerContext.setState(.began, .custom(kind: "swiftUIActive", text: "its SwiftUI gesture became active"))
            } else if current == .began || current == .changed {
                state = .changed
            }
        case .ended:
            let current = state
            if current == .possible || current == .began || current == .changed {
                recognizerContext.setState(.ended, .custom(kind: "swiftUIEnded", text: "its SwiftUI gesture ended"))
            }
        case .failed:
            let current = state
            if current == .possible {
                recognizerContext.fail(Self.failureRule(instance.phase))
            } else if current == .began || current == .changed {
                recognizerContext.setState(.cancelled, Self.failureRule(instance.phase))
            }
        }
    }

    /// The rule a failed gesture's reason becomes in the trace.
    static func failureRule(_ phase: GesturePhase) -> RecognizerRule {
        guard case .failed(let reason) = phase else { return .custom(kind: "swiftUI.failed", text: "its SwiftUI gesture failed") }
        return .custom(kind: "swiftUI." + reason.kind, text: reason.text)
    }

    /// Replaces the timer with one for `deadline` (none when nil).
    func reschedule(_ deadline: TimeInterval?, now: TimeInterval) {
        recognizerContext.cancelTimers()
        scheduledDeadline = deadline
        guard let deadline else { return }
        let delay = max(0, deadline - now)
        recognizerContext.schedule(after: delay, RecognizerTimer("swiftUIGesture")) { recognizer in
            guard let base = recognizer as? SwiftUIRecognizerBase, let instance = base.instance else { return }
            base.scheduledDeadline = nil
            base.step(instance, now: base.recognizerContext.now)
        }
    }

    /// A `swiftui` layer entry for each labelled gesture whose phase changed.
    func traceChanges() {
        guard !labelled.isEmpty else { return }
        for index in labelled.indices {
            // Most touches change no phase: compare kinds, read in place (the lane holds its
            // instance), before copying anything.
            let (kind, last) = (labelled[index].instance.phaseKind, labelled[index].last)
            guard kind != last else { continue }
            labelled[index].last = kind
            traceChange(at: index, from: last)
        }
    }

    /// Records the new phase of the labelled gesture at `index`, and calls its attachment's
    /// `onPressingChanged` when pressing began or is over. (Read in place: a copy of the item
    /// would retain its label, attachment and instance.)
    private func traceChange(at index: Int, from last: GesturePhase.Kind) {
        let phase = labelled[index].instance.phase
        if recognizerContext.isTracing {
            let item = labelled[index]
            var fields: [LayerEvent.Field] = []
            if !item.instance.valueText.isEmpty { fields.append(.init("value", item.instance.valueText)) }
            if case .failed(let reason) = phase {
                fields.append(.init("reason", reason.kind))
                fields.append(.init("because", reason.text))
            }
            fields.append(.init("era", era.rawValue))
            recognizerContext.record(LayerEvent(layer: .swiftUI, kind: phase.name, subject: item.label, fields: fields, owner: item.owner))
        }
        if !labelled[index].isPart, let pressing = labelled[index].onPressingChanged {
            if phase.kind == .active {
                pressing(true)
            } else if phase.isTerminal && last != .possible {
                pendingReleases.append { pressing(false) }
            }
        }
    }

    func finish() {
        traceChanges()
        withInstance { $0.runCallbacks(resetsOnly: true) }
        runReleases()
    }

    func runReleases() {
        guard !pendingReleases.isEmpty else { return }
        let releases = pendingReleases
        pendingReleases.removeAll()
        for release in releases { release() }
    }

    override func reset() {
        super.reset()
        withInstance { instance in
            if !instance.isDecided { instance.cancel(.cancelledByUIKitReset) }
            finish()
        }
        instance = nil
        clearLanes()
        // The list keeps its room for the next touch sequence.
        touches.removeAllKeepingCapacity()
        scheduledDeadline = nil
        origin = .zero
    }
}

/// A gesture traced on its own lane: its label, its attachment's `onPressingChanged`, its
/// running instance and the phase last traced. `isPart`: a gesture inside a combinator (traced,
/// but the attachment's `onPressingChanged` follows its root only).
struct LabelledGesture {
    let label: String
    /// The gesture the lane's entries belong to, typed (nil: a gesture without an id or name).
    let owner: LayerEvent.Owner?
    /// Its attachment's only part the lane needs (a whole attachment would be copied with it).
    let onPressingChanged: ((Bool) -> Void)?
    let instance: GestureInstance
    var last: GesturePhase.Kind = .possible
    let isPart: Bool

    init(_ label: String, _ attachment: GestureAttachment, _ instance: GestureInstance, isPart: Bool = false, owner: LayerEvent.Owner? = nil) {
        self.label = label
        self.owner = isPart ? owner : (attachment.name ?? attachment.gesture.id).map { LayerEvent.Owner(gesture: $0) }
        onPressingChanged = attachment.onPressingChanged
        self.instance = instance
        self.isPart = isPart
    }
}

/// One SwiftUI gesture modifier as its own UIKit recognizer (the iOS 18 SDK, model M5): it takes
/// part only in touches whose responder path holds its view, and relates to the others by
/// SwiftUI's rules: prioritized (default vs default: unless an ancestor; high priority vs high
/// priority: only an ancestor; high priority before default; simultaneous never), can prevent a
/// prioritized-over gesture without a dependency (taps and Buttons wait instead), requires a
/// tap with more taps to fail, or a prioritized gesture when it has a dependency. Against a
/// scroll view's pan it prevents the pan when prioritized over the scroll view (its descendants
/// are); cancellable gestures (Button, `onLongPressGesture` with `onPressingChanged`) never
/// prevent the pan, are cancelled by it and wait for the scroll view's delay. Rules that rest on
/// OpenSwiftUI's reconstruction only (the tap-count rule, the cancellable rule) are marked
/// "unverified" in their reasons.
final class SwiftUIResponderRecognizer: SwiftUIRecognizerBase {
    let node: SwiftUINode
    let attachment: GestureAttachment
    /// Its place among its view's modifiers (later ones wrap earlier ones).
    let index: Int

    /// The attachment's facts arbitration asks about on every touch, found once.
    let modifier: GestureAttachment.Modifier
    let isCancellable: Bool
    let tapCount: Int?
    let hasDependency: Bool
    /// The pans and delayed-touches recognizers of the SwiftUI scroll views (and lists) this
    /// modifier's view is inside, nearest first (the host builds its scroll views first).
    let enclosingScrollPans: [ObjectIdentifier]
    let enclosingScrollDelays: [ObjectIdentifier]
    /// Whether this modifier's view holds a representable.
    let holdsRepresentable: Bool
    /// Whether its gesture gives locations in the view's own space (then each touch-down finds
    /// where the view is in the window).
    let usesLocalSpace: Bool
    /// The attachment above this one whose mask leaves out its subviews (the views above a
    /// modifier's view do not change once the host is built, and a touch that reaches this
    /// modifier has all of them on its path), found once.
    let maskedBy: String?
    /// The hosting view its view is laid out in, unowned: the host owns it and takes its
    /// recognizers off their views when it goes.
    unowned let hostingView: SwiftUIHostingView

    init(host: SwiftUIHost, node: SwiftUINode, attachment: GestureAttachment, index: Int) {
        self.node = node
        self.attachment = attachment
        self.index = index
        modifier = attachment.modifier
        isCancellable = attachment.isCancellable
        tapCount = attachment.gesture.tapCount
        hasDependency = attachment.gesture.hasDependency || attachment.modifier == .button
        let scrollViews = node.ancestors.compactMap { host.scrollViews[ObjectIdentifier($0)] }
        enclosingScrollPans = scrollViews.map { ObjectIdentifier($0.panGestureRecognizer) }
        enclosingScrollDelays = scrollViews.map { ObjectIdentifier($0.delayedTouchesGestureRecognizer) }
        holdsRepresentable = node.subtree.contains { $0.kind == .uikit }
        usesLocalSpace = attachment.gesture.usesLocalSpace
        maskedBy = Self.maskingAncestor(of: node, index: index, on: [node] + node.ancestors)
        hostingView = host.hostingView(of: node)
        label = SwiftUIHost.label(attachment, node)
        super.init(host: host)
        name = attachment.name ?? attachment.gesture.id
        traceClass = "SwiftUI.UIKitResponderGestureRecognizer"
    }

    /// `#name (.gesture) on Rectangle#card`, made once (it is set on every touch-down).
    let label: String

    // Which touches it takes part in needs no hook: its gesture container is on a touch's view
    // chain exactly when its view is on the touch's SwiftUI path (the hosting view hands a touch
    // to the container of the deepest view with gestures on that path, and containers nest as
    // their views do), so UIKit binds it to those touches only.

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _swiftUIResponderRecognizerFields = RecordCell(SwiftUIResponderRecognizerHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    override func _recordFields(label: String) -> Any? {
        label == "_swiftUIResponderRecognizerFields" ? _swiftUIResponderRecognizerFields.fields : super._recordFields(label: label)
    }

    /// The instance of the attachment's own gesture, kept from one touch sequence to the next
    /// and restarted at each touch-down, with its lanes, so that a touch allocates no gesture.
    /// (Caches: what they hold is made again the same when they are empty.)
    private var instanceCache: GestureInstance? {
        _read { yield _swiftUIResponderRecognizerFields.fields.instanceCache }
        _modify { yield &_swiftUIResponderRecognizerFields.fields.instanceCache }
    }
    private var lanesCache: [LabelledGesture] {
        _read { yield _swiftUIResponderRecognizerFields.fields.lanesCache }
        _modify { yield &_swiftUIResponderRecognizerFields.fields.lanesCache }
    }

    override func begin(_ touch: UITouch) -> GestureInstance? {
        let made: GestureInstance
        if let stand = standIn() {
            made = GestureInstance.make(stand)
        } else if let kept = instanceCache {
            kept.restart()
            made = kept
        } else {
            made = GestureInstance.make(attachment.gesture)
            instanceCache = made
        }
        if !lanesCache.isEmpty, lanesCache[0].instance === made {
            swap(&labelled, &lanesCache)
        } else {
            labelled.removeAllKeepingCapacity()
            labelled.append(LabelledGesture(label, attachment, made))
            labelParts(of: made, in: label, attachment: attachment)
        }
        if usesLocalSpace {
            let frameOrigin = node.layoutFrame.origin
            origin = hostingView.convert(frameOrigin, to: nil)
        }
        return made
    }

    /// The kept instance's lanes are kept with it (told that nothing was traced yet); a
    /// stand-in's are dropped.
    override func clearLanes() {
        guard let kept = instanceCache, !labelled.isEmpty, labelled[0].instance === kept else { return super.clearLanes() }
        for index in labelled.indices { labelled[index].last = .possible }
        swap(&labelled, &lanesCache)
        labelled.removeAllKeepingCapacity()
    }

    /// The gesture that stands in for the attachment's when it cannot run (disabled, or masked by
    /// its own `including:` or by a modifier above it), nil when it runs.
    private func standIn() -> GestureDescription? {
        let gesture = attachment.gesture
        if !attachment.isEnabled || node.isDisabled { return gesture.standingIn(.disabled) }
        if !attachment.mask.contains(.gesture) { return gesture.standingIn(.masked(by: label)) }
        if let maskedBy { return gesture.standingIn(.masked(by: maskedBy)) }
        return nil
    }

    /// An attachment above the one at `index` of `node`'s on `path` whose mask leaves out its
    /// subviews.
    static func maskingAncestor(of node: SwiftUINode, index: Int, on path: [SwiftUINode]) -> String? {
        for other in path {
            // The masks are read in place (a button's own tap, first in `allAttachments`, masks
            // nothing): most paths have no mask at all, and nothing is copied for them.
            let offset = other.hasButtonAttachment ? 1 : 0
            for position in other.attachments.indices where !other.attachments[position].mask.contains(.subviews) {
                if other === node ? position + offset > index : node.isDescendant(of: other) {
                    return SwiftUIHost.label(other.attachments[position], other)
                }
            }
        }
        return nil
    }

    /// Whether this modifier's responder wraps `other`'s (an ancestor, or later on the same view).
    func isAncestor(of other: SwiftUIResponderRecognizer) -> Bool {
        other.node === node ? index > other.index : other.node.isDescendant(of: node)
    }

    /// `body`'s answer about `other` as a modifier's recognizer, or nil when it is not one. The
    /// class is final, so its exact type answers (arbitration asks this of every pair on every
    /// recognition, and a dynamic cast is slower).
    @inline(__always)
    static func withResponder<Result>(_ other: UIGestureRecognizer, _ body: (SwiftUIResponderRecognizer) -> Result) -> Result? {
        guard let responder = _exactCast(other, to: SwiftUIResponderRecognizer.self) else { return nil }
        return body(responder)
    }

    /// Whether this modifier's gesture and `other`'s are simultaneous. On the iOS 18 SDK a
    /// `.simultaneousGesture` is simultaneous with every other gesture. On the iOS 26 SDK only
    /// with the gestures of its own view and below: iOS & iPadOS 26 release notes, SwiftUI,
    /// 147970990, "Fixed: Gestures added using the `simultaneousGesture(_:isEnabled:)` view
    /// modifier are incorrectly simultaneous with ancestor gestures" (documented). Against an
    /// ancestor's gesture it then takes part as a `.gesture` of its view does.
    func isSimultaneous(with other: SwiftUIResponderRecognizer) -> Bool {
        guard era == .ios26 else { return modifier.isSimultaneous || other.modifier.isSimultaneous }
        let otherIsAbove = other.node !== node && node.isDescendant(of: other.node)
        let selfIsAbove = other.node !== node && other.node.isDescendant(of: node)
        return (modifier.isSimultaneous && !otherIsAbove) || (other.modifier.isSimultaneous && !selfIsAbove)
    }

    /// Whether this modifier is simultaneous with the pan of a scroll view around its view: on
    /// the iOS 18 SDK a `.simultaneousGesture` is; on the iOS 26 SDK it is not (the scroll view
    /// is an ancestor: 147970990, and a field report of a `.simultaneousGesture` that no longer
    /// lets its ScrollView scroll under the iOS 26 SDK). Cancellable gestures (a Button) never
    /// prevent the pan, in every era.
    var isSimultaneousWithEnclosingScroll: Bool {
        isCancellable || (modifier.isSimultaneous && era != .ios26)
    }

    /// Model M5's `prioritized(A over B)`.
    func isPrioritized(over other: SwiftUIResponderRecognizer) -> Bool {
        if isSimultaneous(with: other) { return false }
        switch (modifier.isHighPriority, other.modifier.isHighPriority) {
        case (false, false): return !isAncestor(of: other)
        case (true, true): return isAncestor(of: other)
        case (true, false): return true
        case (false, true): return false
        }
    }

    /// Whether `other` is the pan of a SwiftUI scroll view this modifier's view is inside.
    func isEnclosingScrollPan(_ other: UIGestureRecognizer) -> Bool {
        enclosingScrollPans.contains(ObjectIdentifier(other))
    }

    /// A scroll view's delayed-touches recognizer around this modifier's view.
    func isEnclosingScrollDelay(_ other: UIGestureRecognizer) -> Bool {
        enclosingScrollDelays.contains(ObjectIdentifier(other))
    }

    override func canPrevent(_ other: UIGestureRecognizer) -> Bool {
        if let answer = Self.withResponder(other, { !$0.hasDependency && isPrioritized(over: $0) }) { return answer }
        if isEnclosingScrollPan(other) {
            // A gesture inside the scroll view is prioritized over it, unless it is
            // simultaneous with it or cancellable.
            return !isSimultaneousWithEnclosingScroll
        }
        if isCancellable, other.panRequirement != nil { return false }
        return true
    }

    override func canBePrevented(by other: UIGestureRecognizer) -> Bool {
        if let answer = Self.withResponder(other, { !hasDependency && $0.isPrioritized(over: self) }) { return answer }
        if isEnclosingScrollPan(other) {
            // The scroll view wraps this gesture: it is not prioritized over it, but it cancels
            // the cancellable ones.
            return isCancellable
        }
        return true
    }

    override func shouldRequireFailure(of other: UIGestureRecognizer) -> Bool {
        let answer = Self.withResponder(other) { other in
            if !modifier.isSimultaneous, !other.modifier.isSimultaneous,
                let mine = tapCount, let theirs = other.tapCount, mine < theirs
            {
                // Unverified (OpenSwiftUI only): the tap with fewer taps waits for the other.
                return true
            }
            return hasDependency && other.isPrioritized(over: self)
        }
        if let answer { return answer }
        if isCancellable, isEnclosingScrollDelay(other) { return true }
        if holdsRepresentable, era == .ios26, modifier == .gesture, let otherView = other.view, isInsideRepresentable(otherView) {
            // iOS & iPadOS 26 release notes, SwiftUI, 155581361 (documented): a view's .gesture
            // now has the same lower priority over the view's existing UIGestureRecognizers as
            // over its SwiftUI gestures, so the UIKit recognizers inside it take part first.
            return true
        }
        return false
    }

    override func shouldBeRequiredToFail(by other: UIGestureRecognizer) -> Bool {
        if holdsRepresentable, era == .ios18, modifier == .gesture, !(other is SwiftUIRecognizerBase), let otherView = other.view,
            isInsideRepresentable(otherView)
        {
            // Inferred from iOS 26's release note 155581361 (unverified on a device): before the
            // iOS 26 SDK a view's .gesture took part ahead of the UIKit recognizers inside it, so
            // they wait for it to fail.
            return true
        }
        return false
    }

    /// Whether `view` belongs to a representable inside this modifier's view.
    func isInsideRepresentable(_ view: UIView) -> Bool {
        guard holdsRepresentable else { return false }
        return node.subtree.contains { candidate in
            guard candidate.kind == .uikit, let uiView = candidate.uiView else { return false }
            return view === uiView || view.isDescendant(of: uiView)
        }
    }

    override var tapRequirement: TapRequirement? {
        // It reports itself as a tap recognizer with its gesture's count (model M5).
        (tapCount ?? (modifier == .button ? 1 : nil)).map { TapRequirement(taps: $0, touches: 1) }
    }
}

/// The one SwiftUI recognizer of a hosting view before the iOS 18 SDK (model M6): it runs every
/// gesture on a touch's responder path, composed as SwiftUI composes them (M1), and UIKit sees
/// only it: it begins when the composed gesture becomes active, with UIKit's default relations.
final class SwiftUILegacyRecognizer: SwiftUIRecognizerBase {
    override init(host: SwiftUIHost) {
        super.init(host: host)
        traceClass = "SwiftUI.UIKitGestureRecognizer"
    }

    override func begin(_ touch: UITouch) -> GestureInstance? {
        let path = host.path(for: touch)
        let (composed, parts) = host.composedGesture(for: path)
        guard let composed else {
            recognizerContext.fail(.custom(kind: "swiftUI.noGesture", text: "no gesture on the touch's path"))
            return nil
        }
        // The parts are found in the composed tree by building it from the same descriptions:
        // label each part's root so that its instance can be traced.
        let made = GestureInstance.make(composed)
        var remaining = parts
        made.visit { instance in
            guard let index = remaining.firstIndex(where: { Self.same($0.gesture, instance.description) }) else { return }
            let part = remaining.remove(at: index)
            labelled.append(LabelledGesture(part.label, part.attachment, instance))
            labelParts(of: instance, in: part.label, attachment: part.attachment)
        }
        // A part not in the tree was masked by a modifier above it: it fails at once, so said.
        for part in remaining {
            let masked = NeverInstance(part.gesture, .masked(by: Self.masking(part.label, in: parts)))
            masked.update(GestureInput(time: 0, touches: []), inherited: .free)
            labelled.append(LabelledGesture(part.label, part.attachment, masked))
        }
        return made
    }

    /// The modifier that masked `label`: the first later part whose mask leaves out its subviews.
    static func masking(_ label: String, in parts: [(label: String, attachment: GestureAttachment, gesture: GestureDescription)]) -> String {
        guard let index = parts.firstIndex(where: { $0.label == label }) else { return "a modifier above it" }
        return parts[(index + 1)...].first { !$0.attachment.mask.contains(.subviews) }?.label ?? "a modifier above it"
    }

    /// Whether two descriptions are the same gesture (the composed tree holds copies).
    static func same(_ a: GestureDescription, _ b: GestureDescription) -> Bool {
        a.id == b.id && a.typeName == b.typeName && String(describing: a.kind) == String(describing: b.kind)
    }
}

/// `SwiftUIRecognizerBase`'s fields that every event reads or writes (see `RecordCell`).
struct SwiftUIRecognizerBaseHotFields {
    var labelled: [LabelledGesture] = []
    var touches: [GestureTouch] = []
    var scheduledDeadline: TimeInterval?
    var origin: CGPoint = .zero
    var pendingReleases: [() -> Void] = []
}

/// `SwiftUIResponderRecognizer`'s fields that every event reads or writes (see `RecordCell`).
struct SwiftUIResponderRecognizerHotFields {
    var instanceCache: GestureInstance?
    var lanesCache: [LabelledGesture] = []
}
