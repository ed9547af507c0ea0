import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// What each writer writes, its reader reads back as the same value: generated scenes through the
/// scene encoder, scenes with hostile text embedded in sessions (one layer of escapes, not two),
/// and the size limit said before writing.
@Suite("Every writer's format reads back whole")
struct WriterRoundTripTests {
    /// Numbers are written with the scene format's precision (a rotation's sine to six decimals),
    /// so the value read back is the scene as its file says it; from there it is a fixed point.
    @Test("a generated scene encodes to a file the decoder reads as the same scene", arguments: 1...60)
    func generatedScenes(seed: UInt64) throws {
        var generator = GeneratedScenario(seed: seed)
        let text = SceneEncoder.json(generator.scene())
        let read = try SceneDecoder.decode(data: Data(text.utf8), file: "generated.json", defaultName: "generated")
        let written = SceneEncoder.json(read)
        #expect(written == text, "seed \(seed): the file read back is written differently")
        let again = try SceneDecoder.decode(data: Data(written.utf8), file: "again.json", defaultName: "generated")
        #expect(again == read, "seed \(seed): the scene read back differs")
    }

    /// Text with every class of character a name or a title may hold.
    static let hostile = "q\"uote \\back\\slash\n\r\t\u{1}\u{7F}\u{85}\u{9F}\u{202E}rtl\u{2028}\u{FEFF}é漢字😀"

    @Test("a scene with hostile text, embedded in a session, reads back as the same scene, escaped once")
    func embeddedSceneEscapedOnce() throws {
        var scene = SceneDescription(name: "hostile", windowSize: CGSize(width: 390, height: 844), state: [:])
        var label = ViewDescription(kind: .label, id: "l", frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        label.title = String(repeating: Self.hostile, count: 200)
        scene.views = [label]
        let text = SceneEncoder.json(scene)
        let embedded = EmbeddedScene(micros: 0, recordIndex: 0, hash: "h", text: text)
        let line = try SessionFormat.line(for: embedded)
        // The scene is an object in the record: the record is the scene's text and a few fields,
        // not the scene escaped a second time.
        #expect(line.utf8.count < text.utf8.count + 100)
        let header = SessionHeader(sceneName: "hostile", sceneHash: "h", windowSize: CGSize(width: 390, height: 844), started: "")
        let session = Session(header: header, records: [.end(micros: 0)], scenes: [embedded])
        let loaded = try SessionLoader.load(text: try SessionFormat.checkedText(of: session))
        let reread = try #require(loaded.scenes.first)
        let decoded = try SceneDecoder.decode(data: Data(reread.text.utf8), file: "again.json", defaultName: "hostile")
        #expect(decoded == scene)
        #expect(decoded.views.first?.title == label.title)
    }

    @Test("a version 3 session, whose scene record holds the scene as a string, still reads")
    func version3SceneString() throws {
        let text = SceneEncoder.json(SceneDescription(name: "old", windowSize: CGSize(width: 390, height: 844), state: [:]))
        var line =
            #"{"format":"touchscope.session","version":3,"tool":"t","scene":{"name":"old","hash":"h"},"window":{"width":390,"height":844,"scale":1},"started":""}"#
        line += "\n" + #"{"t":0,"type":"scene","hash":"h","scene":"# + JSONWriter.string(text) + "}\n" + #"{"t":0,"type":"end"}"# + "\n"
        let session = try SessionLoader.load(text: line)
        #expect(session.scenes.first?.text == text)
    }

    @Test("a scene record longer than the reader takes is refused before anything is written, with the sizes")
    func tooLongRefusedBeforeWriting() throws {
        // The reader's limit scaled down: 200 C1 controls, 2 bytes each as text, 6 once escaped.
        let big = String(repeating: "\u{85}", count: 200)
        let embedded = EmbeddedScene(micros: 0, recordIndex: 0, hash: "h", text: "{\"name\":\"x\",\"title\":" + JSONWriter.string(big) + "}")
        #expect(try SessionFormat.line(for: embedded, limit: 1_300).utf8.count <= 1_300)
        do {
            _ = try SessionFormat.line(for: embedded, limit: 1_000)
            Issue.record("a record the reader refuses was written")
        } catch {
            #expect(error.limit == 1_000)
            #expect(error.length > error.limit)
            #expect(error.description.contains("more than the 1000"))
        }
        #expect(SessionFormat.maximumSceneLineLength >= 3 * SceneDecoder.maximumFileSize)
    }
}
