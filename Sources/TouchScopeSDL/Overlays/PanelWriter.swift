import Foundation
import TouchKit
import TouchSwiftUI

/// Lays out the side panel's lines top to bottom inside its rect: long text wraps at spaces or
/// is cut at its end with "…" (never in the middle), and when the panel is full the rest is
/// left out behind one "…" line, so nothing is drawn over anything else.
struct PanelWriter {
    let canvas: Canvas
    let x: CGFloat
    let width: CGFloat
    let bottom: CGFloat
    private(set) var y: CGFloat
    /// Whether the panel ran out of room.
    private(set) var isFull = false
    /// SwiftUI's words for the internal names of the scene's SwiftUI views and recognizers
    /// (`SwiftUIWords`): every text written is said in them (empty: as it is).
    var words: [String: String] = [:]

    private func said(_ text: String) -> String { SwiftUIWords.apply(words, to: text) }

    /// A recognizer's label: its SwiftUI words (`TapGesture #like`) when it is one of SwiftUI's,
    /// else `RecognizerLabel`'s short form.
    func recognizerLabel(_ name: String) -> String { words[name] ?? RecognizerLabel.of(name) }

    init(canvas: Canvas, rect: CGRect) {
        self.canvas = canvas
        x = rect.minX + Theme.panelPadding
        width = rect.width - 2 * Theme.panelPadding
        bottom = rect.maxY - Theme.panelPadding
        y = rect.minY + Theme.panelPadding
    }

    /// Room for `height` more pixels (keeping a line for the "…" that says text was left out).
    private mutating func claim(_ height: CGFloat) -> Bool {
        guard !isFull else { return false }
        if y + height + Theme.lineHeight > bottom {
            isFull = true
            canvas.textPixels("…", at: CGPoint(x: x, y: y), size: Theme.bodySize, Theme.panelDim)
            y += Theme.lineHeight
            return false
        }
        return true
    }

    /// Pixels left before the bottom.
    var remaining: CGFloat { isFull ? 0 : bottom - y }

    mutating func heading(_ text: String) {
        guard claim(Theme.headingHeight) else { return }
        canvas.textPixels(canvas.elided(text, width: width, size: Theme.headingSize), at: CGPoint(x: x, y: y), size: Theme.headingSize, .white)
        y += Theme.headingHeight
    }

    mutating func section(_ title: String) {
        guard claim(Theme.sectionGap + Theme.sectionHeight + Theme.lineHeight) else { return }
        y += Theme.sectionGap
        canvas.textPixels(
            canvas.elided(title, width: width, size: Theme.sectionSize), at: CGPoint(x: x, y: y), size: Theme.sectionSize, Theme.panelSection)
        y += Theme.sectionHeight
    }

    /// One line, cut at its end when too wide; `indent` in pixels.
    mutating func line(_ text: String, _ color: UIColor = Theme.panelText, indent: CGFloat = 0) {
        drawLine(said(text), color, indent: indent)
    }

    private mutating func drawLine(_ text: String, _ color: UIColor, indent: CGFloat) {
        guard claim(Theme.lineHeight) else { return }
        canvas.textPixels(canvas.elided(text, width: width - indent), at: CGPoint(x: x + indent, y: y), size: Theme.bodySize, color)
        y += Theme.lineHeight
    }

    /// A name on the left (cut at its end when needed) and a short value on the right.
    mutating func pair(_ left: String, _ right: String, _ leftColor: UIColor, _ rightColor: UIColor) {
        guard claim(Theme.lineHeight) else { return }
        let left = said(left)
        let rightWidth = canvas.measure(right, size: Theme.bodySize).width
        canvas.textPixels(canvas.elided(left, width: width - rightWidth - Theme.pairGap), at: CGPoint(x: x, y: y), size: Theme.bodySize, leftColor)
        canvas.textPixels(right, at: CGPoint(x: x + width - rightWidth, y: y), size: Theme.bodySize, rightColor)
        y += Theme.lineHeight
    }

    /// Like `pair`, but a left text too long to sit beside `right` wraps onto a second line
    /// instead of being cut (a recognizer's label must keep its id and its view).
    mutating func wrappingPair(_ left: String, _ right: String, _ leftColor: UIColor, _ rightColor: UIColor) {
        let left = said(left)
        let rightWidth = canvas.measure(right, size: Theme.bodySize).width
        let available = width - rightWidth - Theme.pairGap
        // Continuation lines have the whole width (the right text is on the first line only).
        let lines = Self.wrap(
            left, width: available, continuationIndent: Theme.continuationIndent, maximumLines: Theme.wrapShort,
            continuationWidth: width - Theme.continuationIndent
        ) {
            canvas.measure($0, size: Theme.bodySize).width
        }
        guard lines.count > 1 else { return pair(left, right, leftColor, rightColor) }
        pair(lines[0], right, leftColor, rightColor)
        for line in lines.dropFirst() { drawLine(line, leftColor, indent: Theme.continuationIndent) }
    }

