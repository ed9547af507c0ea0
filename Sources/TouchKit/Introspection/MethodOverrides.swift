import Foundation

/// Which of UIKit's overridable touch-routing methods an app's class overrides, as the
/// Objective-C runtime tells on iOS (an implementation that differs from its UIKit superclass's):
/// the capture's code facts (`TouchScopeCapture`) read it from TouchKit the same way.
///
/// It uses `HitTestOverrides`' technique (and its reader of class metadata, the one place that
/// reads memory unsafely), one probe per method: a probe subclass of the class
/// that declares the method overrides only it, and the class-metadata word in which the probe
/// differs from an empty probe is the method's vtable slot. A class overrides a method iff its
/// word in that slot differs from its nearest TouchKit superclass's. Where the probes do not
/// isolate one slot (another runtime's layout), the method is left out: the facts then say less,
/// never something false. Not UIKit API.
package enum MethodOverrides {
    struct Probe {
        let method: String
        let base: AnyClass
        let empty: AnyClass
        let overriding: AnyClass
    }

    static let probes: [Probe] = [
        Probe(method: "hitTest(_:with:)", base: UIView.self, empty: _ProbeOverridesNothing.self, overriding: _ProbeOverridesHitTest.self),
        Probe(
            method: "point(inside:with:)", base: UIView.self, empty: _ProbeOverridesNothing.self,
            overriding: _ProbeOverridesPointInside.self),
        Probe(method: "touchesBegan(_:with:)", base: UIView.self, empty: _ProbeOverridesNothing.self, overriding: _ProbeTouchesBegan.self),
        Probe(method: "touchesMoved(_:with:)", base: UIView.self, empty: _ProbeOverridesNothing.self, overriding: _ProbeTouchesMoved.self),
        Probe(method: "touchesEnded(_:with:)", base: UIView.self, empty: _ProbeOverridesNothing.self, overriding: _ProbeTouchesEnded.self),
        Probe(
            method: "touchesCancelled(_:with:)", base: UIView.self, empty: _ProbeOverridesNothing.self,
            overriding: _ProbeTouchesCancelled.self),
        Probe(
            method: "gestureRecognizerShouldBegin(_:)", base: UIView.self, empty: _ProbeOverridesNothing.self,
            overriding: _ProbeShouldBegin.self),
        Probe(
            method: "touchesShouldCancel(in:)", base: UIScrollView.self, empty: _ProbeScrollNothing.self,
            overriding: _ProbeTouchesShouldCancel.self),
        Probe(method: "beginTracking(_:with:)", base: UIControl.self, empty: _ProbeControlNothing.self, overriding: _ProbeBeginTracking.self),
        Probe(
            method: "continueTracking(_:with:)", base: UIControl.self, empty: _ProbeControlNothing.self,
            overriding: _ProbeContinueTracking.self),
        Probe(method: "endTracking(_:with:)", base: UIControl.self, empty: _ProbeControlNothing.self, overriding: _ProbeEndTracking.self),
        Probe(
            method: "cancelTracking(with:)", base: UIControl.self, empty: _ProbeControlNothing.self, overriding: _ProbeCancelTracking.self),
        Probe(
            method: "canPrevent(_:)", base: UIGestureRecognizer.self, empty: _ProbeRecognizerNothing.self,
            overriding: _ProbeCanPrevent.self),
        Probe(
            method: "canBePrevented(by:)", base: UIGestureRecognizer.self, empty: _ProbeRecognizerNothing.self,
            overriding: _ProbeCanBePrevented.self),
        Probe(
            method: "shouldRequireFailure(of:)", base: UIGestureRecognizer.self, empty: _ProbeRecognizerNothing.self,
            overriding: _ProbeShouldRequireFailure.self),
        Probe(
            method: "shouldBeRequiredToFail(by:)", base: UIGestureRecognizer.self, empty: _ProbeRecognizerNothing.self,
            overriding: _ProbeShouldBeRequiredToFail.self),
    ]

    /// Each method's slot, for the probes that isolate exactly one.
    static let slots: [(probe: Probe, slot: Int)] = findSlots()

    /// The methods of `probes` that `type` overrides (or a superclass of it that is not
    /// TouchKit's, as an app's class hierarchy would), in the table's order.
    package static func overridden(by type: AnyClass) -> [String] {
        let framework: AnyClass = nearestFrameworkClass(of: type)
        guard ObjectIdentifier(framework) != ObjectIdentifier(type) else { return [] }
        return slots.filter {
            isSubclass(framework, of: $0.probe.base)
                && HitTestOverrides.metadataWord(type, $0.slot) != HitTestOverrides.metadataWord(framework, $0.slot)
        }.map(\.probe.method)
    }

    /// Whether `type` is TouchKit's own class (what UIKit's classes are on iOS).
    package static func isFrameworkClass(_ type: AnyClass) -> Bool {
        String(reflecting: type).hasPrefix("TouchKit.")
    }

    static func nearestFrameworkClass(of type: AnyClass) -> AnyClass {
        var current: AnyClass? = type
        while let candidate = current {
            if isFrameworkClass(candidate) { return candidate }
            current = _getSuperclass(candidate)
        }
        return type
    }

    static func isSubclass(_ type: AnyClass, of base: AnyClass) -> Bool {
        var current: AnyClass? = type
        while let candidate = current {
            if ObjectIdentifier(candidate) == ObjectIdentifier(base) { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    private static func findSlots() -> [(probe: Probe, slot: Int)] {
        #if canImport(ObjectiveC)
            return []
        #else
            return probes.compactMap { probe in
                guard let count = HitTestOverrides.metadataWordCount(of: probe.base) else { return nil }
                func differing(_ type: AnyClass) -> Set<Int> {
                    Set((0..<count).filter { HitTestOverrides.metadataWord(probe.base, $0) != HitTestOverrides.metadataWord(type, $0) })
                }
                let found = differing(probe.overriding).subtracting(differing(probe.empty))
                guard found.count == 1, let slot = found.first else { return nil }
                return (probe, slot)
            }
        #endif
    }
}

// Probe classes for `MethodOverrides`; never instantiated.
final class _ProbeTouchesBegan: UIView {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
final class _ProbeTouchesMoved: UIView {
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
final class _ProbeTouchesEnded: UIView {
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
final class _ProbeTouchesCancelled: UIView {
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
final class _ProbeShouldBegin: UIView {
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
final class _ProbeScrollNothing: UIScrollView {}
final class _ProbeTouchesShouldCancel: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool { true }
}
final class _ProbeControlNothing: UIControl {}
final class _ProbeBeginTracking: UIControl {
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
}
final class _ProbeContinueTracking: UIControl {
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
}
final class _ProbeEndTracking: UIControl {
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
}
final class _ProbeCancelTracking: UIControl {
    override func cancelTracking(with event: UIEvent?) {}
}
final class _ProbeRecognizerNothing: UIGestureRecognizer {}
final class _ProbeCanPrevent: UIGestureRecognizer {
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
final class _ProbeCanBePrevented: UIGestureRecognizer {
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}
final class _ProbeShouldRequireFailure: UIGestureRecognizer {
    override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
final class _ProbeShouldBeRequiredToFail: UIGestureRecognizer {
    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
