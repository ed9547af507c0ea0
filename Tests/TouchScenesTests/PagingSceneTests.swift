import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// `pagingEnabled` in a scene: read, built, written back, and the carousel settles on a page.
@Suite("Paging in scenes")
struct PagingSceneTests {
    @Test("a paging carousel from a scene settles on the next page after a flick; the field is written back; a label cannot page")
    func carousel() throws {
        let json = #"""
            {"format": "touchscope.scene", "version": 1, "name": "pages", "window": {"width": 390, "height": 844},
             "views": [{"kind": "scrollView", "id": "pages", "frame": [0, 0, 390, 300], "contentSize": [1170, 300], "pagingEnabled": true}]}
            """#
        let description = try decodedRoundTrip(json, file: "pages.json")
        #expect(description.views.first?.isPagingEnabled == true)
        let scene = SceneBuilder.build(description, source: .file(path: "pages.json", contentHash: "0"))
        let sim = scene.makeSimulator()
        sim.drag(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 250, y: 150), duration: 0.05, steps: 5)
        sim.advance(by: 1)
        #expect((scene.view("pages") as? UIScrollView)?.contentOffset.x == 390)
        let label = json.replacingOccurrences(of: #""kind": "scrollView""#, with: #""kind": "label""#)
            .replacingOccurrences(of: #", "contentSize": [1170, 300]"#, with: "")
        #expect(throws: SceneLoadError.self) { try SceneDecoder.decode(data: Data(label.utf8), file: "label.json", defaultName: "l") }
    }
}
