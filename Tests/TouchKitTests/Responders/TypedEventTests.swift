import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// Seed 003 (second article): the sky, the sun and its sunspot route typed events to the controller.
enum SkyBehavior: ResponderChainEvent, Equatable {
    case clickSky
    case clickSun
    case clickSunspot(id: Int)
}

final class SkyViewController: UIViewController {
    var received: [SkyBehavior] = []

    override func router<Event: ResponderChainEvent>(event: Event) {
        guard let sky = event as? SkyBehavior else { return super.router(event: event) }
        received.append(sky)
    }
}

class SkyPartView: UIView {
    let behavior: SkyBehavior
    init(_ behavior: SkyBehavior, frame: CGRect) {
        self.behavior = behavior
        super.init(frame: frame)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        router(event: behavior)
    }
}

/// The sun also reports a click on itself whenever its sunspot is clicked.
final class SunView: SkyPartView {
    override func router<Event: ResponderChainEvent>(event: Event) {
        super.router(event: event)
        if case .clickSunspot = event as? SkyBehavior {
            router(event: SkyBehavior.clickSun)
        }
    }
}

@Suite("Typed events along the responder chain (sky, sun, sunspot)")
struct TypedEventTests {
    func skyScene() -> (TouchSimulator, SkyViewController) {
        let window = makeWindow()
        let controller = SkyViewController()
        window.rootViewController = controller
        let sky = SkyPartView(.clickSky, frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        let sun = SunView(.clickSun, frame: CGRect(x: 100, y: 100, width: 150, height: 150))
        let sunspot = SkyPartView(.clickSunspot(id: 7), frame: CGRect(x: 50, y: 50, width: 30, height: 30))
        sun.addSubview(sunspot)
        sky.addSubview(sun)
        controller.view.addSubview(sky)
        return (TouchSimulator(window: window), controller)
    }

    @Test("each part's click reaches the controller; a sunspot click also reports the sun")
    func routing() {
        let (sim, controller) = skyScene()
        sim.tap(at: CGPoint(x: 20, y: 20))
        sim.tap(at: CGPoint(x: 110, y: 110))
        sim.tap(at: CGPoint(x: 160, y: 160))
        #expect(controller.received == [.clickSky, .clickSun, .clickSunspot(id: 7), .clickSun])
    }

    @Test("the trace shows each hop of a routed event")
    func hopsAreTraced() {
        let (sim, _) = skyScene()
        sim.trace.removeAll()
        sim.tap(at: CGPoint(x: 160, y: 160))
        let hops = sim.trace.entries.filter { if case .eventRouted = $0.event { true } else { false } }
        #expect(
            hops.map(\.event.textParts.body) == [
                "clickSunspot(id: 7) SkyPartView@0.0.0.0 -> SunView@0.0.0",
                "clickSunspot(id: 7) SunView@0.0.0 -> SkyPartView@0.0",
                "clickSunspot(id: 7) SkyPartView@0.0 -> UIView@0",
                "clickSunspot(id: 7) UIView@0 -> SkyViewController",
                "clickSun SunView@0.0.0 -> SkyPartView@0.0",
                "clickSun SkyPartView@0.0 -> UIView@0",
                "clickSun UIView@0 -> SkyViewController",
            ])
    }
}
