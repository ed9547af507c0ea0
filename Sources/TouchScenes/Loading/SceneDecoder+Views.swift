import Foundation
import TouchKit

extension DecodingContext {
    static let viewKeys = [
        "kind", "id", "class", "frame", "bounds", "center", "transform", "hidden", "alpha",
        "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch", "clipsToBounds", "tag",
        "backgroundColor", "title", "titleColor", "text", "image", "enabled", "selected", "trackingMargin", "on", "value",
        "contentSize", "contentOffset", "delaysContentTouches", "canCancelContentTouches", "scrollEnabled", "pagingEnabled",
        "allowsSelection", "allowsMultipleSelection", "didSelect", "didDeselect",
        "recognizers", "builtInRecognizers", "actions", "behaviours", "subviews", "content",
    ]

    /// Fields that only some kinds of view have.
    /// The kinds that are scroll views.
    static let scrollKinds = ViewKind.allCases.filter(\.isScrollView)

    static let kindSpecificKeys: [String: [ViewKind]] = [
        "title": [.button], "titleColor": [.button], "text": [.label, .textField], "image": [.imageView],
        "enabled": [.control, .button, .switch, .slider, .textField],
        "selected": [.control, .button, .switch, .slider, .tableViewCell, .collectionViewCell],
        "trackingMargin": [.control, .button, .switch, .slider],
        "on": [.switch], "value": [.slider], "actions": [.control, .button, .switch, .slider, .textField],
        "contentSize": scrollKinds, "contentOffset": scrollKinds, "delaysContentTouches": scrollKinds,
        "canCancelContentTouches": scrollKinds, "scrollEnabled": scrollKinds, "pagingEnabled": scrollKinds, "builtInRecognizers": scrollKinds,
        "allowsSelection": [.tableView, .collectionView], "allowsMultipleSelection": [.tableView, .collectionView],
        "didSelect": [.tableViewCell, .collectionViewCell], "didDeselect": [.tableViewCell, .collectionViewCell],
        "content": [.hosting],
    ]

