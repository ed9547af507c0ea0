import Foundation
import Testing
import TouchKit

@testable import TouchScenes

@Suite("Seed 001: point(inside:) overrides")
struct PointInsideSeedTests {
    @Test("the floating menu: closed, touches pass through the AlertView except over its button")
    func floatingMenuClosed() throws {
        let (scene, sim) = try drive("floating-menu")
        #expect(sim.hitView(at: CGPoint(x: 100, y: 160)) === scene.view("contentButton"))
        #expect(sim.hitView(at: CGPoint(x: 379, y: 690)) === scene.view("alertButton"))
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 160)) } == ["the button behind the AlertView got the tap"])
    }

    @Test("the floating menu: the button opens the menu; open, the mask catches everything and closes it")
    func floatingMenuOpenAndClose() throws {
        let (scene, sim) = try drive("floating-menu")
        sim.tap(at: CGPoint(x: 379, y: 690))
        #expect(scene.runtime?.state["menuOpen"] == true)
        #expect(scene.view("menu")?.frame.minY == 677)
        #expect(sim.hitView(at: CGPoint(x: 100, y: 160)) === scene.view("alertView"))
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 740)) } == ["menu: favorite"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 160)) } == ["state menuOpen = false"])
        #expect(scene.view("menu")?.frame.minY == 844)
        #expect(sim.hitView(at: CGPoint(x: 100, y: 160)) === scene.view("contentButton"))
    }

    @Test("the pull-down menu catches a touch anywhere on screen and closes, without a mask")
    func pulldownMenu() throws {
        let (scene, sim) = try drive("pulldown-menu")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 400)) } == ["the feed got the tap"])
        sim.tap(at: CGPoint(x: 356, y: 66))
        #expect(scene.view("menu")?.isHidden == false)
        #expect(sim.hitView(at: CGPoint(x: 100, y: 400)) === scene.view("menu"))
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 400)) } == ["menu closed"])
        #expect(scene.view("menu")?.isHidden == true)
        sim.tap(at: CGPoint(x: 356, y: 66))
        #expect(sim.notes { sim.tap(at: CGPoint(x: 300, y: 160)) } == ["menu: add contact"])
    }

    @Test("the frame-shaped mask takes touches on its border and passes its middle through")
    func frameMask() throws {
        let (scene, sim) = try drive("frame-mask")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 195, y: 410)) } == ["play tapped through the frame"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 20, y: 410)) } == ["the frame's border caught the touch"])
        #expect(sim.hitView(at: CGPoint(x: 195, y: 20)) === scene.view("frame"))
    }

    @Test(
        "puzzle pieces: each tap goes to the piece whose shape is under the finger",
        arguments: [
            (CGPoint(x: 100, y: 250), "piece NW"), (CGPoint(x: 300, y: 450), "piece SE"),
            (CGPoint(x: 195, y: 540), "piece tab"), (CGPoint(x: 100, y: 520), "piece slot"),
        ])
    func puzzle(point: CGPoint, note: String) throws {
        let (_, sim) = try drive("puzzle-pieces")
        #expect(sim.notes { sim.tap(at: point) } == [note])
    }

    @Test("enlarged hit area: 12 pt outside the 20 pt button still hits it; the plain one misses")
    func enlarged() throws {
        let (scene, sim) = try drive("enlarged-hit-area")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 278, y: 198)) } == ["enlarged button tapped"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 268, y: 210)) } == ["enlarged button tapped"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 68, y: 210)) }.isEmpty)
        #expect(sim.hitView(at: CGPoint(x: 264, y: 210)) !== scene.view("enlarged"))
    }
}

@Suite("Seed 004: the cell that prefers its buttons")
struct PreferredSubviewSeedTests {
    @Test("taps reach the join button through the overlay; delete only once a left swipe opened it")
    func joinDelete() throws {
        let (scene, sim) = try drive("join-delete-cell")
        #expect(sim.hitView(at: CGPoint(x: 60, y: 164)) === scene.view("join"))
        #expect(sim.hitView(at: CGPoint(x: 340, y: 164)) === scene.view("deletionOverlay"))
        #expect(sim.notes { sim.tap(at: CGPoint(x: 60, y: 164)) } == ["join event"])
        sim.drag(from: CGPoint(x: 300, y: 164), to: CGPoint(x: 150, y: 164), duration: 0.15, steps: 5)
        #expect(scene.runtime?.state["deleteOpen"] == true)
        #expect(sim.notes { sim.tap(at: CGPoint(x: 340, y: 164)) } == ["delete event"])
        sim.drag(from: CGPoint(x: 100, y: 164), to: CGPoint(x: 250, y: 164), duration: 0.15, steps: 5)
        #expect(sim.hitView(at: CGPoint(x: 340, y: 164)) === scene.view("deletionOverlay"))
    }

