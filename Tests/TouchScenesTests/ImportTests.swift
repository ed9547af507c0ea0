import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

@Suite("Importing UIKit recursiveDescription dumps")
struct ImportTests {
    func dump(_ name: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/TouchScenesTests/Dumps/\(name)"), encoding: .utf8)
    }

    /// `kind[class] frame` for each view, indented by depth.
    func outline(_ views: [ViewDescription], depth: Int = 0) -> [String] {
        views.flatMap { view -> [String] in
            let className = view.className.map { "[\($0)]" } ?? ""
            let frame = view.frame.map { " \(Int($0.minX)),\(Int($0.minY)) \(Int($0.width))x\(Int($0.height))" } ?? " (transformed)"
            let flags =
                (view.isHidden ? " hidden" : "") + (view.alpha != 1 ? " alpha=\(view.alpha)" : "")
                + (view.isUserInteractionEnabled.map { " interaction=\($0)" } ?? "") + (view.title.map { " '\($0)'" } ?? "")
            return [String(repeating: "  ", count: depth) + view.kind.rawValue + className + frame + flags]
                + outline(view.subviews, depth: depth + 1)
        }
    }

    @Test("an Objective-C app's window: UIKit classes mapped to kinds, private containers kept, flags read")
    func objcApp() throws {
        let report = RecursiveDescriptionImporter.importDump(try dump("objc-app.txt"), name: "objc-app")
        #expect(report.scene.windowSize == CGSize(width: 375, height: 667))
        #expect(
            outline(report.scene.views) == [
                "view[UITransitionView] 0,0 375x667",
                "  view[UIDropShadowView] 0,0 375x667",
                "    view 0,0 375x667",
                "      label 20,60 200x21 'Hello, world'",
                "      button 20,100 100x44 'Tap me'",
                "      imageView 250,100 100x100",
                "      view 0,400 375x100 hidden alpha=0.5",
                "      switch 300,60 51x31",
            ])
        #expect(report.keptAsPlainViews == ["UITransitionView": 1, "UIDropShadowView": 1])
        #expect(report.skippedLines.isEmpty)
        #expect(
            report.notes == [
                "line 7: the button's UIButtonLabel became its title",
                "1 view has gesture recognizers the dump does not describe (add them to the scene by hand): UISwitch#c2c10a20",
            ])
        #expect(report.viewCount == 8)
        // Each view keeps the end of its dump address as its id, so traces name what the dump shows.
        #expect(report.scene.views[0].id == "c2e0a3d0")
        #expect(report.scene.views[0].subviews[0].subviews[0].subviews[0].id == "c2c0c8a0", "the label at 0x7fb1c2c0c8a0")
    }

    @Test("a Swift app: module-qualified classes, baseClass, a table's offset and size, a transform")
    func swiftApp() throws {
        let report = RecursiveDescriptionImporter.importDump(try dump("swift-app.txt"), name: "shop")
        #expect(report.scene.windowSize == CGSize(width: 414, height: 896))
        #expect(
            outline(report.scene.views) == [
                "view 0,0 414x896",
                "  tableView 0,88 414x808",
                "    tableViewCell[Shop.ProductCell] 0,0 414x88",
                "      view[UITableViewCellContentView] 0,0 414x87",
                "        button[Shop.PriceButton] 300,22 94x44",
                "        view[Shop.BadgeView] (transformed)",
                "  view[_UIBarBackground] 0,0 414x88 interaction=false",
            ])
        let table = report.scene.views[0].subviews[0]
        #expect(table.contentOffset == CGPoint(x: 0, y: -20))
        #expect(table.contentSize == CGSize(width: 414, height: 1320))
        #expect(table.clipsToBounds == true)
        let price = table.subviews[0].subviews[0].subviews[0]
        #expect(price.tag == 7)
        let badge = table.subviews[0].subviews[0].subviews[1]
        let size = try #require(badge.bounds?.size)
        #expect(abs(size.width - 30 / 2.squareRoot()) < 0.01 && abs(size.height - 30 / 2.squareRoot()) < 0.01)
        #expect(badge.center == CGPoint(x: 25, y: 25))
        // The imported scene builds, and its transformed badge keeps its frame.
        let built = SceneBuilder.build(report.scene, source: .swift)
        let builtBadge = built.window.subviews[0].subviews[0].subviews[0].subviews[0].subviews[1]
        #expect(approx(builtBadge.frame, CGRect(x: 10, y: 10, width: 30, height: 30), 0.01))
        #expect(builtBadge.traceName == "Shop.BadgeView#3c50c3f0")
        // A table view and its cells become the list kinds: the table selects the cell it is touched on.
        #expect(table.kind == .tableView)
        #expect(table.subviews[0].kind == .tableViewCell)
        #expect(built.window.subviews[0].subviews[0] is UITableView)
        #expect(built.window.subviews[0].subviews[0].subviews[0] is UITableViewCell)
    }

    @Test("a messy dump: prompt, blank line, a layer line, cut-off lines and unknown attributes are reported")
    func messy() throws {
        let report = RecursiveDescriptionImporter.importDump(try dump("messy.txt"), name: "messy")
        #expect(
            outline(report.scene.views) == [
                "view 0,0 390x844",
                "  scrollView 0,0 390x844",
                "  slider 20,700 350x31",
                "  view 20,760 100x40",
                "  button 0,0 0x0",
            ])
        #expect(report.skippedLines.map { "\($0.line): \($0.reason)" } == ["1: debugger prompt", "5: layer, not a view"])
        #expect(report.notes.contains("line 2: ignored attribute \"backgroundColor\"") == false)
        #expect(report.notes.contains("line 6: the line is cut short; imported what it shows"))
        #expect(report.notes.contains("line 6: ignored attribute \"focusGroupIdentifier\""))
        #expect(report.notes.contains("line 8: ignored attribute \"mysteryFlag\""))
        #expect(report.notes.contains("line 9: the line is cut short; imported what it shows"))
        #expect(report.scene.views[0].subviews[2].tag == 3)
        #expect(report.scene.views[0].subviews[1].value == 0.5, "a slider keeps its value")
    }

    @Test("text that is no dump at all imports nothing and says so")
    func notADump() {
        let report = RecursiveDescriptionImporter.importDump("hello\nworld\n", name: "nothing")
        #expect(report.viewCount == 0)
        #expect(report.skippedLines.count == 2)
        #expect(report.notes.last == "no view lines found; is this the output of recursiveDescription?")
    }

    @Test("an imported scene round-trips through the scene format")
    func roundTrip() throws {
        let report = RecursiveDescriptionImporter.importDump(try dump("objc-app.txt"), name: "objc-app")
        let json = SceneEncoder.json(report.scene)
        let decoded = try SceneDecoder.decode(data: Data(json.utf8), file: "objc-app.json", defaultName: "x")
        #expect(decoded == report.scene)
    }

    @Test("a summary lists the first 20 skipped lines and counts the rest")
    func skippedLinesCapped() {
        let text =
            Array(repeating: "not a view", count: 30).joined(separator: "\n") + "\n<UIView: 0x7f8a; frame = (0 0; 390 844); layer = <CALayer: 0x1>>\n"
        let report = RecursiveDescriptionImporter.importDump(text, name: "junk")
        #expect(report.viewCount == 1)
        #expect(report.skippedLines.count == 30)
        let summary = report.summary.split(separator: "\n")
        #expect(summary.filter { $0.hasPrefix("skipped line") }.count == 20)
        #expect(summary.contains("... and 10 more skipped lines"))
    }
}

/// Whether two rects agree to within `tolerance` on every edge.
func approx(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
