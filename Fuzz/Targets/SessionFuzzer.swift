import Foundation
import TouchKit
import TouchReplay

/// libFuzzer entry: any bytes as a session file, read through the streaming file reader (the
/// path `touchscope replay` takes). The answer is a session (with warnings) or a located error.
@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-fuzz-\(getpid()).session")
    guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes: data, count: size)) else { return 0 }
    if let session = try? SessionLoader.load(contentsOf: url) {
        // Every touch in a loaded session begins before it moves or ends.
        var down: Set<Int> = []
        for case .input(_, let samples) in session.records {
            for sample in samples {
                switch sample.phase {
                case .began: precondition(down.insert(sample.finger).inserted, "finger \(sample.finger) began twice")
                case .ended, .cancelled: precondition(down.remove(sample.finger) != nil, "finger \(sample.finger) ended without beginning")
                default: break
                }
            }
        }
        precondition(down.isEmpty, "fingers \(down) never end in a loaded session")
    }
    return 0
}
