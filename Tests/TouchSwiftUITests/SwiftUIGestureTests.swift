import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchSwiftUI

/// What the gestures' callbacks did, in order.
final class CallbackLog {
    var lines: [String] = []

    /// Callbacks that write `name changed`, `name ended`, `name reset`.
    func callbacks(_ name: String) -> GestureDescription.Callbacks {
        GestureDescription.Callbacks(
            onChanged: { [unowned self] _ in lines.append("\(name) changed") }, onEnded: { [unowned self] _ in lines.append("\(name) ended") },
            updating: nil, onReset: { [unowned self] in lines.append("\(name) reset") })
    }
}

/// A window with a SwiftUI tree in a hosting view.
final class SwiftUIScene {
    let window = makeWindow()
    let host: SwiftUIHost
    let sim: TouchSimulator

    init(_ root: SwiftUINode, era: SwiftUIEra) {
        host = SwiftUIHost(root: root, frame: window.bounds, era: era)
        window.addSubview(host.view)
        sim = TouchSimulator(window: window)
    }

    /// The layer entries of SwiftUI's phases: `label phase`.
    var phases: [String] {
        sim.trace.entries.compactMap { entry in
            guard case .layer(let event) = entry.event, event.layer == "swiftui" else { return nil }
            return "\(event.subject) \(event.kind)"
        }
    }
}

@Suite("SwiftUI gestures")
struct SwiftUIGestureTests {
    @Test("a tap on a rectangle with onTapGesture runs its action")
    func tap() {
        let log = CallbackLog()
        let root = SwiftUINode(.zstack)
        let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        card.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), id: "open", callbacks: log.callbacks("tap")))]
        root.add(card)
        let scene = SwiftUIScene(root, era: .ios18)
        scene.sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.lines == ["tap ended"], "\(scene.phases) \(scene.sim.trace.lines)")
    }

    @Test("a spatial tap's location is in its view's space when local, in the window's when global, inside a scrolled ScrollView too")
    func spatialTapSpaces() {
        var values: [String] = []
        let root = SwiftUINode(.zstack)
        let scroll = SwiftUINode(.scrollView, id: "feed", frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        scroll.contentSize = CGSize(width: 390, height: 3000)
        let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 2000))
        for (global, name) in [(false, "local"), (true, "global")] {
            var callbacks = GestureDescription.Callbacks()
            callbacks.onEnded = { values.append("\(name) \($0)") }
            card.attachments.append(GestureAttachment(.simultaneousGesture, GestureDescription(.spatialTap(count: 1, global: global), callbacks: callbacks)))
        }
        scroll.add(card)
        root.add(scroll)
        let scene = SwiftUIScene(root, era: .ios18)
        scene.host.scrollViews.values.first?.contentOffset = CGPoint(x: 0, y: 500)
        scene.sim.tap(at: CGPoint(x: 70, y: 130))
        #expect(values.sorted() == ["global location (70.00, 130.00)", "local location (70.00, 630.00)"], "\(scene.phases)")
    }
}

