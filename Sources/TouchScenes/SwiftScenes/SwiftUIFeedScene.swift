import Foundation
import TouchKit
import TouchSwiftUI

/// The ScrollView that stopped scrolling, written in Swift with TouchSwiftUI's builder in
/// near-SwiftUI syntax: a feed whose top card has `.gesture(DragGesture())` (on the iOS 18 SDK it
/// takes the drag and the feed does not scroll) and whose second card has
/// `.simultaneousGesture(DragGesture())` (the feed scrolls and the card's drag runs too); a
/// Button in a third card. Each callback writes a note to the trace.
enum SwiftUIFeedScene {
    static func make() -> LoadedScene {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.backgroundColor = .white
        let note: @Sendable (UIWindow, String) -> Void = { window, text in (window.next as? UIApplication)?.trace.note(text) }
        let host = SwiftUIHost(frame: window.bounds, era: .ios18) { [unowned window] in
            ScrollView(contentSize: CGSize(width: 390, height: 2000)) {
                VStack(spacing: 20) {
                    Rectangle()
                        .id("gestureCard")
                        .frame(width: 350, height: 300)
                        .gesture(
                            DragGesture()
                                .onChanged { value in note(window, "top card: \(value)") }
                                .onEnded { value in note(window, "top card ended: \(value)") },
                            name: "cardDrag")
                    Rectangle()
                        .id("simultaneousCard")
                        .frame(width: 350, height: 300)
                        .simultaneousGesture(
                            DragGesture().onEnded { value in note(window, "second card ended: \(value)") }, name: "sideDrag")
                    Button("Like") { note(window, "like") }
                        .id("like")
                        .frame(width: 120, height: 44)
                }
                .frame(width: 390, height: 700)
            }
            .id("feed")
            .frame(x: 0, y: 0, width: 390, height: 844)
        }
        host.view.accessibilityIdentifier = "host"
        window.addSubview(host.view)
        return .swift(name: "swiftui-feed", summary: SwiftScenes.swiftUIFeedSummary, window: window, retaining: [host])
    }
}
