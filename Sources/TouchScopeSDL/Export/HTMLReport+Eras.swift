import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchSwiftUI

extension HTMLReport {
    /// Writes the report of `session` in two eras side by side (`export --html --eras A,B`): the
    /// scene rebuilt in each, one replay an era; at every moment of either, both pictures; both
    /// traces; at the top, the outcomes that differ, the first touch that differs with the rules
    /// at the decision, and the fixes that hold in every era (`replay --eras` says the same).
    @discardableResult
    package static func writeEras(
        session: Session, sessionName: String, scene: LoadedScene, eras: (SwiftUIEra, SwiftUIEra), options: SessionExporter.Options,
        to path: String
    ) throws -> SessionExporter.Summary {
        try OutputGuard.check(path, inputs: options.inputs)
        guard let description = scene.sceneDescription else {
            throw ExportError("the scene \(scene.name) is a Swift scene: its era is written in its code, so it cannot be shown in two eras")
        }
        let makers: [() throws -> LoadedScene] = [eras.0, eras.1].map { era in
            let version = description.inEra(era)
            let source = scene.source
            return { SceneBuilder.build(version, source: source) }
        }
        var traces: [[TraceEntry]] = []
        var words: [[String: String]] = []
        for make in makers {
            let replayer = try SessionReplayer(session: session, scene: make)
            replayer.runToEnd()
            traces.append(Array(replayer.trace.entries))
            words.append(SwiftUIWords.dictionary(in: replayer.scene.window))
        }
        let (from, to) = SessionExporter.range(session, options)
        let moments = Set(traces.flatMap { ReportMoments.times(of: $0, duration: session.duration) }).filter { $0 >= from && $0 <= to }.sorted()
        let frames = try makers.map {
            try SessionFrames(session: session, scene: $0, overlays: options.overlays, showHiddenViews: options.showHiddenViews, width: options.width)
        }
        try SessionExporter.checkWork(frames: moments.count * 2, width: frames[0].width, height: frames[0].height)
        var images: [String] = []
        var imageIndex: [String: Int] = [:]
        func add(_ png: [UInt8]) -> Int {
            let data = "data:image/png;base64," + Data(png).base64EncodedString()
            if let existing = imageIndex[data] { return existing }
            images.append(data)
            imageIndex[data] = images.count - 1
            return images.count - 1
        }
        var shown: [(micros: Int64, image: Int)] = []
        var second: [Int] = []
        for (index, t) in moments.enumerated() {
            if let signal = SignalFlag.received { throw SessionExporter.Interrupted(signal: signal, framesDone: index) }
            shown.append((t, add(try frames[0].frame(at: t).pngData())))
            second.append(add(try frames[1].frame(at: t).pngData()))
        }
        let steps = try EraComparison.compare(session: session, scene: scene, eras: [eras.0, eras.1])
        var lines = EraComparison.lines(steps, sceneEra: description.swiftUIEra)
        if let fixes = try EraFixes.find(session: session, scene: description, steps: steps) {
            lines += EraComparison.fixLines(fixes, reference: description.swiftUIEra)
        }
        let summary =
            "<section class=\"summary\"><h2>\(escape(eras.0.rawValue)) and \(escape(eras.1.rawValue)) side by side</h2><pre>"
            + lines.map(escape).joined(separator: "\n") + "</pre></section>"
        let html = $words.withValue(words[0]) {
            document(
                title: "\(sessionName) on \(scene.name) in \(eras.0) and \(eras.1)", session: session, entries: traces[0], moments: shown,
                images: images, frameSize: (frames[0].width, frames[0].height), summaries: summary,
                second: SecondEra(firstName: eras.0.rawValue, name: eras.1.rawValue, entries: traces[1], images: second, words: words[1]))
        }
        let bytes = Array(html.utf8)
        try AtomicFile.write(bytes, to: path, inputs: options.inputs)
        return SessionExporter.Summary(frames: shown.count, width: frames[0].width, height: frames[0].height, bytes: bytes.count)
    }
}
