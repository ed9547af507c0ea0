import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// What the encoder writes, the decoder reads back as the same scene: every bundled scene, and
/// every condition kind in every place a condition may stand (the five delegate answers of a
/// recognizer and of a scroll view's built-in recognizer, a view's `gestureRecognizerShouldBegin`,
/// inside `when`), at the top and nested in `not`, `all` and `any`.
@Suite("Scenes round-trip through the encoder")
struct SceneRoundTripTests {
    static func roundTrip(_ scene: SceneDescription) throws -> SceneDescription {
        try SceneDecoder.decode(data: Data(SceneEncoder.json(scene).utf8), file: "again.json", defaultName: scene.name)
    }

    @Test("every bundled JSON scene encodes to a file that decodes to the same scene")
    func bundledScenes() throws {
        let files = try FileManager.default.contentsOfDirectory(
            at: repositoryRoot.appendingPathComponent("Scenes"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "json" }
        #expect(files.count > 10)
        for file in files {
            let scene = try SceneDecoder.load(contentsOf: file)
            #expect(try Self.roundTrip(scene) == scene, "\(file.lastPathComponent)")
        }
    }

    /// A scene with a tap `tap1` on `a`, a pan `pan1` on `b`, a scroll view `sv` and a state flag
    /// `on`: everything a condition may name.
    static let base = """
        {"format": "touchscope.scene", "version": 1, "name": "conditions", "window": {"width": 390, "height": 844},
         "state": {"on": false},
         "views": [
           {"kind": "view", "id": "a", "frame": [0, 0, 100, 100], "recognizers": [{"kind": "tap", "id": "tap1"}]},
           {"kind": "view", "id": "b", "frame": [0, 100, 100, 100], "recognizers": [{"kind": "pan", "id": "pan1"}]},
           {"kind": "scrollView", "id": "sv", "frame": [0, 200, 390, 300], "contentSize": [390, 900]}
         ]}
        """

    /// One of each condition kind (the leaves), with `otherID` in its three shapes.
    static let leaves: [TouchCondition] = [
        .always(true), .always(false), .touchViewIn(["a", "b"]), .touchViewIsControl, .not(.touchViewIsControl),
        .touchViewKind(.scrollView), .touchViewClass("UIView"), .location(view: "a", rect: CGRect(x: 1, y: 2, width: 30, height: 40.5)),
        .state("on", equals: true), .state("on", equals: false), .otherKind(.pan), .otherView("b"),
        .otherID(["pan1"]), .otherID(["*"]), .otherID([]),
    ]

    /// Each leaf alone and wrapped once and twice in each combinator.
    static var conditions: [TouchCondition] {
        leaves.flatMap { leaf -> [TouchCondition] in
            [
                leaf, .not(leaf), .all([leaf, .always(true)]), .any([.touchViewIsControl, leaf]),
                .not(.any([.all([leaf]), leaf])), .all([.not(leaf), .any([leaf, .otherKind(.tap)])]),
            ]
        }
    }

    nonisolated(unsafe) static let delegateAnswers: [WritableKeyPath<DelegateDescription, TouchCondition>] = [
        \.shouldBegin, \.shouldReceiveTouch, \.recognizeSimultaneouslyWith, \.requireFailureOf, \.requiredToFailBy,
    ]

    @Test("every condition kind, in every place a condition may stand, reads back as written")
    func everyConditionEverywhere() throws {
        let base = try SceneDecoder.decode(data: Data(Self.base.utf8), file: "base.json", defaultName: "conditions")
        var placements = 0
        for condition in Self.conditions {
            var scenes: [(String, SceneDescription)] = []
            for (index, answer) in Self.delegateAnswers.enumerated() {
                var scene = base
                var delegate = DelegateDescription()
                delegate[keyPath: answer] = condition
                scene.views[0].recognizers[0].delegate = delegate
                scenes.append(("recognizer delegate answer \(index)", scene))
                var builtIn = scene
                builtIn.views[0].recognizers[0].delegate = nil
                var pan = BuiltInRecognizerDescription(role: .pan)
                pan.delegate = delegate
                builtIn.views[2].builtInRecognizers = [pan]
                scenes.append(("built-in delegate answer \(index)", builtIn))
            }
            var shouldBegin = base
            shouldBegin.views[1].behaviours = [.gestureRecognizerShouldBegin(condition)]
            scenes.append(("gestureRecognizerShouldBegin", shouldBegin))
            var when = base
            when.views[1].behaviours = [.when(state: "on", equals: true, then: .gestureRecognizerShouldBegin(condition))]
            scenes.append(("when … gestureRecognizerShouldBegin", when))
            for (place, scene) in scenes {
                placements += 1
                let again = try #require(
                    try? Self.roundTrip(scene), "\(place): \(condition) is written as a file the decoder refuses:\n\(SceneEncoder.json(scene))")
                #expect(again == scene, "\(place): \(condition)")
            }
        }
        #expect(placements == Self.conditions.count * 12)
    }
}
