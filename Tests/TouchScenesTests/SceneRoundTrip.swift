import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// A scene read from JSON text, checked to read back the same once written (`SceneEncoder`).
func decodedRoundTrip(_ json: String, file: String = "scene.json") throws -> SceneDescription {
    let description = try SceneDecoder.decode(data: Data(json.utf8), file: file, defaultName: "scene")
    let again = try SceneDecoder.decode(
        data: Data(JSONWriter.compact(SceneEncoder.document(description)).utf8), file: "again.json", defaultName: "scene")
    #expect(again == description, "\(file) reads back otherwise once written")
    return description
}
