import Foundation
import Testing

@testable import TouchKit

/// `isPagingEnabled`: the content stops on multiples of the bounds (Apple's documentation); the
/// flick speed and the settle are TouchScope's approximations (rules `scrollView.paging`,
/// `scrollView.pagingFlick`).
@Suite("Paging scroll views")
struct PagingTests {
    final class Delegate: UIScrollViewDelegate {
        var ended = 0
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { ended += 1 }
    }

    /// Five pages of 390 pt side by side.
    func carousel() -> (TouchSimulator, UIScrollView, Delegate) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        scroll.contentSize = CGSize(width: 390 * 5, height: 300)
        scroll.isPagingEnabled = true
        let delegate = Delegate()
        scroll.delegate = delegate
        window.addSubview(scroll)
        return (TouchSimulator(window: window), scroll, delegate)
    }

    @Test("a slow drag of less than half a page settles back; of more than half, on the next page; isDecelerating while it settles")
    func slowDrags() {
        let (sim, scroll, delegate) = carousel()
        sim.drag(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 200, y: 150), duration: 1, steps: 20)
        #expect(scroll.isDecelerating)
        sim.advance(by: 1)
        #expect(scroll.contentOffset.x == 0 && !scroll.isDecelerating && delegate.ended == 1)
        sim.drag(from: CGPoint(x: 350, y: 150), to: CGPoint(x: 100, y: 150), duration: 1.2, steps: 24)
        sim.advance(by: 1)
        #expect(scroll.contentOffset.x == 390, "\(scroll.contentOffset)")
    }

    @Test("a flick goes one page on from where the drag began, either way, never past the last page")
    func flicks() {
        let (sim, scroll, _) = carousel()
        sim.drag(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 240, y: 150), duration: 0.05, steps: 5)
        sim.advance(by: 1)
        #expect(scroll.contentOffset.x == 390)
        sim.drag(from: CGPoint(x: 240, y: 150), to: CGPoint(x: 300, y: 150), duration: 0.05, steps: 5)
        sim.advance(by: 1)
        #expect(scroll.contentOffset.x == 0)
        scroll.contentOffset = CGPoint(x: 390 * 4, y: 0)
        sim.drag(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 240, y: 150), duration: 0.05, steps: 5)
        sim.advance(by: 1)
        let lastPage: CGFloat = 390 * 4
        #expect(scroll.contentOffset.x == lastPage, "the last page stays")
    }

    @Test("a touch while the content settles finishes the settle at its page; without paging a flick decelerates past pages")
    func touchDuringSettle() {
        let (sim, scroll, _) = carousel()
        sim.drag(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 240, y: 150), duration: 0.05, steps: 5)
        sim.advance(by: 0.02)
        #expect(scroll.isDecelerating && scroll.contentOffset.x < 390)
        let finger = sim.touchDown(at: CGPoint(x: 200, y: 150))
        #expect(!scroll.isDecelerating && scroll.contentOffset.x == 390)
        sim.touchUp(finger)
        let (plain, free, _) = carousel()
        free.isPagingEnabled = false
        plain.drag(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 240, y: 150), duration: 0.05, steps: 5)
        plain.advance(by: 3)
        #expect(free.contentOffset.x.truncatingRemainder(dividingBy: 390) != 0, "\(free.contentOffset)")
    }
}
