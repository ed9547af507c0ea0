import Foundation
import TouchKit

/// Imports the text UIKit prints for `po [view recursiveDescription]` into a scene.
///
/// Real dumps vary with iOS versions and apps: module-qualified Swift classes (`MyApp.CardView`,
/// sometimes with `baseClass = UIView`), private classes (`_UIBarBackground`), `; layer = <...>`
/// tails, `autoresize = ...`, scroll views' `contentOffset: {0, -64}`, transforms, LLDB prompts,
/// truncated lines. The importer takes what it understands, maps known UIKit classes to scene
/// kinds, keeps unknown classes as plain views with their class name, and reports every line and
/// attribute it skipped.
public enum RecursiveDescriptionImporter {
    /// What an import produced and what it left out.
    public struct Report: Sendable {
        public var scene: SceneDescription
        /// Views imported.
        public var viewCount: Int
        /// Classes imported as plain views because TouchScope has no kind for them, with counts.
        public var keptAsPlainViews: [String: Int]
        /// Lines skipped: 1-based line number, the line, and why.
        public var skippedLines: [(line: Int, text: String, reason: String)]
        /// Other things worth knowing (gesture recognizers the dump only mentions, ...).
        public var notes: [String]
        /// Why the dump cannot become a scene (views nested deeper, or more of them, than a scene
        /// may hold), with the line where the import stopped; nil when it can.
        public var refusal: String?

        /// How many skipped lines the summary lists (the rest are counted).
        public static let skippedLinesShown = 20

        /// A human-readable summary.
        public var summary: String {
            var lines = [
                "imported \(viewCount) view\(viewCount == 1 ? "" : "s") into scene \"\(scene.name)\" (\(Int(saturating: scene.windowSize.width))x\(Int(saturating: scene.windowSize.height)))"
            ]
            if !keptAsPlainViews.isEmpty {
                let classes = keptAsPlainViews.keys.sorted().map { "\($0) (\(keptAsPlainViews[$0] ?? 0))" }
                lines.append("kept as plain views, class names preserved: " + classes.joined(separator: ", "))
            }
            for skipped in skippedLines.prefix(Self.skippedLinesShown) {
                let text = skipped.text.count > 60 ? String(skipped.text.prefix(57)) + "..." : skipped.text
                lines.append("skipped line \(skipped.line): \(skipped.reason): \(text)")
            }
            if skippedLines.count > Self.skippedLinesShown {
                lines.append("... and \(skippedLines.count - Self.skippedLinesShown) more skipped lines")
            }
            lines.append(contentsOf: notes)
            return lines.joined(separator: "\n")
        }
    }

    /// Classes with a scene kind of their own.
    static let kinds: [String: ViewKind] = [
        "UIView": .view, "UILabel": .label, "UIButtonLabel": .label, "UIImageView": .imageView,
        "UIButton": .button, "UIControl": .control, "UISegmentedControl": .control, "UIStepper": .control,
        "UIPageControl": .control, "UITextField": .textField, "UISwitch": .switch, "UISlider": .slider,
        "UIScrollView": .scrollView, "UITableView": .tableView, "UICollectionView": .collectionView,
        "UITextView": .scrollView, "_UIButtonBarButton": .control, "_UIModernBarButton": .control,
        "UITableViewCell": .tableViewCell, "UICollectionViewCell": .collectionViewCell,
    ]

    /// Cell classes: an app's cell subclass (its dump names the UIKit base class) becomes a cell
    /// kind, selected by its list.
    static let cellKinds: [String: ViewKind] = ["UITableViewCell": .tableViewCell, "UICollectionViewCell": .collectionViewCell]

    /// The id a dump line's view gets: the end of its address (`UIButton#7f8a1c40`), so that
    /// what a trace names can be found in the dump.
    /// A repeated address gets `-2`, `-3`, ...; `nextSuffix` remembers where each base is, so
    /// N lines sharing one address take linear time.
    static func id(for address: String?, taken: inout Set<String>, nextSuffix: inout [String: Int]) -> String? {
        guard let address else { return nil }
        let base = String(address.dropFirst(2).suffix(8))
        var id = base
        var counter = nextSuffix[base] ?? 2
        while taken.contains(id) {
            id = base + "-\(counter)"
            counter += 1
        }
        nextSuffix[base] = counter
        taken.insert(id)
        return id
    }

