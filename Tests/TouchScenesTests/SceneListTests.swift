import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// Table and collection views select their cells by touch as UIKit does: highlight when the
/// delayed touchesBegan arrives, unhighlight when a scroll starts, select on lift.
@Suite("Tables and collection views")
struct SceneListTests {
    func build(_ list: String, kind: String = "tableView", cells: String = "tableViewCell", extra: String = "") throws -> (
        LoadedScene, TouchSimulator
    ) {
        let rows = (0..<3).map {
            #"{"kind":"\#(cells)","id":"row\#($0)","frame":[0,\#($0 * 44),300,44],"didSelect":[{"note":"select row\#($0)"}],"didDeselect":[{"note":"deselect row\#($0)"}]}"#
        }
        let json = #"""
            {"format":"touchscope.scene","version":1,"name":"t","window":{"width":300,"height":600},"views":[
              {"kind":"\#(kind)","id":"list","frame":[0,0,300,600],"contentSize":[300,2000]\#(list),"subviews":[\#(rows.joined(separator: ","))]}\#(extra)]}
            """#
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "t.json", defaultName: "t")
        let scene = SceneBuilder.build(description, source: .file(path: "t.json", contentHash: "0"))
        return (scene, scene.makeSimulator())
    }

    /// The `list` layer entries: `row0 highlight`, ...
    func steps(_ sim: TouchSimulator) -> [String] {
        sim.trace.entries.compactMap { entry in
            guard case .layer(let event) = entry.event, event.layer == "list" else { return nil }
            return "\(event.subject.split(separator: "#").last ?? "") \(event.kind) \(TraceEntry.seconds(entry.micros))"
        }
    }

    @Test("a resting finger highlights the cell after the scroll view's delay; the lift selects it", arguments: ["tableView", "collectionView"])
    func highlightAfterDelayThenSelect(kind: String) throws {
        let (scene, sim) = try build("", kind: kind, cells: kind == "tableView" ? "tableViewCell" : "collectionViewCell")
        let finger = sim.touchDown(at: CGPoint(x: 100, y: 20))
        sim.advance(by: 0.1)
        #expect(steps(sim).isEmpty)
        sim.advance(by: 0.1)
        #expect(steps(sim) == ["row0 highlight 0.150000"])
        sim.touchUp(finger)
        #expect(steps(sim) == ["row0 highlight 0.150000", "row0 unhighlight 0.200000", "row0 select 0.200000"])
        #expect(sim.notes == ["select row0"])
        let cell = try #require(scene.view("row0"))
        #expect((cell as? UITableViewCell)?.isSelected ?? (cell as? UICollectionViewCell)?.isSelected == true)
    }

    @Test("a quick tap highlights and selects at the lift; a second row deselects the first")
    func quickTapAndSingleSelection() throws {
        let (scene, sim) = try build("")
        sim.tap(at: CGPoint(x: 100, y: 20))
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 100, y: 60))
        #expect(sim.notes == ["select row0", "deselect row0", "select row1"])
        #expect((scene.view("list") as? UITableView)?.selectedCells.map(\.traceName) == ["UITableViewCell#row1"])
    }

    @Test("a scroll that starts on a highlighted cell unhighlights it and selects nothing")
    func scrollUnhighlights() throws {
        let (_, sim) = try build("")
        let finger = sim.touchDown(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 0.2)
        for step in 1...6 { sim.touchMove(finger, to: CGPoint(x: 100, y: 100 - CGFloat(step) * 10)) }
        sim.touchUp(finger)
        #expect(steps(sim).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["row2 highlight", "row2 unhighlight"])
        #expect(sim.notes.isEmpty)
    }

    @Test("multiple selection toggles; allowsSelection false selects nothing")
    func selectionSettings() throws {
        let (_, multiple) = try build(#","allowsMultipleSelection":true"#)
        for y in [20, 60, 20] {
            multiple.tap(at: CGPoint(x: 100, y: y))
            multiple.advance(by: 1)
        }
        #expect(multiple.notes == ["select row0", "select row1", "deselect row0"])
        let (_, none) = try build(#","allowsSelection":false"#)
        none.tap(at: CGPoint(x: 100, y: 20))
        #expect(none.notes.isEmpty)
        #expect(steps(none).isEmpty)
    }

    /// The classic: a tap recognizer on the table (to dismiss the keyboard) stops rows being
    /// selected; a conditional shouldReceiveTouch fixes it without disabling it.
    @Test("a dismiss tap on the table breaks selection; with shouldReceiveTouch not on a cell, the row selects and a tap elsewhere still dismisses")
    func dismissTapAndSelection() throws {
        let tap = { (delegate: String) in
            #","recognizers":[{"kind":"tap","id":"dismissTap"\#(delegate),"do":[{"note":"dismiss keyboard"}]}]"#
        }
        let (_, bug) = try build(tap(""))
        bug.tap(at: CGPoint(x: 100, y: 20))
        #expect(bug.notes == ["dismiss keyboard"])
        #expect(steps(bug).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["row0 highlight", "row0 unhighlight"])
        let (_, fixed) = try build(tap(#","delegate":{"shouldReceiveTouch":{"not":{"touchViewKind":"tableViewCell"}}}"#))
        fixed.tap(at: CGPoint(x: 100, y: 20))
        fixed.advance(by: 1)
        fixed.tap(at: CGPoint(x: 100, y: 400))
        #expect(fixed.notes == ["select row0", "dismiss keyboard"])
    }

    @Test("an imported dump's table view and its cells become the list kinds")
    func importedLists() {
        let dump = """
            <UIWindow: 0x7f01; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x1>>
               | <UITableView: 0x7f02; frame = (0 0; 390 844); contentSize: {390, 2000}>
               |    | <MyApp.RowCell: 0x7f03; baseClass = UITableViewCell; frame = (0 0; 390 44)>
               |    | <UICollectionViewCell: 0x7f04; frame = (0 44; 390 44)>
            """
        let report = RecursiveDescriptionImporter.importDump(dump, name: "lists")
        let kinds = report.scene.views.flatMap(\.allViews).map(\.kind)
        #expect(kinds == [.tableView, .tableViewCell, .collectionViewCell], "\(kinds)")
    }
}