    mutating func view(_ value: JSONValue, at path: JSONPath, depth: Int, parent: String) -> ViewDescription? {
        viewCount += 1
        if viewCount == SceneDecoder.maximumViewCount + 1 {
            reader.report("the scene has more than \(SceneDecoder.maximumViewCount) views", at: path, value)
        }
        guard viewCount <= SceneDecoder.maximumViewCount else { return nil }
        guard depth <= SceneDecoder.maximumViewDepth else {
            reader.report("views nest deeper than \(SceneDecoder.maximumViewDepth) levels", at: path, value)
            return nil
        }
        guard let fields = reader.object(value, at: path, allowed: Self.viewKeys, required: ["kind"]) else { return nil }
        responderParents[path.description] = parent
        // An unknown (or missing) kind is reported, and the rest of the view is still read, as if
        // it were a plain view that may have any kind's fields, so that every problem inside it
        // is reported at once; the view itself is then left out.
        let knownKind: ViewKind? = reader.kind(fields, unknownAs: "kind")
        let kind = knownKind ?? .view
        if let knownKind { reader.reportFieldsOfOtherKinds(fields, kind: knownKind, table: Self.kindSpecificKeys) }
        var view = ViewDescription(kind: kind, id: declareViewID(fields))
        view.className = reader.string(fields, "class", maximumLength: 200)
        geometry(fields, into: &view)
        view.transform = reader.transform(fields, "transform")
        view.isHidden = reader.bool(fields, "hidden") ?? false
        view.alpha = reader.number(fields, "alpha", in: 0...1).map { CGFloat($0) } ?? 1
        view.isUserInteractionEnabled = reader.bool(fields, "userInteractionEnabled")
        view.isMultipleTouchEnabled = reader.bool(fields, "multipleTouchEnabled") ?? false
        view.isExclusiveTouch = reader.bool(fields, "exclusiveTouch") ?? false
        view.clipsToBounds = reader.bool(fields, "clipsToBounds")
        view.tag = reader.integer(fields, "tag", in: -1_000_000_000...1_000_000_000) ?? 0
        view.backgroundColor = reader.color(fields, "backgroundColor")
        view.title = reader.string(fields, "title", nonEmpty: false) ?? reader.string(fields, "text", nonEmpty: false)
        view.titleColor = reader.color(fields, "titleColor")
        view.image = reader.string(fields, "image")
        view.isEnabled = reader.bool(fields, "enabled") ?? true
        view.isSelected = reader.bool(fields, "selected") ?? false
        view.trackingMargin = reader.number(fields, "trackingMargin", in: 0...10_000)
        view.isOn = reader.bool(fields, "on") ?? false
        view.value = reader.number(fields, "value", in: -1_000_000...1_000_000)
        view.contentSize = reader.size(fields, "contentSize")
        view.contentOffset = reader.point(fields, "contentOffset")
        view.delaysContentTouches = reader.bool(fields, "delaysContentTouches") ?? true
        view.canCancelContentTouches = reader.bool(fields, "canCancelContentTouches") ?? true
        view.isScrollEnabled = reader.bool(fields, "scrollEnabled") ?? true
        view.isPagingEnabled = reader.bool(fields, "pagingEnabled") ?? false
        view.allowsSelection = reader.bool(fields, "allowsSelection") ?? true
        view.allowsMultipleSelection = reader.bool(fields, "allowsMultipleSelection") ?? false
        view.didSelect = effects(fields, "didSelect")
        view.didDeselect = effects(fields, "didDeselect")
        if let knownKind, let id = view.id { declareBuiltInRecognizers(of: id, kind: knownKind, fields: fields, path: path, value: value) }
        if let recognizers = reader.array(fields, "recognizers", maximumCount: 64) {
            view.recognizers = recognizers.compactMap { recognizer($0.0, at: $0.1) }
        }
        if let (builtIns, builtInsPath) = fields["builtInRecognizers"] {
            view.builtInRecognizers = builtInRecognizers(builtIns, at: builtInsPath)
        }
        if let actions = reader.array(fields, "actions", maximumCount: 64) {
            view.actions = actions.compactMap { controlAction($0.0, at: $0.1) }
        }
        if kind == .hosting {
            if let (content, contentPath) = fields["content"] {
                view.content = swiftUINode(content, at: contentPath, depth: depth + 1)
            } else {
                reader.report("a hosting view needs \"content\": its SwiftUI view", at: path, value)
            }
            if let (extra, extraPath) = fields["subviews"] {
                reader.report("a hosting view's views are its SwiftUI \"content\", not subviews", at: extraPath, extra)
            }
        }
        if let subviews = reader.array(fields, "subviews") {
            view.subviews = expandingRepeats(subviews, key: "repeat").compactMap {
                self.view($0.0, at: $0.1, depth: depth + 1, parent: path.description)
            }
        }
        view.behaviours = behaviours(
            fields, owner: view.id, ownerPath: path, subviewIDs: Set(view.subviews.flatMap(\.allViews).compactMap(\.id)))
        return knownKind == nil ? nil : view
    }

    /// `frame`, or `bounds` and `center`; never both ways.
    private mutating func geometry(_ fields: Fields, into view: inout ViewDescription) {
        let hasFrame = fields.has("frame")
        let hasBoundsOrCenter = fields.has("bounds") || fields.has("center")
        if hasFrame && hasBoundsOrCenter {
            reader.report("give \"frame\", or \"bounds\" and \"center\", not both", at: fields.path, fields.value)
            return
        }
        if hasFrame {
            view.frame = reader.rect(fields, "frame")
        } else if hasBoundsOrCenter {
            view.bounds = reader.rect(fields, "bounds")
            view.center = reader.point(fields, "center")
            if !fields.has("bounds") || !fields.has("center") {
                reader.report("\"bounds\" and \"center\" go together; give both (or \"frame\")", at: fields.path, fields.value)
            }
        } else {
            reader.report("missing \"frame\" (or \"bounds\" and \"center\")", at: fields.path, fields.value)
        }
    }

    mutating func controlAction(_ value: JSONValue, at path: JSONPath) -> ControlActionDescription? {
        guard let fields = reader.object(value, at: path, allowed: ["on", "do"], required: ["on", "do"]) else { return nil }
        let names = UIControl.Event.named.map(\.1)
        let events = reader.strings(fields, "on", allowed: names) ?? []
        if events.isEmpty, let (value, path) = fields["on"] { reader.report("expected at least one control event", at: path, value) }
        return ControlActionDescription(events: events, effects: effects(fields, "do"))
    }
}
