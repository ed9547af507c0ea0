import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// The changes a SwiftUI developer makes when a gesture does not fire, as SwiftUI code says them,
/// each re-run like any candidate: the attachment's kind (`.highPriorityGesture`,
/// `.simultaneousGesture`), its `including:` mask and `isEnabled`, the gesture's thresholds
/// (`minimumDistance`, `minimumDuration`, `maximumDistance`, `count`), the view's `disabled`,
/// `contentShape` and `allowsHitTesting` (its own and its ancestors'), and, for a competing
/// SwiftUI gesture, the kind of its attachment and its drag's `minimumDistance`.
extension ProvenFixes {
    static func swiftUICandidates(label: String, scene: SceneDescription, competitors: [String], window: [TraceEntry]) -> [Candidate] {
        var list: [Candidate] = []
        if scene.swiftUIAttachment(labelled: label) == nil, scene.swiftUIView(label)?.kind == .button {
            // A Button's own gesture: the view's switches and hit area, as for an attachment's.
            list += swiftUIViewCandidates(viewID: label, label: label, scene: scene, window: window)
        }
        if scene.isListRowButton(label) {
            // A Button of the automatic style in a List row is no gesture of its own: the row's
            // selection runs it. `.borderless` (or `.plain`) gives it its own.
            list.append(
                Candidate(change: "\(label): .buttonStyle(.borderless) (a gesture of its own, not the row's selection)") { scene in
                    scene.editSwiftUIView(label) { $0.buttonStyle = "borderless" }
                })
        }
        if let (attachment, viewID) = scene.swiftUIAttachment(labelled: label) {
            let on = viewID.map { " on \($0)" } ?? ""
            let written = ".\(attachment.modifier.rawValue)"
            if attachment.modifier != .button {
                for modifier: GestureAttachment.Modifier in [.highPriorityGesture, .simultaneousGesture] where attachment.modifier != modifier {
                    list.append(
                        Candidate(change: "\(label)\(on): .\(modifier.rawValue)(…) instead of \(written)(…)") { scene in
                            scene.editSwiftUIAttachment(label) { $0.modifier = modifier }
                        })
                }
            }
            if attachment.including != "all" {
                list.append(
                    Candidate(change: "\(label)\(on): \(written)(…, including: .all) instead of including: .\(attachment.including)") { scene in
                        scene.editSwiftUIAttachment(label) { $0.including = "all" }
                    })
            }
            if !attachment.isEnabled {
                list.append(
                    Candidate(change: "\(label)\(on): isEnabled: true") { scene in scene.editSwiftUIAttachment(label) { $0.isEnabled = true } })
            }
            if attachment.including == "all", attachment.modifier != .button {
                // Its subviews' gestures off, its own kept: nothing below competes.
                list.append(
                    Candidate(change: "\(label)\(on): \(written)(…, including: .gesture) (the subviews' gestures off)") { scene in
                        scene.editSwiftUIAttachment(label) { $0.including = "gesture" }
                    })
            }
            list += swiftUIThresholdCandidates(label: label, gesture: attachment.gesture.kind, loosen: true)
            if let viewID { list += swiftUIViewCandidates(viewID: viewID, label: label, scene: scene, window: window) }
            if let viewID { list += swiftUIMoveCandidates(label: label, attachment: attachment, viewID: viewID, scene: scene) }
        }
        for other in competitors where other != label {
            guard let (rival, rivalView) = scene.swiftUIAttachment(labelled: other), rival.modifier != .button else { continue }
            let on = rivalView.map { " on \($0)" } ?? ""
            for modifier: GestureAttachment.Modifier in [.simultaneousGesture, .gesture] where rival.modifier != modifier {
                list.append(
                    Candidate(change: "\(other)\(on): .\(modifier.rawValue)(…) instead of .\(rival.modifier.rawValue)(…)") { scene in
                        scene.editSwiftUIAttachment(other) { $0.modifier = modifier }
                    })
            }
            if rival.including == "gesture" || rival.including == "none" {
                // The rival masks the gestures below it (`including: .gesture`): theirs back on.
                list.append(
                    Candidate(
                        change:
                            "\(other)\(on): .\(rival.modifier.rawValue)(…, including: .all) instead of including: .\(rival.including) (the subviews' gestures back on)"
                    ) { scene in
                        scene.editSwiftUIAttachment(other) { $0.including = "all" }
                    })
            }
            if rival.including == "all" {
                // The rival's own gesture off, its subviews' kept.
                list.append(
                    Candidate(change: "\(other)\(on): .\(rival.modifier.rawValue)(…, including: .subviews) (its own gesture off)") { scene in
                        scene.editSwiftUIAttachment(other) { $0.including = "subviews" }
                    })
            }
            list += swiftUIThresholdCandidates(label: other, gesture: rival.gesture.kind, loosen: false)
        }
        return list
    }