    /// Imports `text`; `name` becomes the scene's name.
    public static func importDump(_ text: String, name: String) -> Report {
        var report = Report(
            scene: SceneDescription(name: name, windowSize: CGSize(width: 390, height: 844)), viewCount: 0,
            keptAsPlainViews: [:], skippedLines: [], notes: [])
        var roots: [ViewDescription] = []
        var stack: [(depth: Int, view: ViewDescription)] = []
        var windowFrame: CGRect?
        var recognizerViews: [String] = []
        var takenIDs: Set<String> = []
        var nextSuffix: [String: Int] = [:]

        /// Closes every open view at `depth` or deeper (each joins its parent, or the roots), then
        /// opens `view`.
        func attach(_ view: ViewDescription, depth: Int) {
            while let last = stack.last, last.depth >= depth {
                stack.removeLast()
                if stack.isEmpty {
                    roots.append(last.view)
                } else {
                    stack[stack.count - 1].view.subviews.append(last.view)
                }
            }
            stack.append((depth, view))
        }

        // "\r\n" is one Character in Swift: a CRLF dump splits on it as on "\n".
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard let parsed = parseLine(String(rawLine)) else {
                let reason = line.hasPrefix("(lldb)") ? "debugger prompt" : "not a view line"
                report.skippedLines.append((lineNumber, line, reason))
                continue
            }
            if parsed.className.hasSuffix("Layer") && !parsed.className.hasSuffix("View") {
                report.skippedLines.append((lineNumber, line, "layer, not a view"))
                continue
            }
            for attribute in parsed.unknownAttributes {
                report.notes.append("line \(lineNumber): ignored attribute \"\(attribute)\"")
            }
            if parsed.truncated {
                report.notes.append("line \(lineNumber): the line is cut short; imported what it shows")
            }
            let className = parsed.baseClass.flatMap { kinds[$0] != nil ? $0 : nil } ?? parsed.className
            let plainName = parsed.className.split(separator: ".").last.map(String.init) ?? parsed.className
            if plainName == "UIWindow" || parsed.baseClass == "UIWindow" {
                if stack.isEmpty && roots.isEmpty && windowFrame == nil {
                    windowFrame = parsed.frame
                    continue
                }
            }
            // A button's title label is the button's title, not a view of its own.
            if plainName == "UIButtonLabel", let open = stack.last, open.view.kind == .button,
                open.depth < (windowFrame == nil ? parsed.depth + 1 : parsed.depth)
            {
                if let text = parsed.text, !text.isEmpty { stack[stack.count - 1].view.title = String(text.prefix(10_000)) }
                report.notes.append("line \(lineNumber): the button's UIButtonLabel became its title")
                continue
            }
            var view = ViewDescription(kind: kinds[className] ?? kinds[plainName] ?? parsed.baseClass.flatMap { cellKinds[$0] } ?? .view)
            view.id = id(for: parsed.address, taken: &takenIDs, nextSuffix: &nextSuffix)
            if parsed.mentionsRecognizers {
                recognizerViews.append("\((parsed.className.split(separator: ".").last).map(String.init) ?? parsed.className)#\(view.id ?? "?")")
            }
            if kinds[className] == nil && kinds[plainName] == nil && view.kind == .view {
                report.keptAsPlainViews[parsed.className, default: 0] += 1
            }
            // The scene format allows class names of up to 200 characters; a longer one is garbage.
            if parsed.className != view.kind.defaultClassName && parsed.className.count <= 200 { view.className = parsed.className }
            apply(parsed, to: &view)
            report.viewCount += 1
            attach(view, depth: windowFrame == nil ? parsed.depth + 1 : parsed.depth)
            // The scene's limits, checked as the tree grows: nothing deeper or larger is built
            // (the encoder and the loader walk what is built).
            if stack.count > SceneDecoder.maximumViewDepth {
                report.refusal =
                    "line \(lineNumber): views nest more than \(SceneDecoder.maximumViewDepth) deep here; a scene may nest at most \(SceneDecoder.maximumViewDepth)"
                break
            }
            if report.viewCount > SceneDecoder.maximumViewCount {
                report.refusal =
                    "line \(lineNumber): more than \(SceneDecoder.maximumViewCount) views; a scene may have at most \(SceneDecoder.maximumViewCount)"
                break
            }
        }
        attach(ViewDescription(kind: .view), depth: -1)
        stack.removeAll()

