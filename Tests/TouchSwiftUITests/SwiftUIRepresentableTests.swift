import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchSwiftUI

/// UIKit views inside a SwiftUI tree (a representable, a ScrollView's UIScrollView) sit inside
/// the gesture container of the nearest view around them with gestures, so a touch on them meets
/// those gestures' recognizers; and each era decides between a view's `.gesture` and the UIKit
/// recognizers of a representable inside it.
@Suite("SwiftUI gestures: UIKit views inside")
struct SwiftUIRepresentableTests {
    /// A 390x400 panel with `.gesture(TapGesture())` holding a representable whose UIKit view has
    /// a tap recognizer.
    static func panel(_ log: CallbackLog, uikitLog: EventLog) -> (SwiftUINode, UITapGestureRecognizer) {
        let root = SwiftUINode(.zstack)
        let panel = SwiftUINode(.zstack, id: "panel", frame: CGRect(x: 0, y: 200, width: 390, height: 400))
        panel.contentShape = .rectangle
        panel.attachments = [GestureAttachment(.gesture, GestureDescription(.tap(count: 1), id: "panelTap", callbacks: log.callbacks("panel")))]
        let map = UIView(frame: .zero)
        map.accessibilityIdentifier = "map"
        let mapTap = UITapGestureRecognizer { _ in uikitLog.append("map tap") }
        map.addGestureRecognizer(mapTap)
        let representable = SwiftUINode(.uikit, id: "mapHost", frame: CGRect(x: 45, y: 50, width: 300, height: 300))
        representable.uiView = map
        panel.add(representable)
        root.add(panel)
        return (root, mapTap)
    }

    @Test("a tap on a representable inside a view with .gesture: ios18 the SwiftUI tap wins; ios26 the UIKit recognizer inside wins")
    func representableAgainstGestureAround() throws {
        for era in [SwiftUIEra.ios18, .ios26] {
            let log = CallbackLog()
            let uikitLog = EventLog()
            let (root, mapTap) = Self.panel(log, uikitLog: uikitLog)
            let scene = SwiftUIScene(root, era: era)
            scene.sim.tap(at: CGPoint(x: 195, y: 400))
            scene.sim.advance(by: 0.5)
            let chain = scene.sim.trace.entries.compactMap { entry -> [String]? in
                if case .responderChain(_, let chain) = entry.event { return chain }
                return nil
            }.first
            #expect(chain?.prefix(2) == ["UIView#map", "_UIGestureRecognizerContainer#panel"], "\(era): \(chain ?? [])")
            if era == .ios18 {
                #expect(log.lines == ["panel ended"], "\(scene.phases)")
                #expect(uikitLog.entries.isEmpty)
                #expect(transitions(of: mapTap, in: scene.sim.trace) == ["possible -> failed"])
            } else {
                #expect(log.lines.isEmpty, "\(scene.phases)")
                #expect(uikitLog.entries == ["map tap"])
                #expect(transitions(of: mapTap, in: scene.sim.trace) == ["possible -> ended"])
            }
            // Outside the map the panel's tap runs in both eras.
            scene.sim.tap(at: CGPoint(x: 20, y: 220))
            #expect(log.lines.last == "panel ended", "\(era)")
        }
    }

    @Test("a ScrollView inside a view with .gesture(DragGesture()): touches in the scroll view meet the drag around it")
    func scrollViewInsideGestureView() throws {
        let log = CallbackLog()
        let root = SwiftUINode(.zstack)
        let sheet = SwiftUINode(.vstack, id: "sheet", frame: CGRect(x: 0, y: 100, width: 390, height: 700))
        sheet.attachments = [GestureAttachment(.gesture, GestureDescription(.drag(minimumDistance: 10, global: false), id: "sheetDrag", callbacks: log.callbacks("sheet")))]
        let scroll = SwiftUINode(.scrollView, id: "list", frame: CGRect(x: 0, y: 0, width: 390, height: 700))
        scroll.contentSize = CGSize(width: 390, height: 3000)
        scroll.add(SwiftUINode(.rectangle, id: "row", frame: CGRect(x: 0, y: 0, width: 390, height: 3000)))
        sheet.add(scroll)
        root.add(sheet)
        let scene = SwiftUIScene(root, era: .ios18)
        let scrollView = try #require(scene.host.scrollViews.values.first)
        #expect(scrollView.superview is SwiftUIGestureContainer)
        #expect(scrollView.convert(CGPoint.zero, to: scene.window) == CGPoint(x: 0, y: 100))
        scene.sim.drag(from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 300), duration: 0.2, steps: 10)
        let bound = scene.sim.trace.entries.compactMap { entry -> String? in
            if case .gestureBound(let recognizer, _) = entry.event { return recognizer }
            return nil
        }
        #expect(bound.contains("SwiftUI.UIKitResponderGestureRecognizer#sheetDrag"), "\(bound)")
        #expect(bound.contains("UIScrollViewPanGestureRecognizer@UIScrollView#list"), "\(bound)")
    }
}

/// A combinator's parts with an id are traced on their own, in each era, so lanes and `why
/// --gesture` can name them.
@Suite("SwiftUI gestures: parts of combinators traced")
struct SwiftUIPartTracingTests {
    @Test("exclusively(LongPress #hold, Drag #pan): each part's phases are traced as '#id (Type) in <attachment>', in ios17 and ios18")
    func partsTraced() {
        for era in [SwiftUIEra.ios17, .ios18] {
            let root = SwiftUINode(.zstack)
            let photo = SwiftUINode(.rectangle, id: "photo", frame: CGRect(x: 0, y: 100, width: 390, height: 400))
            let combined = GestureDescription(
                .exclusively(
                    GestureDescription(.longPress(minimumDuration: 0.3, maximumDistance: 10), id: "hold"),
                    GestureDescription(.drag(minimumDistance: 10, global: false), id: "pan")),
                id: "zoomOrDrag")
            photo.attachments = [GestureAttachment(.gesture, combined)]
            root.add(photo)
            let scene = SwiftUIScene(root, era: era)
            scene.sim.touchDown(at: CGPoint(x: 100, y: 300))
            scene.sim.advance(by: 0.4)
            let phases = scene.phases
            #expect(phases.contains("#hold (LongPressGesture) in #zoomOrDrag (.gesture) on Rectangle#photo active"), "\(era): \(phases)")
            #expect(phases.contains("#hold (LongPressGesture) in #zoomOrDrag (.gesture) on Rectangle#photo ended"), "\(era): \(phases)")
            #expect(phases.contains("#pan (DragGesture) in #zoomOrDrag (.gesture) on Rectangle#photo failed"), "\(era): \(phases)")
        }
    }
}