    @Test("the Swift version runs the seed's own hitTest code, with the same answers")
    func swiftCell() throws {
        let (scene, sim) = try drive("hit-test-cell")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 60, y: 144)) } == ["join tapped"])
        #expect(sim.hitView(at: CGPoint(x: 340, y: 144)) === scene.view("overlay"))
        sim.drag(from: CGPoint(x: 300, y: 144), to: CGPoint(x: 150, y: 144), duration: 0.15, steps: 5)
        #expect(sim.notes { sim.tap(at: CGPoint(x: 340, y: 144)) } == ["delete tapped"])
    }
}

@Suite("Seed 003: events along the responder chain")
struct ResponderEventSeedTests {
    @Test(
        "sky, sun and sunspot: the controller hears each; a sunspot click also reports the sun, after it",
        arguments: ["sky-sun-sunspot", "typed-sky"])
    func sky(name: String) throws {
        let (_, sim) = try drive(name)
        let clicks = [CGPoint(x: 30, y: 30), CGPoint(x: 150, y: 220), CGPoint(x: 175, y: 268)]
        let heard = clicks.flatMap { point in sim.notes { sim.tap(at: point) } }
        let expected =
            name == "typed-sky"
            ? ["[Sky] click sky", "[Sky] click sun", "[Sky] click sunspot - id: 7", "[Sky] click sun"]
            : ["[Sky] click sky", "[Sky] click sun", "[Sky] click sunspot", "[Sky] click sun"]
        #expect(heard == expected)
    }
}

@Suite("Seed 000: onTouchUpInside")
struct TouchUpInsideSeedTests {
    @Test("the card fires on a tap, not when the finger leaves it; rows fire on taps and scroll on drags")
    func cancellers() throws {
        let (scene, sim) = try drive("touch-up-inside")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 100)) } == ["card tapped"])
        #expect(sim.notes { sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), duration: 0.2, steps: 4) }.isEmpty)
        #expect(scene.view("card")?.alpha == 1)
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 320)) } == ["row 2 tapped"])
        #expect(sim.notes { sim.drag(from: CGPoint(x: 100, y: 320), to: CGPoint(x: 100, y: 220), duration: 0.2, steps: 5) }.isEmpty)
        #expect(((scene.view("list") as? UIScrollView)?.contentOffset.y ?? 0) > 0)
    }
}

@Suite("Seed 002: gestures, actions and sendEvent")
struct GestureSeedTests {
    @Test("the long-press menu: the controller becomes first responder and Reset brings the piece home")
    func longPressMenu() throws {
        let (scene, sim) = try drive("long-press-menu")
        sim.drag(from: CGPoint(x: 195, y: 350), to: CGPoint(x: 195, y: 600), duration: 0.2, steps: 5)
        #expect(scene.view("piece")?.center == CGPoint(x: 195, y: 600))
        #expect(sim.notes { sim.longPress(at: CGPoint(x: 195, y: 600)) } == ["menu shown"])
        #expect(scene.runtime?.controllers["controller"]?.isFirstResponder == true)
        #expect(sim.notes { sim.tap(at: CGPoint(x: 195, y: 262)) } == ["piece reset"])
        #expect(scene.view("piece")?.center == CGPoint(x: 195, y: 350))
        #expect(sim.trace.lines.contains { $0.hasSuffix("resetPiece from UIMenuController#menu -> PieceViewController(#board)") })
    }

    @Test("the draggable piece follows the pan and goes back when the gesture is cancelled")
    func dragPiece() throws {
        let (scene, sim) = try drive("draggable-piece")
        sim.drag(from: CGPoint(x: 85, y: 165), to: CGPoint(x: 285, y: 665), duration: 0.3, steps: 6)
        let red = try #require(scene.view("red"))
        #expect(abs(red.center.x - 285) < 1e-9 && abs(red.center.y - 665) < 1e-9)
        let finger = sim.drag(from: CGPoint(x: 195, y: 305), to: CGPoint(x: 195, y: 505), steps: 4, lift: false)
        #expect(scene.view("green")?.center == CGPoint(x: 195, y: 505))
        sim.touchCancel([finger])
        #expect(scene.view("green")?.center == CGPoint(x: 195, y: 305))
    }

