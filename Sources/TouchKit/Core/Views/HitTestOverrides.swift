import Foundation

/// Tells whether a `UIView` subclass keeps UIKit's default `hitTest(_:with:)` and
/// `point(inside:with:)`, so hit testing may skip it when the point is outside its frame.
///
/// Why: a view with both defaults answers nil for any point outside its bounds, without running
/// any code a user could observe, so not calling it is exact. A view that overrides either method
/// can answer anything (an enlarged hit area, a catch-all menu) and is always called, in UIKit's
/// order. This is what makes hit testing independent of sibling count (`SubviewHitIndex`) while
/// every override keeps UIKit's semantics.
///
/// How: Swift has no reflection over methods, but a class's vtable lives in its metadata. Two probe
/// subclasses each override exactly one of the two methods; the metadata words in which they differ
/// from a probe that overrides nothing are the two vtable slots. A class overrides a method iff its
/// word in that slot differs from `UIView`'s. If the probes do not isolate exactly one slot each
/// (a runtime whose layout differs), detection turns itself off and every view is treated as
/// overriding: slower, never wrong.
enum HitTestOverrides {
    struct Slots {
        let hitTest: Int
        let pointInside: Int
    }

    /// The two vtable slots, or nil when detection is unavailable.
    static let slots: Slots? = findSlots()

    /// Whether detection works on this runtime (tests assert it does on Linux).
    static var isAvailable: Bool { slots != nil }

    /// True when `viewClass` overrides neither `hitTest(_:with:)` nor `point(inside:with:)`.
    static func keepsDefaults(_ viewClass: UIView.Type) -> Bool {
        if viewClass == UIView.self { return true }
        guard let slots else { return false }
        let base = words(UIView.self)
        let other = words(viewClass)
        return other[slots.hitTest] == base[slots.hitTest] && other[slots.pointInside] == base[slots.pointInside]
    }

    /// True when `viewClass` overrides `point(inside:with:)` (for trace reasons); false when unknown.
    static func overridesPointInside(_ viewClass: UIView.Type) -> Bool {
        guard let slots, viewClass != UIView.self else { return false }
        return words(viewClass)[slots.pointInside] != words(UIView.self)[slots.pointInside]
    }

    /// True when `viewClass` overrides `hitTest(_:with:)`; true when unknown (a runtime where
    /// detection is off), so that callers treat the view as able to answer anything.
    static func overridesHitTest(_ viewClass: UIView.Type) -> Bool {
        if viewClass == UIView.self { return false }
        guard let slots else { return true }
        return words(viewClass)[slots.hitTest] != words(UIView.self)[slots.hitTest]
    }

    /// Word `index` of a class's metadata from its address point; `index` must be below the
    /// metadata word count of a superclass of `type` (`metadataWordCount(of:)`), which every
    /// caller checks. (`MethodOverrides` reads other methods' slots through this.)
    static func metadataWord(_ type: AnyClass, _ index: Int) -> UInt {
        words(type)[index]
    }

    private static func words(_ type: AnyClass) -> UnsafePointer<UInt> {
        unsafeBitCast(type, to: UnsafePointer<UInt>.self)
    }

    /// Number of pointer-sized words in a class's metadata (`UIView`'s by default) from its address point, or nil
    /// when the header does not look like Swift's class metadata.
    static func metadataWordCount(of type: AnyClass = UIView.self) -> Int? {
        // Swift class metadata (no Objective-C interop): kind, superclass, flags (u32),
        // instanceAddressPoint (u32), instanceSize (u32), instanceAlignMask (u16), reserved (u16),
        // classSize (u32), classAddressPoint (u32), description, ivarDestroyer, then members.
        let raw = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let wordSize = MemoryLayout<UInt>.size
        guard wordSize == 8 else { return nil }
        let classSize = Int(raw.load(fromByteOffset: 2 * wordSize + 16, as: UInt32.self))
        let addressPoint = Int(raw.load(fromByteOffset: 2 * wordSize + 20, as: UInt32.self))
        let count = (classSize - addressPoint) / wordSize
        guard classSize > addressPoint, count > 8, count < 4096 else { return nil }
        return count
    }

    private static func findSlots() -> Slots? {
        #if canImport(ObjectiveC)
            return nil  // Apple platforms lay class metadata out differently; stay exact and slow.
        #else
            guard let count = metadataWordCount() else { return nil }
            func differing(_ probe: AnyClass) -> Set<Int> {
                let base = words(UIView.self)
                let other = words(probe)
                return Set((0..<count).filter { base[$0] != other[$0] })
            }
            let baseline = differing(_ProbeOverridesNothing.self)
            let hitSlots = differing(_ProbeOverridesHitTest.self).subtracting(baseline)
            let insideSlots = differing(_ProbeOverridesPointInside.self).subtracting(baseline)
            guard hitSlots.count == 1, insideSlots.count == 1, let hit = hitSlots.first,
                let inside = insideSlots.first, hit != inside
            else { return nil }
            let slots = Slots(hitTest: hit, pointInside: inside)
            // Self-check: the probes must be classified as expected.
            let base = words(UIView.self)
            guard words(_ProbeOverridesNothing.self)[hit] == base[hit],
                words(_ProbeOverridesHitTest.self)[hit] != base[hit],
                words(_ProbeOverridesPointInside.self)[inside] != base[inside]
            else { return nil }
            return slots
        #endif
    }
}

/// Probe classes for `HitTestOverrides`; never instantiated.
final class _ProbeOverridesNothing: UIView {}

final class _ProbeOverridesHitTest: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { nil }
}

final class _ProbeOverridesPointInside: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { false }
}
