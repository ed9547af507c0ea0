import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// The fixes people ship, written in a scene: built-in recognizers addressed by id, delegate
/// answers that depend on the touch, `hitTest` overrides that return another view, and a view's
/// veto of a gesture.
@Suite("Fixes written in a scene")
struct SceneFixTests {
    func build(_ views: String, state: String = "{}") throws -> (LoadedScene, TouchSimulator) {
        let json =
            #"{"format":"touchscope.scene","version":1,"name":"t","window":{"width":300,"height":600},"state":\#(state),"views":["# + views
            + "]}"
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "t.json", defaultName: "t")
        let scene = SceneBuilder.build(description, source: .file(path: "t.json", contentHash: "0"))
        return (scene, scene.makeSimulator())
    }

    /// The last view each finger was bound to, from the trace.
    func hits(_ sim: TouchSimulator) -> [String?] {
        sim.trace.entries.compactMap { entry in
            if case .hitResult(_, let view) = entry.event { return .some(view) }
            return nil
        }
    }

    /// A card that dismisses on a swipe up, in a scroll view that scrolls vertically: the
    /// scroll view's pan recognizes first and prevents the swipe (P4), unless the pan requires
    /// the swipe to fail.
    static func carousel(fix: Bool) -> String {
        let builtIns = fix ? #","builtInRecognizers":{"pan":{"requireToFail":["dismissSwipe"]}}"# : ""
        return #"""
            {"kind":"scrollView","id":"carousel","frame":[0,0,300,600],"contentSize":[300,2000]\#(builtIns),
             "subviews":[{"kind":"view","id":"card","frame":[20,100,260,300],
               "recognizers":[{"kind":"swipe","id":"dismissSwipe","direction":["up"],"do":[{"note":"dismissed"}]}]}]}
            """#
    }

    @Test("carousel.pan requires the swipe to fail: the swipe recognizes and the carousel does not scroll")
    func builtInPanRequiresSwipeToFail() throws {
        let (bugScene, bug) = try build(Self.carousel(fix: false))
        bug.drag(from: CGPoint(x: 150, y: 350), to: CGPoint(x: 150, y: 150), duration: 0.1, steps: 6)
        let bugSwipe = try #require(bugScene.runtime?.recognizer("dismissSwipe"))
        #expect(!bug.notes.contains("dismissed"))
        #expect(transitions(of: bugSwipe, in: bug.trace).contains("possible -> failed"))
        #expect(((bugScene.view("carousel") as? UIScrollView)?.contentOffset.y ?? 0) > 0)

        let (fixScene, fixed) = try build(Self.carousel(fix: true))
        let pan = try #require(fixScene.runtime?.recognizer("carousel.pan"))
        #expect(pan === (fixScene.view("carousel") as? UIScrollView)?.panGestureRecognizer)
        #expect(pan.addressableID == "carousel.pan")
        #expect(fixScene.runtime?.recognizer("carousel.delay")?.addressableID == "carousel.delay")
        // The scene's roles are TouchKit's table of built-ins, which traces and `why` read.
        #expect(BuiltInRecognizerRole.roles(of: .scrollView).map(\.rawValue) == UIScrollView.builtInRecognizers.map(\.suffix))
        #expect(BuiltInRecognizerIDs.id(traceName: pan.traceName) == "carousel.pan")
        fixed.drag(from: CGPoint(x: 150, y: 350), to: CGPoint(x: 150, y: 150), duration: 0.1, steps: 6)
        let swipe = try #require(fixScene.runtime?.recognizer("dismissSwipe"))
        #expect(fixed.notes.contains("dismissed"), "\(fixed.notes)")
        #expect(transitions(of: swipe, in: fixed.trace).first == "possible -> ended")
        #expect(transitions(of: pan, in: fixed.trace).last == "possible -> failed")
        #expect((fixScene.view("carousel") as? UIScrollView)?.contentOffset.y == 0)
    }

    @Test("a built-in's settings apply and the rest keep UIKit's values; the scene round-trips through the encoder")
    func builtInSettings() throws {
        let (scene, _) = try build(
            #"{"kind":"scrollView","id":"list","frame":[0,0,300,600],"contentSize":[300,2000],"builtInRecognizers":{"pan":{"cancelsTouchesInView":false,"maximumNumberOfTouches":1},"delay":{"enabled":false}}}"#
        )
        let scrollView = try #require(scene.view("list") as? UIScrollView)
        #expect(scrollView.panGestureRecognizer.cancelsTouchesInView == false)
        #expect(scrollView.panGestureRecognizer.maximumNumberOfTouches == 1)
        #expect(scrollView.panGestureRecognizer.delaysTouchesEnded == true)
        #expect(scrollView.delayedTouchesGestureRecognizer.isEnabled == false)
        let description = try #require(scene.sceneDescription)
        let again = try SceneDecoder.decode(data: Data(SceneEncoder.json(description).utf8), file: "again.json", defaultName: "t")
        #expect(again == description)
    }

    /// "Tap anywhere to dismiss the keyboard", fixed without disabling it everywhere.
    @Test("a conditional shouldReceiveTouch lets a cell be selected while a tap elsewhere still dismisses")
    func conditionalShouldReceive() throws {
        let (scene, sim) = try build(
            #"""
            {"kind":"view","id":"root","frame":[0,0,300,600],
             "recognizers":[{"kind":"tap","id":"dismissTap","delegate":{"shouldReceiveTouch":{"not":{"touchView":["table"]}}},"do":[{"note":"dismissed"}]}],
             "subviews":[{"kind":"view","id":"table","frame":[0,0,300,300],"subviews":[
               {"kind":"control","id":"cell","frame":[0,0,300,44],"actions":[{"on":["touchUpInside"],"do":[{"note":"selected"}]}]}]}]}
            """#)
        sim.tap(at: CGPoint(x: 100, y: 20))
        #expect(sim.notes == ["selected"])
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 100, y: 500))
        #expect(sim.notes == ["selected", "dismissed"])
        let tap = try #require(scene.runtime?.recognizer("dismissTap"))
        #expect(String(describing: tap.delegate!).contains("shouldReceive not (touch in table)"))
    }

    @Test(
        "conditions on the other recognizer, the location and the state decide simultaneous recognition",
        arguments: [
            (#"{"otherKind":"pan"}"#, true), (#"{"otherKind":"swipe"}"#, false), (#"{"otherView":"inner"}"#, true),
            (#"{"location":{"in":"inner","rect":[0,0,100,100]}}"#, true), (#"{"location":{"in":"inner","rect":[150,150,10,10]}}"#, false),
            (#"{"state":"allow","equals":true}"#, false), (#"{"any":[{"state":"allow"},{"otherID":["innerPan"]}]}"#, true),
            (#"{"all":[{"otherKind":"pan"},{"not":{"touchViewIsControl":false}}]}"#, false),
        ])
    func otherRecognizerConditions(condition: String, simultaneous: Bool) throws {
        let (scene, sim) = try build(
            #"""
            {"kind":"view","id":"outer","frame":[0,0,300,600],
             "recognizers":[{"kind":"pan","id":"outerPan","delegate":{"recognizeSimultaneouslyWith":\#(condition)},"do":[{"note":"outer"}],"on":["began"]}],
             "subviews":[{"kind":"view","id":"inner","frame":[0,0,200,200],
               "recognizers":[{"kind":"pan","id":"innerPan","do":[{"note":"inner"}],"on":["began"]}]}]}
            """#, state: #"{"allow":false}"#)
        _ = scene
        sim.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), duration: 0.1, steps: 5)
        #expect(sim.notes.contains("inner"))
        #expect(sim.notes.contains("outer") == simultaneous, "\(sim.notes)")
    }

    /// Apple's QA1812: a raised tab button that sticks out above its tab bar.
    @Test("QA1812's override reaches a button lying outside its tab bar; without it the touch goes behind")
    func hitTestSubviewsOutside() throws {
        func scene(_ behaviour: String) -> String {
            #"""
            {"kind":"view","id":"background","frame":[0,0,300,600],"userInteractionEnabled":true},
            {"kind":"view","id":"tabBar","frame":[0,550,300,50]\#(behaviour),"subviews":[
              {"kind":"button","id":"raised","frame":[120,-30,60,60],"actions":[{"on":["touchUpInside"],"do":[{"note":"compose"}]}]}]}
            """#
        }
        let (_, bug) = try build(scene(""))
        bug.tap(at: CGPoint(x: 150, y: 530))
        #expect(hits(bug) == ["UIView#background"])
        #expect(bug.notes.isEmpty)
        let (_, fixed) = try build(scene(#","behaviours":[{"kind":"hitTestSubviewsOutside","views":["raised"]}]"#))
        fixed.tap(at: CGPoint(x: 150, y: 530))
        #expect(hits(fixed) == ["UIButton#raised"])
        #expect(fixed.notes == ["compose"])
        // Inside the bar, UIKit's own answer stands.
        fixed.advance(by: 1)
        fixed.tap(at: CGPoint(x: 20, y: 580))
        #expect(hits(fixed).last == "UIView#tabBar")
    }

    /// The "peek" carousel: a paging scroll view narrower than its container, whose margins
    /// hand touches to the scroll view.
    @Test("a peek container routes touches in its margins to its scroll view, which then scrolls")
    func redirectHit() throws {
        func scene(_ behaviour: String) -> String {
            #"""
            {"kind":"view","id":"peek","frame":[0,100,300,200],"userInteractionEnabled":true\#(behaviour),"subviews":[
              {"kind":"scrollView","id":"pager","frame":[40,0,220,200],"contentSize":[880,200],"clipsToBounds":false}]}
            """#
        }
        let (_, bug) = try build(scene(""))
        bug.drag(from: CGPoint(x: 20, y: 200), to: CGPoint(x: 5, y: 200), duration: 0.1, steps: 4)
        #expect(hits(bug) == ["UIView#peek"])
        let (fixedScene, fixed) = try build(scene(#","behaviours":[{"kind":"redirectHit","to":"pager"}]"#))
        fixed.drag(from: CGPoint(x: 20, y: 200), to: CGPoint(x: 5, y: 200), duration: 0.1, steps: 4)
        #expect(hits(fixed) == ["UIScrollView#pager"])
        #expect(((fixedScene.view("pager") as? UIScrollView)?.contentOffset.x ?? 0) > 0)
        // Over the scroll view itself, UIKit's answer (the scroll view) is kept.
        fixed.advance(by: 2)
        fixed.tap(at: CGPoint(x: 150, y: 200))
        #expect(hits(fixed).last == "UIScrollView#pager")
    }

    @Test("a view's gestureRecognizerShouldBegin vetoes an ancestor's pan that starts on it, with the view named as the cause")
    func viewVeto() throws {
        let (scene, sim) = try build(
            #"""
            {"kind":"view","id":"container","frame":[0,0,300,600],
             "recognizers":[{"kind":"pan","id":"pagePan"}],
             "subviews":[{"kind":"view","id":"knob","frame":[0,0,100,100],"userInteractionEnabled":true,
               "behaviours":[{"kind":"gestureRecognizerShouldBegin","answer":{"not":{"otherKind":"pan"}}}]}]}
            """#)
        let pan = try #require(scene.runtime?.recognizer("pagePan"))
        sim.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), duration: 0.1, steps: 5)
        #expect(transitions(of: pan, in: sim.trace) == ["possible -> failed"])
        #expect(causes(of: pan, in: sim.trace).first?.contains("UIView#knob") == true, "\(causes(of: pan, in: sim.trace))")
        sim.advance(by: 1)
        sim.drag(from: CGPoint(x: 150, y: 300), to: CGPoint(x: 250, y: 300), duration: 0.1, steps: 5)
        #expect(transitions(of: pan, in: sim.trace).contains("possible -> began"))
    }

    @Test(
        "validate names a bad condition, the zoom-only pinch, and a redirect to no view, each at its path",
        arguments: [
            (
                #"{"kind":"view","id":"v","frame":[0,0,10,10],"recognizers":[{"kind":"tap","delegate":{"shouldReceiveTouch":{"touchView":["v"],"state":"x"}}}]}"#,
                "a condition has exactly one of"
            ),
            (
                #"{"kind":"view","id":"v","frame":[0,0,10,10],"recognizers":[{"kind":"tap","delegate":{"shouldBegin":["a"]}}]}"#,
                "expected true, false or a condition object, found an array"
            ),
            (
                #"{"kind":"view","id":"v","frame":[0,0,10,10],"recognizers":[{"kind":"tap","delegate":{"shouldBegin":{"otherKind":"wave"}}}]}"#,
                "unknown recognizer kind \"wave\""
            ),
            (
                #"{"kind":"scrollView","id":"c","frame":[0,0,10,10],"recognizers":[{"kind":"tap","requireToFail":["c.pinch"]}]}"#,
                "pinchGestureRecognizer only for zooming"
            ),
            (
                #"{"kind":"view","id":"v","frame":[0,0,10,10],"behaviours":[{"kind":"redirectHit","to":"nowhere"}]}"#,
                "no view or controller has the id \"nowhere\""
            ),
            (#"{"kind":"view","id":"v","frame":[0,0,10,10],"builtInRecognizers":{"pan":{}}}"#, "builtInRecognizers"),
            (#"{"kind":"scrollView","id":"c","frame":[0,0,10,10],"builtInRecognizers":{"zoom":{}}}"#, "unknown field \"zoom\""),
        ])
    func validation(view: String, message: String) throws {
        let json = #"{"format":"touchscope.scene","version":1,"name":"t","window":{"width":300,"height":600},"views":["# + view + "]}"
        #expect(throws: SceneLoadError.self) { try SceneDecoder.decode(data: Data(json.utf8), file: "t.json", defaultName: "t") }
        do { _ = try SceneDecoder.decode(data: Data(json.utf8), file: "t.json", defaultName: "t") } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.contains("t.json:1:"), "\(error.description)")
        }
    }

    @Test(
        "a control's trackingMargin: with 0, a lift 30 pt below the button is touchUpOutside; without it, UIKit's margin makes it touchUpInside; it reads back whole"
    )
    func trackingMargin() throws {
        for (margin, expected) in [("", "touchUpInside"), (#","trackingMargin":0"#, "touchUpOutside")] {
            let (scene, sim) = try build(#"{"kind":"button","id":"pay","frame":[50,100,200,50]\#(margin)}"#)
            let finger = sim.touchDown(at: CGPoint(x: 100, y: 120))
            sim.touchMove(finger, to: CGPoint(x: 100, y: 180))
            sim.touchUp(finger)
            let events = sim.trace.entries.compactMap { entry -> String? in
                if case .controlEvent("UIButton#pay", let event) = entry.event { return event.description }
                return nil
            }
            #expect(events.contains(expected), "\(margin): \(events)")
            let description = try #require(scene.sceneDescription)
            let again = try SceneDecoder.decode(data: Data(SceneEncoder.json(description).utf8), file: "again.json", defaultName: "t")
            #expect(again == description)
        }
        #expect(throws: SceneLoadError.self) { try self.build(#"{"kind":"view","id":"v","frame":[0,0,10,10],"trackingMargin":0}"#) }
    }

    @Test("a misspelt {placeholder} in a note is reported with its place; {value} and other braces are text")
    func placeholders() throws {
        do {
            _ = try build(#"{"kind":"button","id":"pay","frame":[0,0,10,10],"actions":[{"on":["touchUpInside"],"do":[{"note":"paid {valeu}"}]}]}"#)
            Issue.record("a misspelt placeholder loaded")
        } catch let error as SceneLoadError {
            #expect(
                error.issues.map(\.description) == [
                    "t.json:1:206: views[0].actions[0].do[0].note: unknown placeholder {valeu} in a note; did you mean {value}? (placeholders: {value}, a SwiftUI gesture's value)"
                ])
        }
        _ = try build(#"{"kind":"button","id":"pay","frame":[0,0,10,10],"actions":[{"on":["touchUpInside"],"do":[{"note":"{value} {x} {total}"}]}]}"#)
    }
}