    /// A gesture's thresholds, loosened (the gesture should recognize) or tightened (a rival
    /// should recognize later, or not at all, on the same touch).
    static func swiftUIThresholdCandidates(label: String, gesture: SwiftUIGestureDescription.Kind, loosen: Bool) -> [Candidate] {
        func edit(_ kind: SwiftUIGestureDescription.Kind) -> (inout SceneDescription) -> Bool {
            { scene in scene.editSwiftUIAttachment(label) { $0.gesture.kind = kind } }
        }
        switch gesture {
        case .drag(let distance, let global):
            let value = loosen ? 0 : max(30, distance * 3)
            guard value != distance else { return [] }
            return [
                Candidate(
                    change: "\(label): DragGesture(minimumDistance: \(JSONWriter.number(value)))",
                    apply: edit(.drag(minimumDistance: value, global: global)))
            ]
        case .longPress(let duration, let distance) where loosen:
            var list: [Candidate] = []
            if duration > 0.1 {
                let shorter = (duration / 2 * 100).rounded() / 100
                list.append(
                    Candidate(
                        change: "\(label): LongPressGesture(minimumDuration: \(JSONWriter.number(shorter)))",
                        apply: edit(.longPress(minimumDuration: shorter, maximumDistance: distance))))
            }
            list.append(
                Candidate(
                    change: "\(label): LongPressGesture(maximumDistance: \(JSONWriter.number(distance * 3)))",
                    apply: edit(.longPress(minimumDuration: duration, maximumDistance: distance * 3))))
            return list
        case .tap(let count) where loosen && count > 1:
            return [Candidate(change: "\(label): TapGesture(count: \(count - 1))", apply: edit(.tap(count: count - 1)))]
        default:
            return []
        }
    }

    /// The view's own switches: `disabled` on it or around it, its hit area (`contentShape`,
    /// `allowsHitTesting`), and the view that took the touch instead.
    static func swiftUIViewCandidates(viewID: String, label: String, scene: SceneDescription, window: [TraceEntry]) -> [Candidate] {
        var list: [Candidate] = []
        let ancestry = scene.swiftUIAncestry(of: viewID)
        for node in ancestry {
            guard let id = node.id else { continue }
            if node.modifiers.contains(.disabled(true)) {
                list.append(
                    Candidate(change: "\(id): .disabled(false)") { scene in
                        scene.editSwiftUIView(id) { $0.modifiers.removeAll { $0 == .disabled(true) } }
                    })
            }
            if node.modifiers.contains(.allowsHitTesting(false)) {
                list.append(
                    Candidate(change: "\(id): remove .allowsHitTesting(false)") { scene in
                        scene.editSwiftUIView(id) { $0.modifiers.removeAll { $0 == .allowsHitTesting(false) } }
                    })
            }
        }
        if !(ancestry.first?.modifiers.contains(.contentShape(.rectangle)) ?? true) {
            list.append(
                Candidate(change: "\(viewID): .contentShape(Rectangle()) (hit in its whole frame)") { scene in
                    scene.editSwiftUIView(viewID) { $0.modifiers.insert(.contentShape(.rectangle), at: 0) }
                })
        }
        // The SwiftUI view whose gestures took the touch, when it is not this one or around it.
        let around = Set(ancestry.compactMap(\.id))
        // The SwiftUI view in front that SwiftUI's hit testing lands on (a color drawn over a
        // Button takes its taps, clear or not), when it is not this one or around it.
        if let front = frontSwiftUIView(in: scene, window: window), !around.contains(front) {
            list.append(
                Candidate(change: "\(front): .allowsHitTesting(false) (drawn in front, it takes the touch meant for \(viewID))") { scene in
                    scene.editSwiftUIView(front) { $0.modifiers.append(.allowsHitTesting(false)) }
                })
        }
        for entry in window {
            guard case .hitResult(_, let view?) = entry.event, view.hasPrefix("_UIGestureRecognizerContainer#") else { continue }
            let id = String(view.dropFirst("_UIGestureRecognizerContainer#".count))
            guard !around.contains(id), scene.swiftUIView(id) != nil else { continue }
            list.append(
                Candidate(change: "\(id): .allowsHitTesting(false) (it takes the touch meant for \(viewID))") { scene in
                    scene.editSwiftUIView(id) { $0.modifiers.append(.allowsHitTesting(false)) }
                })
        }
        return list
    }

