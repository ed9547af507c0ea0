import Foundation
import TouchScenes

/// libFuzzer entry: any bytes as a `recursiveDescription` dump. The importer must report what it
/// mapped and skipped, and what it writes must load as a scene.
@_cdecl("LLVMFuzzerTestOneInput")
public func importerFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let report = RecursiveDescriptionImporter.importDump(text, name: "fuzz")
    _ = report.summary
    let json = SceneEncoder.json(report.scene)
    do {
        _ = try SceneDecoder.decode(data: Data(json.utf8), file: "imported.json", defaultName: "fuzz")
    } catch {
        preconditionFailure("the importer wrote a scene that does not load: \(error)\n\(json)")
    }
    return 0
}