        if let windowFrame {
            report.scene.windowSize = CGSize(width: max(1, windowFrame.width), height: max(1, windowFrame.height))
        } else if let first = roots.first?.frame {
            report.scene.windowSize = CGSize(width: max(1, first.maxX), height: max(1, first.maxY))
        }
        // The scene format's window limit (1...10000 pt a side).
        let size = report.scene.windowSize
        let clamped = CGSize(width: min(max(size.width, 1), 10_000), height: min(max(size.height, 1), 10_000))
        if clamped != size {
            report.notes.append(
                "the window would be \(Int(saturating: size.width))x\(Int(saturating: size.height)) pt; clamped to \(Int(saturating: clamped.width))x\(Int(saturating: clamped.height)) (scenes allow 1 to 10000 pt a side)"
            )
            report.scene.windowSize = clamped
        }
        report.scene.views = roots
        if !recognizerViews.isEmpty {
            report.notes.append(
                "\(recognizerViews.count) view\(recognizerViews.count == 1 ? " has" : "s have") gesture recognizers the dump does not describe (add them to the scene by hand): "
                    + recognizerViews.joined(separator: ", "))
        }
        if report.viewCount == 0 { report.notes.append("no view lines found; is this the output of recursiveDescription?") }
        return report
    }

    static func apply(_ parsed: ParsedLine, to view: inout ViewDescription) {
        let centerFits = parsed.frame.map { isCoordinate(Double($0.midX)) && isCoordinate(Double($0.midY)) } ?? false
        if let transform = parsed.transform, !transform.isIdentity, let frame = parsed.frame, centerFits,
            case let size = untransformedSize(frame.size, transform),
            isSize(Double(size.width)), isSize(Double(size.height))
        {
            view.transform = transform
            view.center = CGPoint(x: frame.midX, y: frame.midY)
            view.bounds = CGRect(origin: parsed.bounds?.origin ?? .zero, size: size)
        } else if let bounds = parsed.bounds, let frame = parsed.frame, centerFits {
            view.bounds = bounds
            view.center = CGPoint(x: frame.midX, y: frame.midY)
        } else {
            view.frame = parsed.frame ?? .zero
        }
        view.isHidden = parsed.hidden
        view.alpha = parsed.alpha
        if let interaction = parsed.userInteractionEnabled, interaction != view.kind.defaultInteraction {
            view.isUserInteractionEnabled = interaction
        }
        view.clipsToBounds = parsed.clipsToBounds ? true : nil
        view.tag = parsed.tag
        // Titles are non-empty and at most 10,000 characters in the scene format.
        if let text = parsed.text, !text.isEmpty, view.kind == .label || view.kind == .button {
            view.title = String(text.prefix(10_000))
        }
        if view.kind == .slider, let value = parsed.value { view.value = value }
        if view.kind.isScrollView {
            view.contentSize = parsed.contentSize
            if let offset = parsed.contentOffset, offset != .zero { view.contentOffset = offset }
        }
    }

    /// The bounds size whose transformed bounding box is `box`: solves
    /// `box.width = |a|w + |c|h`, `box.height = |b|w + |d|h`. When that has no single answer
    /// (a 45° turn), the view is taken to be square.
    static func untransformedSize(_ box: CGSize, _ t: CGAffineTransform) -> CGSize {
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let determinant = a * d - c * b
        guard abs(determinant) > 1e-9 else {
            guard a + c > 1e-9 else { return box }
            let side = ((box.width / (a + c)) * 1000).rounded() / 1000
            return CGSize(width: side, height: side)
        }
        let w = (box.width * d - c * box.height) / determinant
        let h = (a * box.height - b * box.width) / determinant
        guard w >= 0, h >= 0, w.isFinite, h.isFinite else { return box }
        return CGSize(width: (w * 1000).rounded() / 1000, height: (h * 1000).rounded() / 1000)
    }
}

extension ViewKind {
    /// The UIKit class a kind stands for.
    var defaultClassName: String {
        switch self {
        case .view: "UIView"
        case .label: "UILabel"
        case .imageView: "UIImageView"
        case .control: "UIControl"
        case .button: "UIButton"
        case .scrollView: "UIScrollView"
        case .tableView: "UITableView"
        case .tableViewCell: "UITableViewCell"
        case .collectionView: "UICollectionView"
        case .collectionViewCell: "UICollectionViewCell"
        case .textField: "UITextField"
        case .hosting: "_UIHostingView"
        case .switch: "UISwitch"
        case .slider: "UISlider"
        }
    }

    /// UIKit's default for `isUserInteractionEnabled`.
    var defaultInteraction: Bool {
        self != .label && self != .imageView
    }
}
