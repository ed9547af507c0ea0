import Foundation

/// Everything a debugger shows about one view, as labelled lines in sections: identity, geometry
/// (frame in window and superview coordinates, bounds, transform), the flags hit testing reads,
/// the gesture recognizers with their state, parameters, delays and failure requirements, the
/// control and scroll-view state, and, given the last touch, why that touch did or did not reach
/// the view. The window's inspector draws it; tests and `--announce` read its `text`.
public struct ViewInspection {
    /// One labelled value.
    public struct Line: Equatable, Sendable {
        public var label: String
        public var value: String

        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// A titled group of lines.
    public struct Section: Equatable, Sendable {
        public var title: String
        public var lines: [Line]
        /// The trace name of the recognizer the section describes, or nil (a renderer with little
        /// room titles it by its label instead).
        public var recognizer: String? = nil

        public init(title: String, lines: [Line], recognizer: String? = nil) {
            self.title = title
            self.lines = lines
            self.recognizer = recognizer
        }
    }

    /// The last touch, to answer "why (not) this view?" for it.
    public struct Touch {
        public var finger: Int
        /// Where it went down, in window coordinates.
        public var point: CGPoint
        /// The verdicts of hit testing taken when the touch went down (nil: work them out now).
        public var verdicts: [(view: String, verdict: HitVerdict)]?
        /// The trace entries of that touch (for what it delivered to the view).
        public var entries: [TraceEntry]

        public init(finger: Int, point: CGPoint, verdicts: [(view: String, verdict: HitVerdict)]?, entries: [TraceEntry]) {
            self.finger = finger
            self.point = point
            self.verdicts = verdicts
            self.entries = entries
        }
    }

    /// The view's trace name (`UIButton#save`).
    public let name: String
    public var sections: [Section]

    /// Inspects `view` as it is now; `touch` adds the "last touch" section.
    public init(view: UIView, touch: Touch? = nil) {
        name = view.traceName
        // The answer people come for first: why the last touch did or did not reach the view.
        var sections = [Self.identity(view)]
        if let touch { sections.append(Self.lastTouch(view, touch)) }
        sections += [Self.geometry(view), Self.flags(view)]
        if let control = view as? UIControl { sections.append(Self.control(control)) }
        if let scroll = view as? UIScrollView { sections.append(Self.scroll(scroll)) }
        for recognizer in view._gestureRecognizers { sections.append(Self.recognizer(recognizer)) }
        // UIKit binds a touch to the recognizers of the hit view and of every ancestor (a scroll
        // view's pan and delay recognizers included): they all see touches on this view.
        var ancestor = view._superview
        while let current = ancestor {
            for recognizer in current._gestureRecognizers {
                sections.append(Self.recognizer(recognizer, on: current))
            }
            ancestor = current._superview
        }
        self.sections = sections
    }