    /// A line with a colour swatch before it (the legend).
    mutating func swatch(_ color: UIColor, _ text: String) {
        guard claim(Theme.lineHeight) else { return }
        canvas.fillPixels(CGRect(origin: CGPoint(x: x, y: y + Theme.swatchTop), size: Theme.swatchSize), color)
        let offset = Theme.swatchTextOffset
        canvas.textPixels(canvas.elided(said(text), width: width - offset), at: CGPoint(x: x + offset, y: y), size: Theme.bodySize, Theme.panelText)
        y += Theme.lineHeight
    }

    /// `text` broken at spaces to fit, continuation lines indented, at most `maximumLines`
    /// lines (the last cut with "…" when text is left over). A word wider than a line is broken
    /// inside it (`wrap`).
    mutating func wrapped(_ text: String, _ color: UIColor, indent: CGFloat = 0, maximumLines: Int = Theme.wrapMedium) {
        let continuation = Theme.continuationIndent
        let lines = Self.wrap(said(text), width: width - indent, continuationIndent: continuation, maximumLines: maximumLines) {
            canvas.measure($0, size: Theme.bodySize).width
        }
        for (index, line) in lines.enumerated() {
            drawLine(line, color, indent: indent + (index == 0 ? 0 : continuation))
        }
    }

    /// A strip (the recognizer state bars) `height` pixels high, drawn by `draw` in its rect.
    mutating func strip(height: CGFloat = Theme.stateBarHeight, indent: CGFloat = Theme.detailIndent, _ draw: (CGRect, Canvas) -> Void) {
        guard claim(height + Theme.stripGap) else { return }
        draw(CGRect(x: x + indent, y: y + Theme.stripTop, width: width - indent - Theme.stripRightInset, height: height), canvas)
        y += height + Theme.stripGap
    }

    /// The lines `text` wraps to; `measure` gives a string's width. Pure, for tests. A word
    /// wider than a line (a long trace name) is broken inside, after a `#`, `@`, `.` or `_` when
    /// one falls in the line's second half, so that no name is cut short.
    /// `continuationWidth` is the room of the lines after the first (default: `width` less the
    /// indent).
    static func wrap(
        _ text: String, width: CGFloat, continuationIndent: CGFloat, maximumLines: Int, continuationWidth: CGFloat? = nil,
        measure: (String) -> CGFloat
    ) -> [String] {
        var lines: [String] = []
        var current = ""
        var leftOver = false
        let later = continuationWidth ?? width - continuationIndent
        let narrowest = max(1, later)
        var tokens: [(text: String, glued: Bool)] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let pieces = measure(word) <= narrowest ? [word] : Self.breakWord(word, width: narrowest, measure: measure)
            for (index, piece) in pieces.enumerated() { tokens.append((piece, index > 0)) }
        }
        for token in tokens {
            let available = lines.isEmpty ? width : later
            let candidate = current.isEmpty ? token.text : current + (token.glued ? "" : " ") + token.text
            if current.isEmpty || measure(candidate) <= available {
                current = candidate
            } else {
                lines.append(current)
                current = token.text
                if lines.count == maximumLines {
                    leftOver = true
                    break
                }
            }
        }
        if !leftOver, !current.isEmpty { lines.append(current) }
        if leftOver, let last = lines.popLast() { lines.append(last + " …") }
        return lines
    }

    /// `word` in pieces no wider than `width` (at least one character each).
    static func breakWord(_ word: String, width: CGFloat, measure: (String) -> CGFloat) -> [String] {
        let characters = Array(word)
        var pieces: [String] = []
        var start = 0
        while start < characters.count {
            // The longest prefix of the rest that fits, by bisection (a prefix is never narrower
            // than a shorter one): a few measures per piece, however long the name.
            var fits = 1
            var tooLong = characters.count - start + 1
            while tooLong - fits > 1 {
                let middle = (fits + tooLong) / 2
                if measure(String(characters[start..<start + middle])) <= width { fits = middle } else { tooLong = middle }
            }
            var end = start + fits
            // Prefer to break after a separator in the second half of the piece.
            if end < characters.count,
                let separator = characters[start..<end].lastIndex(where: { "#@._".contains($0) }),
                separator - start >= fits / 2
            {
                end = separator + 1
            }
            pieces.append(String(characters[start..<end]))
            start = end
        }
        return pieces
    }
}