    /// For a SwiftUI ScrollView that should scroll: each SwiftUI gesture that kept the touch made
    /// simultaneous or a plain `.gesture`, its thresholds tightened, and a drag replaced by
    /// Apple's own answer for gestures in scroll views, a `UIGestureRecognizerRepresentable`
    /// wrapping a `UIPanGestureRecognizer` whose delegate recognizes with the scroll view's pan
    /// (the iOS 18 SDK; before it there is none, and the ScrollView scrolls anyway).
    static func swiftUIScrollCandidates(scrollID: String, scene: SceneDescription, winners: [String]) -> [Candidate] {
        var list: [Candidate] = []
        for label in winners {
            guard let (rival, viewID) = scene.swiftUIAttachment(labelled: label), rival.modifier != .button else { continue }
            let on = viewID.map { " on \($0)" } ?? ""
            if case .drag = rival.gesture.kind, let viewID {
                let pan = BuiltInRecognizerRole.pan.id(of: scrollID)
                list.append(
                    Candidate(
                        change:
                            "\(label)\(on): a UIGestureRecognizerRepresentable wrapping a UIPanGestureRecognizer whose delegate recognizes simultaneously with \(scrollID)'s pan, in place of .\(rival.modifier.rawValue)(DragGesture()) (iOS 18 SDK; scene: representable)"
                    ) { scene in
                        scene.editSwiftUIView(viewID) { node in
                            node.removeGesture(labelled: label)
                            var recognizer = RecognizerDescription(kind: .pan, id: label)
                            var delegate = DelegateDescription()
                            delegate.recognizeSimultaneouslyWith = .otherID([pan])
                            recognizer.delegate = delegate
                            recognizer.onStates = [.ended]
                            recognizer.effects = rival.gesture.onEnded
                            node.modifiers.append(.representable(recognizer))
                        }
                    })
            }
            for modifier: GestureAttachment.Modifier in [.simultaneousGesture, .gesture] where rival.modifier != modifier {
                list.append(
                    Candidate(change: "\(label)\(on): .\(modifier.rawValue)(…) instead of .\(rival.modifier.rawValue)(…)") { scene in
                        scene.editSwiftUIAttachment(label) { $0.modifier = modifier }
                    })
            }
            list += swiftUIThresholdCandidates(label: label, gesture: rival.gesture.kind, loosen: false)
        }
        return list
    }

