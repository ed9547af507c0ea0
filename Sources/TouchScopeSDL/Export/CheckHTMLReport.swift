import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The HTML report of a check (`check --html DIR`): one self-contained `index.html` (pictures as
/// PNG data inside it, a content security policy that forbids every request) with a summary
/// table of every session, and for each session that differs its divergences, input by input,
/// each with two frames of the moment it differs, drawn by the render path (`SessionFrames`):
/// on the left the view the golden names, outlined and inspected, on the right the view the
/// replay names now.
package enum CheckHTMLReport {
    /// Failing sessions drawn with frames; the rest are listed with their text only.
    package static let maximumSessionsWithFrames = 50
    /// Inputs drawn per failing session.
    package static let maximumInputsWithFrames = 5
    /// Width of a frame, in pixels.
    package static let frameWidth = 420

    /// Writes `folder/index.html` and returns its path.
    package static func write(_ run: CheckRun, to folder: String, catalog: SceneCatalog, inputs extra: [String] = []) throws -> String {
        let path = (folder as NSString).appendingPathComponent("index.html")
        let inputs = run.results.map(\.path) + extra
        try OutputGuard.check(path, inputs: inputs)
        var sections: [String] = []
        var drawn = 0
        for result in run.results where result.status == .failed {
            let withFrames = drawn < maximumSessionsWithFrames
            if withFrames { drawn += 1 }
            sections.append(section(result, frames: withFrames ? frames(for: result, catalog: catalog) : nil))
        }
        let html = document(run, sections: sections)
        try AtomicFile.write(html, to: path, inputs: inputs)
        return path
    }

    /// The frames of a failing session's first divergences: (expected, actual) PNG data URLs per
    /// input, or a note saying why there are none.
    static func frames(for result: SessionCheckResult, catalog: SceneCatalog) -> Result<[Int: (String, String)], Problem> {
        do {
            let session = try SessionLoader.load(contentsOf: URL(fileURLWithPath: result.path))
            let resolved = try SessionScene.resolve(for: session, sessionFile: result.path, catalog: catalog)
            let width = min(frameWidth, max(HeadlessRender.minimumWidthWithPanel, Int(saturating: resolved.scene.window.bounds.width)))
            let frames = try SessionFrames(session: session, scene: resolved.makeScene, overlays: .all, width: width)
            var pictures: [Int: (String, String)] = [:]
            for divergence in result.divergences.prefix(maximumInputsWithFrames) {
                let expected = try frames.frame(at: divergence.micros, inspecting: divergence.expectedViews.first)
                let actual = try frames.frame(at: divergence.micros, inspecting: divergence.actualViews.first)
                pictures[divergence.input] = (try dataURL(expected), try dataURL(actual))
            }
            return .success(pictures)
        } catch {
            return .failure(Problem(message: "no frames: \(error)"))
        }
    }

    struct Problem: Error {
        let message: String
    }

    static func dataURL(_ target: OffscreenTarget) throws -> String {
        "data:image/png;base64," + Data(try target.pngData()).base64EncodedString()
    }

    static func escape(_ text: String) -> String { MarkupText.html(text) }

    static func anchor(_ path: String) -> String {
        "s-" + String(fnv1a(path).prefix(12))
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    static func section(_ result: SessionCheckResult, frames: Result<[Int: (String, String)], Problem>?) -> String {
        var html = "<section class=\"session\" id=\"\(anchor(result.path))\"><h2>\(escape(result.path))</h2>"
        html += "<p class=\"message\">\(escape(result.message))</p>"
        if case .failure(let problem)? = frames { html += "<p class=\"note\">\(escape(problem.message))</p>" }
        for divergence in result.divergences {
            let led = divergence.sessionLine.map { " · session line \($0)" } ?? ""
            html += "<div class=\"input\"><h3>input \(divergence.input)\(led) · \(escape(TraceEntry.seconds(divergence.micros))) s</h3>"
            if let text = divergence.inputText { html += "<pre class=\"led\">\(escape(text))</pre>" }
            html += "<ul class=\"changes\">" + divergence.changes.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
            if case .success(let pictures)? = frames, let (expected, actual) = pictures[divergence.input] {
                html += "<div class=\"pair\">"
                html += figure(expected, caption: "expected (the golden): " + names(divergence.expectedViews), records: divergence.expected)
                html += figure(actual, caption: "actual (this replay): " + names(divergence.actualViews), records: divergence.actual)
                html += "</div>"
            }
            html += "</div>"
        }
        if !result.drifts.isEmpty {
            html += "<ul class=\"drifts\">" + result.drifts.map { "<li>drift: \(escape($0))</li>" }.joined() + "</ul>"
        }
        return html + "</section>"
    }

    static func names(_ views: [String]) -> String {
        views.isEmpty ? "no view named" : views.prefix(4).joined(separator: ", ") + (views.count > 4 ? " …" : "")
    }

    static func figure(_ image: String, caption: String, records: [String]) -> String {
        let list = records.prefix(8).map { "<li>\(escape($0))</li>" }.joined()
        return "<figure><img src=\"\(image)\" alt=\"\(escape(caption))\"><figcaption>\(escape(caption))<ul>\(list)</ul></figcaption></figure>"
    }

    static func document(_ run: CheckRun, sections: [String]) -> String {
        let rows = run.results.map { result -> String in
            let name = result.status == .failed ? "<a href=\"#\(anchor(result.path))\">\(escape(result.path))</a>" : escape(result.path)
            return
                "<tr class=\"\(result.status.rawValue)\"><td>\(result.status.rawValue)</td><td>\(name)</td><td>\(result.outcomes)</td><td>\(String(format: "%.3f", result.seconds))</td><td>\(escape(result.message))</td></tr>"
        }
        let problems = run.problems.map {
            "<tr class=\"error\"><td>error</td><td>\(escape($0.path))</td><td></td><td></td><td>\(escape($0.message))</td></tr>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
            <title>TouchScope check: \(escape(run.summary))</title>
            <style>\(css)</style>
            </head>
            <body>
            <header><h1>TouchScope check</h1><p id="summary">\(escape(run.summary))</p><p>\(escape(run.timestamp)) UTC on \(escape(run.hostname)) · record mode \(run.record)</p></header>
            <table id="sessions"><thead><tr><th>status</th><th>session</th><th>outcomes</th><th>seconds</th><th>result</th></tr></thead>
            <tbody>
            \((rows + problems).joined(separator: "\n"))
            </tbody></table>
            \(sections.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    static let css = """
        body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d1f23}
        header{background:#1d1f23;color:#fff;padding:12px 20px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0}
        table{border-collapse:collapse;margin:16px 20px;background:#fff}td,th{border:1px solid #d8dbe0;padding:4px 8px;text-align:left;vertical-align:top}
        tr.failed td:first-child{color:#b00020;font-weight:600}tr.error td:first-child{color:#8a4b00;font-weight:600}
        tr.passed td:first-child{color:#17753a}tr.skipped td:first-child{color:#666}
        section.session{background:#fff;margin:16px 20px;padding:8px 16px;border:1px solid #d8dbe0}
        section h2{font-size:16px;margin:8px 0}.message{color:#b00020}.note{color:#8a4b00}
        pre.led{background:#f0f1f4;padding:4px 8px;overflow:auto}ul.changes li{font-family:ui-monospace,monospace;font-size:12px}
        .pair{display:flex;gap:16px;flex-wrap:wrap}figure{margin:0}figure img{border:1px solid #d8dbe0;max-width:100%}
        figcaption{font-size:12px;max-width:460px}figcaption ul{padding-left:16px;font-family:ui-monospace,monospace}
        """
}
