import Foundation
import Testing
import TouchKit
import TouchScenes

@testable import TouchScopeSDL

/// Picture sizes are capped whatever asks for them: `--width` alone (the height following the
/// scene's aspect ratio), `--height` alone, both, or neither (the scene at 1:1, shrunk to fit).
@Suite("Picture size: capped in every combination of options and scene sizes")
struct PictureSizeTests {
    static func scene(width: Double, height: Double) -> LoadedScene {
        var description = SceneDescription(name: "sized", windowSize: CGSize(width: width, height: height))
        description.views = []
        return SceneBuilder.build(description, source: .swift)
    }

    @Test("generated scene sizes and options: a size within the caps, or a refusal, never a squashed picture")
    func capped() throws {
        var random = SeededRandomNumberGenerator(seed: 30)
        let sides: [Double] = [1, 10, 390, 844, 2000, 8192, 10_000]
        let options: [Int?] = [nil, 1, 16, 480, 4096, 8192]
        for _ in 0..<300 {
            let scene = Self.scene(width: sides.randomElement(using: &random)!, height: sides.randomElement(using: &random)!)
            let width = options.randomElement(using: &random)!
            let height = options.randomElement(using: &random)!
            let layers: OverlayRenderer.Layers = Bool.random(using: &random) ? .all : []
            let context = "scene \(scene.window.bounds.size), --width \(width.map(String.init) ?? "-") --height \(height.map(String.init) ?? "-")"
            do {
                let size = try HeadlessRender.pictureSize(for: scene, overlays: layers, hasTimeline: false, width: width, height: height)
                #expect(size.0 >= 1 && size.1 >= 1 && size.0 <= HeadlessRender.maximumSide && size.1 <= HeadlessRender.maximumSide, "\(context)")
                #expect(size.0 * size.1 <= HeadlessRender.maximumPixels, "\(context)")
                if let width { #expect(size.0 == width, "\(context)") }
                if let height { #expect(size.1 == height, "\(context)") }
            } catch let error as HeadlessRender.PictureTooLarge {
                #expect(width != nil || height != nil, "\(context): a default size is never refused")
                #expect(
                    error.width > HeadlessRender.maximumSide || error.height > HeadlessRender.maximumSide
                        || error.width * error.height > HeadlessRender.maximumPixels, "\(context)")
            }
        }
    }

    @Test("--width 8192 alone on a phone-shaped scene is refused like the same size given with --height")
    func widthAloneIsCapped() {
        let phone = Self.scene(width: 390, height: 844)
        #expect(throws: HeadlessRender.PictureTooLarge.self) {
            try HeadlessRender.pictureSize(for: phone, overlays: [], hasTimeline: false, width: 8192, height: nil)
        }
        #expect(throws: HeadlessRender.PictureTooLarge.self) {
            try HeadlessRender.pictureSize(for: phone, overlays: [], hasTimeline: false, width: 8192, height: 8192)
        }
    }
}
