import Foundation
import TouchKit
import TouchScenes

/// libFuzzer entry: any bytes as a scene file. Decoding must answer with a scene or located
/// errors; a decoded scene must build and answer a hit test. Never a crash or a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let scene = try? SceneDecoder.decode(data: bytes, file: "fuzz.json", defaultName: "fuzz") else { return 0 }
    let loaded = SceneBuilder.build(scene, source: .file(path: "fuzz.json", contentHash: "0"))
    let sim = loaded.makeSimulator()
    let bounds = loaded.window.bounds
    sim.tap(at: CGPoint(x: bounds.midX, y: bounds.midY))
    sim.advance(by: 1)
    return 0
}