    /// All sections as plain text, one `label: value` a line.
    public var text: String {
        sections.map { section in
            ([section.title] + section.lines.map { "  \($0.label): \($0.value)" }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    // MARK: Sections

    static func identity(_ view: UIView) -> Section {
        var lines = [Line("class", view._traceClassName)]
        lines.append(Line("id", view.accessibilityIdentifier ?? "none"))
        if view.tag != 0 { lines.append(Line("tag", "\(view.tag)")) }
        if let superview = view.superview { lines.append(Line("superview", superview.traceName)) }
        lines.append(Line("subviews", "\(view.subviews.count)"))
        return Section(title: view.traceName, lines: lines)
    }

    static func geometry(_ view: UIView) -> Section {
        var lines: [Line] = []
        if let window = view.window, window !== view {
            lines.append(Line("frame in window", Self.rect(view.convert(view.bounds, to: window))))
        }
        lines.append(Line("frame in superview", Self.rect(view.frame)))
        lines.append(Line("bounds", Self.rect(view.bounds)))
        lines.append(Line("center", Self.point(view.center)))
        lines.append(Line("transform", Self.transform(view.transform)))
        return Section(title: "Geometry", lines: lines)
    }

    static func flags(_ view: UIView) -> Section {
        var lines = [
            Line("hidden", Self.yesNo(view.isHidden)),
            Line("alpha", Self.number(view.alpha) + (view.alpha < UIKitDefaults.hitTestMinimumAlpha ? " (below 0.01: hit testing skips it)" : "")),
            Line("user interaction", view.isUserInteractionEnabled ? "enabled" : "disabled (hit testing skips it and its subviews)"),
            Line("clipsToBounds", Self.yesNo(view.clipsToBounds)),
            Line("multiple touch", Self.yesNo(view.isMultipleTouchEnabled)),
            Line("exclusive touch", Self.yesNo(view.isExclusiveTouch)),
        ]
        let overrides = [
            view._overridesHitTest ? "hitTest(_:with:)" : nil,
            view._overridesPointInside ? "point(inside:with:)" : nil,
        ].compactMap { $0 }
        if !overrides.isEmpty { lines.append(Line("overrides", overrides.joined(separator: ", "))) }
        return Section(title: "Hit testing", lines: lines)
    }

    /// Whether the tracked touch is inside, saying when it counts as inside only through the
    /// tracking margin (about 70 pt, UIKit's private value: an approximation).
    static func touchInside(_ control: UIControl) -> String {
        guard let touch = control._tracking.touch, control.isTracking else { return Self.yesNo(control.isTouchInside) }
        let p = touch.location(in: control)
        if control.bounds.contains(p) { return "yes" }
        let margin = Double(control._configuration.controlTouchMargin)
        return control.isTouchInside
            ? "no (outside the bounds, inside the \(TraceFormat.number(margin)) pt tracking margin: a lift here is touchUpInside)"
            : "no (beyond the \(TraceFormat.number(margin)) pt tracking margin: a lift here is touchUpOutside)"
    }

    static func control(_ control: UIControl) -> Section {
        var lines = [
            Line("enabled", Self.yesNo(control.isEnabled)), Line("highlighted", Self.yesNo(control.isHighlighted)),
            Line("selected", Self.yesNo(control.isSelected)), Line("tracking", Self.yesNo(control.isTracking)),
            Line("touch inside", Self.touchInside(control)),
        ]
        if let toggle = control as? UISwitch { lines.append(Line("on", Self.yesNo(toggle.isOn))) }
        if let slider = control as? UISlider {
            lines.append(Line("value", "\(slider.value) (\(slider.minimumValue) to \(slider.maximumValue))"))
        }
        if let button = control as? UIButton, let title = button.currentTitle { lines.append(Line("title", title)) }
        let events = control.allControlEvents
        if !events.isEmpty { lines.append(Line("actions for", events.description.replacingOccurrences(of: "|", with: ", "))) }
        return Section(title: "Control", lines: lines)
    }

    static func scroll(_ scroll: UIScrollView) -> Section {
        Section(
            title: "Scroll view",
            lines: [
                Line("contentOffset", Self.point(scroll.contentOffset)),
                Line("contentSize", "\(Self.number(scroll.contentSize.width)) x \(Self.number(scroll.contentSize.height))"),
                Line("scrollEnabled", Self.yesNo(scroll.isScrollEnabled)),
                Line("pagingEnabled", Self.yesNo(scroll.isPagingEnabled)),
                Line("delaysContentTouches", Self.yesNo(scroll.delaysContentTouches)),
                Line("canCancelContentTouches", Self.yesNo(scroll.canCancelContentTouches)),
                Line(
                    "tracking / dragging / decelerating",
                    "\(Self.yesNo(scroll.isTracking)) / \(Self.yesNo(scroll.isDragging)) / \(Self.yesNo(scroll.isDecelerating))"),
            ])
    }

    static func recognizer(_ recognizer: UIGestureRecognizer, on ancestor: UIView? = nil) -> Section {
        var state = "\(recognizer.state)"
        if let pending = recognizer._readRecord({ $0[live: $1].pendingState }) ?? nil {
            state += " (recognized as \(pending), waiting for others to fail)"
        }
        if !recognizer.isEnabled { state += ", disabled" }
        var lines = [Line("state", state)]
        let parameters = Self.parameters(of: recognizer)
        if !parameters.isEmpty { lines.append(Line("parameters", parameters.joined(separator: ", "))) }
        lines.append(Line("cancelsTouchesInView", Self.yesNo(recognizer.cancelsTouchesInView)))
        lines.append(
            Line("delaysTouchesBegan / Ended", "\(Self.yesNo(recognizer.delaysTouchesBegan)) / \(Self.yesNo(recognizer.delaysTouchesEnded))"))
        let required = recognizer._requiredToFail.compactMap(\.value).map(\.traceName)
        if !required.isEmpty { lines.append(Line("requires to fail", required.joined(separator: ", "))) }
        if let delegate = recognizer.delegate {
            let answers = (delegate as? CustomStringConvertible)?.description ?? String(describing: type(of: delegate))
            lines.append(Line("delegate", answers))
        }
        if let ancestor { lines.insert(Line("sees touches here from", "ancestor \(ancestor.traceName)"), at: 0) }
        return Section(title: recognizer.traceName, lines: lines, recognizer: recognizer.traceName)
    }

    static func parameters(of recognizer: UIGestureRecognizer) -> [String] {
        recognizer.describedSettings.summary
    }

    static func lastTouch(_ view: UIView, _ touch: Touch) -> Section {
        let name = view.traceName
        var lines: [Line] = []
        let verdict: HitVerdict
        if let verdicts = touch.verdicts {
            // Hit testing lists every view whose bounds hold the point (and the hit path); any
            // other view had the point outside its bounds when the touch went down.
            verdict = verdicts.first { $0.view == name }?.verdict ?? .skipped(reason: .outside)
        } else if let window = view.window {
            verdict = HitExplanation(window: window, point: touch.point).verdict(for: view)
        } else {
            verdict = .skipped(reason: .outside)
        }
        var note = ""
        if case .skipped(.interactionDisabled) = verdict, let words = view.userInteractionDefaultNote { note = " (\(words))" }
        lines.append(Line("hit testing", "it " + verdict.description + note))
        // A view off the hit path hears nothing of the touch; one on it may still lose it (a
        // recognizer that cancels or delays it, a control that wins, no handler).
        guard verdict.isOnPath else {
            return Section(title: "Last touch: finger \(touch.finger) at \(Self.point(touch.point))", lines: lines)
        }
        let findings = DeliveryExplanation(
            entries: touch.entries, finger: touch.finger, view: name, recognizers: (view.gestureRecognizers ?? []).map(\.traceName)
        ).findings
        for finding in findings {
            lines.append(Line("then", finding.description))
            if let symptom = finding.symptom(control: view is UIControl) { lines.append(Line("what you see", symptom)) }
        }
        if findings.isEmpty { lines.append(Line("then", "it heard nothing of the touch")) }
        return Section(title: "Last touch: finger \(touch.finger) at \(Self.point(touch.point))", lines: lines)
    }

    // MARK: Formatting

    /// The names of the set bits of an option set, `none` when empty.
    static func names(_ rawValue: UInt, _ bitNames: [String]) -> String { SettingText.names(rawValue, bitNames) }

    static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    static func number(_ value: CGFloat) -> String { SettingText.number(value) }

    static func number(_ value: Double) -> String { SettingText.number(value) }

    static func point(_ p: CGPoint) -> String { "(\(number(p.x)), \(number(p.y)))" }

    static func rect(_ r: CGRect) -> String {
        "(\(number(r.origin.x)), \(number(r.origin.y)), \(number(r.size.width)), \(number(r.size.height)))"
    }

    /// `identity`, or the rotation and scale it amounts to, with the translation when there is one.
    static func transform(_ t: CGAffineTransform) -> String {
        guard !t.isIdentity else { return "identity" }
        let scaleX = hypot(t.a, t.b)
        let scaleY = hypot(t.c, t.d)
        let degrees = atan2(t.b, t.a) * 180 / .pi
        var parts: [String] = []
        if abs(degrees) > 1e-9 { parts.append("rotated \(number(degrees))°") }
        if abs(scaleX - 1) > 1e-9 || abs(scaleY - 1) > 1e-9 { parts.append("scaled \(number(scaleX)) x \(number(scaleY))") }
        if t.tx != 0 || t.ty != 0 { parts.append("moved \(point(CGPoint(x: t.tx, y: t.ty)))") }
        return parts.isEmpty ? "identity" : parts.joined(separator: ", ")
    }
}
