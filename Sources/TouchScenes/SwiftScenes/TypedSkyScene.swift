import Foundation
import TouchKit

/// Seed 003's typed events: the compiler checks every case the controller switches over.
enum SkyBehavior: ResponderChainEvent {
    case clickSky
    case clickSun
    case clickSunspot(id: Int)
}

final class SkyViewController: UIViewController {
    override func router<Event: ResponderChainEvent>(event: Event) {
        guard let behavior = event as? SkyBehavior else { return super.router(event: event) }
        let trace = view.window?.next.flatMap { $0 as? UIApplication }?.trace
        switch behavior {
        case .clickSky: trace?.note("[Sky] click sky")
        case .clickSun: trace?.note("[Sky] click sun")
        case .clickSunspot(let id): trace?.note("[Sky] click sunspot - id: \(id)")
        }
    }
}

class SkyPartView: UIView {
    var behavior: SkyBehavior = .clickSky
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        router(event: behavior)
    }
}

/// The sun also reports a click on itself whenever one of its sunspots is clicked.
final class SunView: SkyPartView {
    override func router<Event: ResponderChainEvent>(event: Event) {
        super.router(event: event)
        if case .clickSunspot? = event as? SkyBehavior {
            router(event: SkyBehavior.clickSun)
        }
    }
}

enum TypedSkyScene {
    static func make() -> LoadedScene {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = SkyViewController()
        window.rootViewController = controller
        let sky = SkyPartView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        sky.accessibilityIdentifier = "sky"
        sky.backgroundColor = UIColor(red: 0.55, green: 0.78, blue: 0.98, alpha: 1)
        let sun = SunView(frame: CGRect(x: 120, y: 200, width: 160, height: 160))
        sun.accessibilityIdentifier = "sun"
        sun.behavior = .clickSun
        sun.backgroundColor = .yellow
        let sunspot = SkyPartView(frame: CGRect(x: 40, y: 50, width: 36, height: 36))
        sunspot.accessibilityIdentifier = "sunspot"
        sunspot.behavior = .clickSunspot(id: 7)
        sunspot.backgroundColor = .brown
        sun.addSubview(sunspot)
        sky.addSubview(sun)
        controller.view.addSubview(sky)
        return .swift(name: "typed-sky", summary: SwiftScenes.all[2].summary, window: window, retaining: [controller])
    }
}