    /// Changes that keep the SwiftUI gesture `label` from firing where it should not: moved onto
    /// a `.background` of its view (a dismiss tap then fires only where nothing in front of it is
    /// hit, not on its content), its `including:` mask turned to `.subviews` (its own gesture off,
    /// its subviews' kept), and `isEnabled: false`.
    static func swiftUIRefusalCandidates(label: String, scene: SceneDescription) -> [Candidate] {
        guard let (attachment, viewID) = scene.swiftUIAttachment(labelled: label), attachment.modifier != .button else { return [] }
        var list: [Candidate] = []
        let written = ".\(attachment.modifier.rawValue)"
        if let viewID, let move = layerMove(label: label, attachment: attachment, viewID: viewID, scene: scene, overlay: false) {
            list.append(move)
        }
        if attachment.including != "subviews" {
            list.append(
                Candidate(change: "\(label)\(viewID.map { " on \($0)" } ?? ""): \(written)(…, including: .subviews) (its own gesture off)") { scene in
                    scene.editSwiftUIAttachment(label) { $0.including = "subviews" }
                })
        }
        return list
    }

    /// The gesture `label` moved off its view onto a clear layer of the view's size, `.overlay`
    /// (in front of the content) or `.background` (behind it); nil when the view is not found.
    static func layerMove(
        label: String, attachment: GestureAttachmentDescription, viewID: String, scene: SceneDescription, overlay: Bool
    ) -> Candidate? {
        guard let view = scene.swiftUIView(viewID) else { return nil }
        let written = ".\(attachment.modifier.rawValue)"
        let layer = overlay ? "overlay" : "background"
        let why = overlay ? "in front of its content" : "so that it fires only where nothing in front of it is hit"
        return Candidate(
            change: "\(label) on \(viewID): move \(written)(…) onto .\(layer)(Color.clear.contentShape(Rectangle())\(written)(…)), \(why)"
        ) { scene in
            scene.editSwiftUIView(viewID) { node in
                node.removeGesture(labelled: label)
                var clear = SwiftUIViewDescription(kind: .color, id: nil)
                clear.frame = view.frame.map { CGRect(origin: .zero, size: $0.size) }
                clear.modifiers = [.contentShape(.rectangle), .gesture(attachment)]
                node.modifiers.append(overlay ? .overlay(clear) : .background(clear))
            }
        }
    }

    /// The gesture moved where it fires: onto an `.overlay` of its view (in front of its content,
    /// so that the content's own gestures and controls do not take the touch first), or onto the
    /// nearest view around it with an id (a larger target).
    static func swiftUIMoveCandidates(
        label: String, attachment: GestureAttachmentDescription, viewID: String, scene: SceneDescription
    ) -> [Candidate] {
        let written = ".\(attachment.modifier.rawValue)"
        var list: [Candidate] = []
        if let move = layerMove(label: label, attachment: attachment, viewID: viewID, scene: scene, overlay: true) { list.append(move) }
        if let parentID = scene.swiftUIAncestry(of: viewID).dropFirst().compactMap(\.id).first {
            list.append(
                Candidate(change: "\(label): move \(written)(…) from \(viewID) to \(parentID), the view around it") { scene in
                    var moved = false
                    scene.editSwiftUIView(viewID) { node in node.removeGesture(labelled: label) }
                    scene.editSwiftUIView(parentID) { node in
                        node.modifiers.append(.gesture(attachment))
                        moved = true
                    }
                    return moved
                })
        }
        return list
    }
}

extension ProvenFixes {
    /// The id of the SwiftUI view SwiftUI's hit testing lands on where the first finger went
    /// down (the deepest view hit, on the scene as built), or nil (none there, or no id).
    static func frontSwiftUIView(in scene: SceneDescription, window entries: [TraceEntry]) -> String? {
        guard let point = firstTouchDown(in: entries) else { return nil }
        let loaded = SceneBuilder.build(scene, source: .embedded(contentHash: "front-view"))
        for hosting in loaded.window.subtree.reversed() {
            guard let hosting = hosting as? SwiftUIHostingView else { continue }
            let local = hosting.convert(point, from: nil)
            guard hosting.bounds.contains(local), let front = hosting.path(at: local)?.first else { continue }
            return front.id
        }
        return nil
    }
}