@Suite("SwiftUI gestures: composition, eras and UIKit")
struct SwiftUICompositionTests {
    /// A ScrollView (3000 pt of content) holding a 390x300 card with `gesture`.
    static func scroll(_ attachments: [GestureAttachment]) -> (SwiftUINode, SwiftUINode) {
        let root = SwiftUINode(.zstack)
        let scroll = SwiftUINode(.scrollView, id: "feed", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        scroll.contentSize = CGSize(width: 390, height: 3000)
        let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        card.attachments = attachments
        scroll.add(card)
        root.add(scroll)
        return (root, card)
    }

    @Test("a child DragGesture in a ScrollView: ios18 the drag wins and nothing scrolls; ios17 the scroll view scrolls")
    func dragInScrollView() throws {
        for era in [SwiftUIEra.ios18, .ios17] {
            let log = CallbackLog()
            let (root, _) = Self.scroll([GestureAttachment(.gesture, GestureDescription(.drag(minimumDistance: 10, global: false), id: "swipe", callbacks: log.callbacks("drag")))])
            let scene = SwiftUIScene(root, era: era)
            scene.sim.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 60), duration: 0.2, steps: 10)
            let offset = try #require(scene.host.scrollViews.values.first).contentOffset
            if era == .ios18 {
                #expect(log.lines.contains("drag ended"), "\(log.lines) \(scene.phases)")
                #expect(offset == .zero, "\(scene.sim.trace.lines.suffix(30))")
            } else {
                #expect(offset.y > 0, "ios17 scrolls: \(scene.phases) \(log.lines)")
                #expect(!log.lines.contains("drag ended"), "\(log.lines)")
            }
        }
    }

    @Test("callback order: updating and onChanged while active, then onEnded, then the @GestureState reset; a touch cancelled mid-drag resets it without onEnded, in every era")
    func callbackOrderAndResetOnCancel() throws {
        for era in [SwiftUIEra.ios17, .ios18, .ios26] {
            for cancelled in [false, true] {
                var lines: [String] = []
                let callbacks = GestureDescription.Callbacks(
                    onChanged: { _ in lines.append("changed") }, onEnded: { _ in lines.append("ended") },
                    updating: { _ in lines.append("updating") }, onReset: { lines.append("reset") })
                let root = SwiftUINode(.zstack)
                let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 300))
                card.attachments = [GestureAttachment(.gesture, GestureDescription(.drag(minimumDistance: 10, global: false), id: "move", callbacks: callbacks))]
                root.add(card)
                let scene = SwiftUIScene(root, era: era)
                let finger = scene.sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), duration: 0.2, steps: 5, lift: false)
                if cancelled { scene.sim.touchCancel([finger]) } else { scene.sim.touchUp(finger) }
                scene.sim.advance(by: 0.5)
                // Each step: updating, then onChanged (model M4); consecutive duplicates folded.
                let folded = lines.reduce(into: [String]()) { kinds, line in if kinds.suffix(2) != ["updating", "changed"] || line != "updating" && line != "changed" { kinds.append(line) } }
                let expected = cancelled ? ["updating", "changed", "reset"] : ["updating", "changed", "ended", "reset"]
                #expect(folded == expected, "\(era) cancelled \(cancelled): \(lines) \(scene.phases)")
                #expect(lines.filter { $0 == "reset" }.count == 1, "\(era): one reset")
            }
        }
    }

    @Test("a single tap waits for a double tap to fail; a double tap runs only the double")
    func singleWaitsForDouble() {
        for era in [SwiftUIEra.ios18, .ios17] {
            let log = CallbackLog()
            let root = SwiftUINode(.zstack)
            let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 300))
            card.attachments = [
                GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 2), id: "double", callbacks: log.callbacks("double"))),
                GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), id: "single", callbacks: log.callbacks("single"))),
            ]
            root.add(card)
            var scene = SwiftUIScene(root, era: era)
            scene.sim.tap(at: CGPoint(x: 100, y: 100), count: 2)
            scene.sim.advance(by: 1)
            #expect(log.lines == ["double ended"], "\(era): \(log.lines) \(scene.sim.trace.lines.joined(separator: "\n"))")
            log.lines = []
            scene = SwiftUIScene(root, era: era)
            scene.sim.tap(at: CGPoint(x: 100, y: 100))
            #expect(log.lines.isEmpty, "\(era): the single tap waits")
            scene.sim.advance(by: 1)
            #expect(log.lines == ["single ended"], "\(era): \(log.lines) \(scene.phases)")
        }
    }

    @Test("a parent's highPriorityGesture beats a child's onTapGesture; a simultaneousGesture runs with it")
    func priorities() {
        for era in [SwiftUIEra.ios18, .ios17] {
            for (modifier, expected) in [(GestureAttachment.Modifier.highPriorityGesture, ["parent ended"]), (.simultaneousGesture, ["child ended", "parent ended"]), (.gesture, ["child ended"])] {
                let log = CallbackLog()
                let root = SwiftUINode(.zstack, id: "parent")
                root.attachments = [GestureAttachment(modifier, GestureDescription(.tap(count: 1), id: "parentTap", callbacks: log.callbacks("parent")))]
                let child = SwiftUINode(.rectangle, id: "child", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                child.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), id: "childTap", callbacks: log.callbacks("child")))]
                root.add(child)
                let scene = SwiftUIScene(root, era: era)
                scene.sim.tap(at: CGPoint(x: 100, y: 100))
                scene.sim.advance(by: 1)
                #expect(log.lines.sorted() == expected.sorted(), "\(era) \(modifier): \(log.lines) \(scene.phases)")
            }
        }
    }

    @Test("SwiftUI hit testing: allowsHitTesting(false) and near-zero opacity let touches through; contentShape and shapes decide where a view is hit")
    func hitTesting() {
        let log = CallbackLog()
        let root = SwiftUINode(.zstack)
        let below = SwiftUINode(.rectangle, id: "below", frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        below.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), callbacks: log.callbacks("below")))]
        let overlay = SwiftUINode(.color, id: "overlay", frame: CGRect(x: 0, y: 0, width: 390, height: 200))
        overlay.allowsHitTesting = false
        overlay.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), callbacks: log.callbacks("overlay")))]
        let ghost = SwiftUINode(.color, id: "ghost", frame: CGRect(x: 0, y: 200, width: 390, height: 100))
        ghost.opacity = 0
        ghost.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), callbacks: log.callbacks("ghost")))]
        let dot = SwiftUINode(.circle, id: "dot", frame: CGRect(x: 0, y: 500, width: 100, height: 100))
        dot.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), callbacks: log.callbacks("dot")))]
        let stack = SwiftUINode(.vstack, id: "stack", frame: CGRect(x: 200, y: 500, width: 100, height: 100))
        stack.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), callbacks: log.callbacks("stack")))]
        stack.add(SwiftUINode(.text, id: "label", frame: CGRect(x: 0, y: 0, width: 100, height: 20)))
        [below, overlay, ghost, dot, stack].forEach(root.add)
        let scene = SwiftUIScene(root, era: .ios18)
        scene.sim.tap(at: CGPoint(x: 100, y: 100))  // the overlay does not take it
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 100, y: 250))  // nor the transparent view
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 5, y: 505))  // the circle's corner: outside the circle
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 50, y: 550))  // inside the circle
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 250, y: 580))  // a stack is hit only where its children draw
        scene.sim.advance(by: 1)
        scene.sim.tap(at: CGPoint(x: 250, y: 510))  // on the text: the stack's gesture runs
        scene.sim.advance(by: 1)
        #expect(log.lines == ["below ended", "below ended", "dot ended", "stack ended"], "\(log.lines)")
        stack.contentShape = .rectangle
        let shaped = SwiftUIScene(root, era: .ios18)
        log.lines = []
        shaped.sim.tap(at: CGPoint(x: 250, y: 580))
        shaped.sim.advance(by: 1)
        #expect(log.lines == ["stack ended"], "contentShape makes the whole stack hittable: \(log.lines)")
    }

    @Test("disabled and masked gestures never run, and say why")
    func disabledAndMasked() {
        let log = CallbackLog()
        let root = SwiftUINode(.zstack, id: "top")
        let parent = SwiftUINode(.zstack, id: "parent", frame: CGRect(x: 0, y: 0, width: 390, height: 250))
        parent.attachments = [GestureAttachment(.gesture, GestureDescription(.tap(count: 1), id: "parentTap", callbacks: log.callbacks("parent")), mask: .gesture)]
        let child = SwiftUINode(.rectangle, id: "child", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        child.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), id: "childTap", callbacks: log.callbacks("child")))]
        let off = SwiftUINode(.rectangle, id: "off", frame: CGRect(x: 0, y: 300, width: 200, height: 200))
        off.disabled = true
        off.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), id: "offTap", callbacks: log.callbacks("off")))]
        parent.add(child)
        root.add(parent)
        root.add(off)
        for era in [SwiftUIEra.ios18, .ios17] {
            log.lines = []
            let scene = SwiftUIScene(root, era: era)
            scene.sim.tap(at: CGPoint(x: 100, y: 100))
            scene.sim.advance(by: 1)
            #expect(log.lines == ["parent ended"], "\(era): including: .gesture masks the child: \(log.lines) \(scene.phases)")
            scene.sim.tap(at: CGPoint(x: 100, y: 400))
            scene.sim.advance(by: 1)
            #expect(!log.lines.contains("off ended"), "\(era)")
            let reasons = scene.sim.trace.entries.compactMap { entry -> String? in
                guard case .layer(let event) = entry.event else { return nil }
                return event.fields.first { $0.name == "reason" }?.value
            }
            #expect(reasons.contains("masked") && reasons.contains("disabled"), "\(era): \(reasons)")
        }
    }

    @Test("a Button in a ScrollView: a tap fires its action after the scroll view's delay; a drag scrolls and cancels it")
    func buttonInScrollView() throws {
        for era in [SwiftUIEra.ios18, .ios17] {
            var fired = 0
            let root = SwiftUINode(.zstack)
            let scroll = SwiftUINode(.scrollView, id: "feed", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            scroll.contentSize = CGSize(width: 390, height: 3000)
            let button = SwiftUINode(.button, id: "buy", frame: CGRect(x: 0, y: 0, width: 390, height: 100))
            button.action = { fired += 1 }
            scroll.add(button)
            root.add(scroll)
            var scene = SwiftUIScene(root, era: era)
            scene.sim.tap(at: CGPoint(x: 100, y: 50))
            scene.sim.advance(by: 1)
            #expect(fired == 1, "\(era): \(scene.phases)")
            scene = SwiftUIScene(root, era: era)
            scene.sim.drag(from: CGPoint(x: 100, y: 80), to: CGPoint(x: 100, y: 10), duration: 0.1, steps: 6)
            scene.sim.advance(by: 1)
            #expect(fired == 1, "\(era): the drag scrolls, the button does not fire: \(scene.phases)")
            #expect(try #require(scene.host.scrollViews.values.first).contentOffset.y > 0, "\(era)")
        }
    }
}
