import Foundation
import TouchKit

/// The rules of SwiftUI's gestures that TouchSwiftUI runs, each with its provenance and the eras
/// it holds in (docs/swiftui-gestures-model.md tells the model in prose).
public enum SwiftUIRules {
    public static let all: [TouchRule] = [
        TouchRule(
            "swiftui.era.ios17", framework: "SwiftUI",
            "Before the iOS 18 SDK one SwiftUI recognizer per hosting view runs every gesture on the touch's path; UIKit sees one recognizer.",
            .inferred, sources: ["OpenSwiftUI's legacy UIKitGestureRecognizer"], eras: ["ios17"]),
        TouchRule(
            "swiftui.era.ios18", framework: "SwiftUI",
            "With the iOS 18 SDK each gesture modifier is its own UIKit recognizer at its view's depth; a gesture's name can be required to fail by UIKit code.",
            .documented, sources: ["Apple, gesture(_:name:isEnabled:)", "WWDC24, What's new in UIKit"], eras: ["ios18", "ios26"]),
        TouchRule(
            "swiftui.composition", framework: "SwiftUI",
            ".gesture runs after the gestures of the views below it, .highPriorityGesture before them, .simultaneousGesture with them; including: switches either half off.",
            .documented, sources: ["Apple, gesture(_:including:), highPriorityGesture(_:including:), simultaneousGesture(_:including:)"]),
        TouchRule(
            "swiftui.exclusive.succeededFirst", framework: "SwiftUI",
            "In a.exclusively(before: b), a excludes b once it has succeeded; a long press still pressing excludes nothing, so a quick tap runs the tap.",
            .documented, sources: ["Apple, exclusively(before:)", "the tap-and-long-press recipe that relies on it"]),
        TouchRule(
            "swiftui.prioritized", framework: "SwiftUI",
            "Between two modifiers' recognizers: default before an ancestor's default, an ancestor's high priority before a descendant's, high priority before default, simultaneous never; a prioritized gesture prevents the other unless that one waits (taps, Buttons).",
            .inferred, sources: ["OpenSwiftUI, GestureViewModifier and UIKitResponderGestureRecognizer"], eras: ["ios18", "ios26"]),
        TouchRule(
            "swiftui.tapCountWaits", framework: "SwiftUI",
            "A tap with fewer taps waits for one with more to fail.", .inferred, sources: ["OpenSwiftUI only"], eras: ["ios18", "ios26"]),
        TouchRule(
            "swiftui.childBeatsScroll", framework: "SwiftUI",
            "A gesture inside a ScrollView is prioritized over its pan: a child .gesture(DragGesture()) keeps the touch and nothing scrolls.",
            .documented, sources: ["an Apple engineer's reply: the drag takes priority over the scroll view"], eras: ["ios18", "ios26"]),
        TouchRule(
            "swiftui.cancellable", framework: "SwiftUI",
            "A Button and an onLongPressGesture with onPressingChanged never prevent a ScrollView's pan, are cancelled by it and wait for its delay.",
            .inferred, sources: ["OpenSwiftUI, ButtonGesture"], eras: ["ios18", "ios26"]),
        TouchRule(
            "swiftui.ios26.representableFirst", framework: "SwiftUI",
            "With the iOS 26 SDK a view's .gesture yields to the view's existing UIKit recognizers (a representable's) as to its SwiftUI gestures; before, they waited for it.",
            .documented, sources: ["iOS & iPadOS 26 release notes, SwiftUI, 155581361"], eras: ["ios26"]),
        TouchRule(
            "swiftui.ios26.simultaneousNotWithAncestors", framework: "SwiftUI",
            "With the iOS 26 SDK a .simultaneousGesture is simultaneous only with the gestures of its own view and below, no longer with an ancestor's gesture or an enclosing ScrollView's pan.",
            .documented, sources: ["iOS & iPadOS 26 release notes, SwiftUI, 147970990", "a field report on ScrollView, June 2026"], eras: ["ios26"]),
        TouchRule(
            "swiftui.hostingView.takesBounds", framework: "SwiftUI",
            "A hosting view (a UIHostingController's view) takes every touch in its bounds, where its SwiftUI content draws nothing too: the UIKit views behind it get none unless code passes the touch on.",
            .observed, sources: ["Priva28/HostingPassthrough README (2023): UIHostingController blocks all touches behind it"]),
        TouchRule(
            "swiftui.hostingView.answer.ios17", framework: "SwiftUI",
            "Before the iOS 18 SDK, hitTest over a hosting view returns a subview SwiftUI draws with where content is drawn and the hosting view elsewhere: a pass-through that returns nil when the hit is the root view passes empty space only.",
            .observed,
            sources: ["Priva28/HostingPassthrough source comments (iOS 16.3: CGDrawingView)", "divadretlaw/WindowKit PassthroughWindow before #11"],
            eras: ["ios17"]),
        TouchRule(
            "swiftui.hostingView.answer.ios18", framework: "SwiftUI",
            "With the iOS 18 SDK, hitTest over a hosting view returns the hosting view itself where content is drawn too: a pass-through that returns nil for the root view passes every touch, and its SwiftUI buttons stop working.",
            .observed,
            sources: [
                "Priva28/HostingPassthrough#5", "nathantannar4/Transmission#57", "Apple Developer Forums 762292 (FB14766095)",
            ], eras: ["ios18"]),
        TouchRule(
            "swiftui.hostingView.answer.ios26", framework: "SwiftUI",
            "With the iOS 26 SDK, hitTest over a hosting view returns the hosting view where content is drawn and a subview of SwiftUI's own over empty space: the root-view comparison passes the content and keeps empty space, so the window below gets nothing.",
            .observed,
            sources: [
                "divadretlaw/WindowKit#11 (Stack Overflow 79768526)", "Priva28/HostingPassthrough#8", "nathantannar4/Transmission#100",
            ], eras: ["ios26"]),
        TouchRule(
            "swiftui.hostingView.layerName", framework: "SwiftUI",
            "Over a hosting view, layer.hitTest(point) finds a layer without a name where SwiftUI draws content and a named one elsewhere: the pass-through test that holds on iOS 18 and 26 (TouchScope reads it the same before).",
            .observed,
            sources: [
                "divadretlaw/WindowKit#11", "sunghyun-k/swiftui-window-overlay#3", "SwiftKickMobile/SwiftMessages#582",
                "nathantannar4/Transmission#106",
            ]),
        TouchRule(
            "swiftui.longPress.defaults", framework: "SwiftUI",
            "A LongPressGesture needs 0.5 s within 10 pt; it ends at its duration, not at the lift.",
            .documented, sources: ["Apple, LongPressGesture (the end at the duration: observed, widely relied on)"]),
        TouchRule(
            "swiftui.drag.minimumDistance", framework: "SwiftUI", "A DragGesture begins after 10 pt by default.", .documented,
            sources: ["Apple, DragGesture.init(minimumDistance:coordinateSpace:)"]),
        TouchRule(
            "swiftui.tap.limits", framework: "SwiftUI",
            "A TapGesture fails past 45 pt of movement or 0.75 s of contact; the taps of a count must follow within 0.35 s.", .inferred,
            sources: ["OpenSwiftUI, TapGesture and RepeatGesture"]),
        TouchRule(
            "swiftui.button.outset", framework: "SwiftUI", "A Button keeps a press up to 70 pt outside its frame on iPhone.", .inferred,
            sources: ["OpenSwiftUI, ButtonGesture"]),
        TouchRule(
            "swiftui.hitTesting.opacity", framework: "SwiftUI",
            "A view is hit-testable where it draws with opacity of at least 0.001, or where contentShape says; allowsHitTesting(false) passes touches through.",
            .inferred, sources: ["OpenSwiftUI, HitTestBindingModifier", "Apple, contentShape(_:), allowsHitTesting(_:)"]),
    ]
}
