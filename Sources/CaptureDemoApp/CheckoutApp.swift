import Foundation
import TouchKit
import TouchScopeCapture

/// A banner whose class lets touches through to what is under it, except over its subviews: the
/// code a scene cannot hold (it says what a view is, not what its `hitTest` answers).
public final class PromoView: UIView {
    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// The checkout screen of the bundled captured sample (`Scenes/captured/checkout.session`): a
/// cart that scrolls, a coupon switch, a pay button, and a promo banner over the pay button
/// whose class lets touches through everywhere but its close button. The scene cannot hold
/// that override, so the model and the device disagree on the tap on Pay.
public func checkoutApp() -> TouchScopeCaptureWindow {
    let window = TouchScopeCaptureWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.backgroundColor = .white
    let cart = UIScrollView(frame: CGRect(x: 0, y: 60, width: 390, height: 520))
    cart.accessibilityIdentifier = "cart"
    cart.contentSize = CGSize(width: 390, height: 1400)
    cart.backgroundColor = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    for row in 0..<8 {
        let item = UIButton(frame: CGRect(x: 16, y: 16 + CGFloat(row) * 84, width: 358, height: 72))
        item.accessibilityIdentifier = "item\(row + 1)"
        item.backgroundColor = .white
        item.addAction(UIAction { _ in }, for: .touchUpInside)
        cart.addSubview(item)
    }
    let coupon = UISwitch(frame: CGRect(x: 24, y: 600, width: 51, height: 31))
    coupon.accessibilityIdentifier = "coupon"
    let pay = UIButton(frame: CGRect(x: 20, y: 720, width: 350, height: 56))
    pay.accessibilityIdentifier = "pay"
    pay.backgroundColor = UIColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 1)
    pay.addAction(UIAction { _ in }, for: .touchUpInside)
    let promo = PromoView(frame: CGRect(x: 0, y: 650, width: 390, height: 110))
    promo.accessibilityIdentifier = "promo"
    promo.backgroundColor = UIColor(red: 1.0, green: 0.8, blue: 0.2, alpha: 0.35)
    let close = UIButton(frame: CGRect(x: 346, y: 8, width: 36, height: 36))
    close.accessibilityIdentifier = "close"
    close.backgroundColor = UIColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
    close.addAction(UIAction { _ in }, for: .touchUpInside)
    promo.addSubview(close)
    [cart, coupon, pay, promo].forEach(window.addSubview)
    return window
}

/// The user's touches in the sample: a cart item, a scroll, the coupon, Pay, the promo's close;
/// `between` runs after each (a pause in real time, for a live demo).
public func checkoutTouches(_ sim: TouchSimulator, between: () -> Void = {}) {
    sim.tap(at: CGPoint(x: 200, y: 110))
    sim.advance(by: 0.6)
    between()
    sim.drag(from: CGPoint(x: 200, y: 450), to: CGPoint(x: 200, y: 250), duration: 0.4, steps: 12)
    sim.advance(by: 2)
    between()
    sim.tap(at: CGPoint(x: 50, y: 615))
    sim.advance(by: 0.6)
    between()
    sim.tap(at: CGPoint(x: 195, y: 748))
    sim.advance(by: 0.6)
    between()
    sim.tap(at: CGPoint(x: 364, y: 676))
    sim.advance(by: 0.6)
    between()
}