    @Test("the idle timer starts when the last finger lifts and fires after 5 s without touches")
    func idleTimer() throws {
        let (_, sim) = try drive("idle-timer")
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 4)
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 6)
        #expect(
            sim.notes == [
                "idle timer started", "idle timer stopped", "idle timer started", "idle timer fired: no touch for 5 s",
            ])
    }

    @Test("blink reaches the last selected card; push reaches the coordinator inserted into next")
    func responderActions() throws {
        let (scene, sim) = try drive("responder-actions")
        sim.tap(at: CGPoint(x: 80, y: 170))
        sim.tap(at: CGPoint(x: 195, y: 170))
        #expect(sim.notes { sim.tap(at: CGPoint(x: 100, y: 325)) } == ["BlinkableView#card2 blinks"])
        #expect(scene.view("card2")?.alpha == 0.4)
        #expect(sim.notes { sim.tap(at: CGPoint(x: 280, y: 325)) } == ["coordinator pushes Detail"])
    }
}

@Suite("Classic bugs people ask about")
struct ClassicBugTests {
    @Test("a clear overlay takes the button's touch; an overlay with interaction off does not")
    func transparentOverlay() throws {
        let (_, sim) = try drive("bug-transparent-overlay")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 195, y: 280)) } == ["the clear overlay took the touch"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 195, y: 580)) } == ["fixed button tapped"])
    }

    @Test("a parent's tap steals a custom control's touch; a button and a switch keep theirs")
    func parentTapSteals() throws {
        let (_, sim) = try drive("bug-parent-tap-steals-control")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 110, y: 215)) } == ["custom control cancelled", "card tap"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 280, y: 215)) } == ["button fired"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 70, y: 295)) } == ["switch changed"])
    }

    @Test("a child sticking out of its parent is dead outside it, until the parent's hit area grows")
    func childOutsideParent() throws {
        let (scene, sim) = try drive("bug-child-outside-parent")
        #expect(sim.notes { sim.tap(at: CGPoint(x: 220, y: 270)) }.isEmpty)
        #expect(sim.notes { sim.tap(at: CGPoint(x: 160, y: 230)) } == ["badge tapped"])
        #expect(sim.notes { sim.tap(at: CGPoint(x: 220, y: 570)) } == ["fixed badge tapped"])
        #expect(sim.hitView(at: CGPoint(x: 220, y: 270)) === sim.window)
        _ = scene
    }
}

@Suite("The kitchen sink")
struct KitchenSinkTests {
    @Test(
        "every recognizer and control reports",
        arguments: [
            ("single tap", 0), ("double tap", 1), ("long press", 2), ("pan", 3), ("pinch", 4), ("swipe left", 5),
            ("button", 6), ("custom control", 7), ("switch changed", 8), ("slider moved", 9), ("inner button", 10),
            ("label tap", 11), ("edge pan", 12),
        ])
    func reports(note: String, gesture: Int) throws {
        let (_, sim) = try drive("kitchen-sink")
        let heard = sim.notes {
            switch gesture {
            case 0:
                sim.tap(at: CGPoint(x: 100, y: 120))
                sim.advance(by: 0.5)
            case 1: sim.tap(at: CGPoint(x: 100, y: 120), count: 2)
            case 2: sim.longPress(at: CGPoint(x: 290, y: 120))
            case 3: sim.drag(from: CGPoint(x: 50, y: 250), to: CGPoint(x: 150, y: 250))
            case 4: sim.pinch(center: CGPoint(x: 290, y: 250), fromDistance: 40, toDistance: 100)
            case 5: sim.drag(from: CGPoint(x: 300, y: 360), to: CGPoint(x: 100, y: 360), duration: 0.15, steps: 5)
            case 6: sim.tap(at: CGPoint(x: 70, y: 442))
            case 7: sim.tap(at: CGPoint(x: 195, y: 442))
            case 8: sim.tap(at: CGPoint(x: 300, y: 441))
            case 9: sim.drag(from: CGPoint(x: 195, y: 502), to: CGPoint(x: 300, y: 502))
            case 10: sim.tap(at: CGPoint(x: 80, y: 622), holdDuration: 0.05)
            case 11: sim.tap(at: CGPoint(x: 100, y: 780))
            default: sim.drag(from: CGPoint(x: 3, y: 600), to: CGPoint(x: 200, y: 600))
            }
        }
        #expect(heard.contains(note), "\(heard)")
    }
}
