import Foundation
import TouchKit
import TouchReplay

/// libFuzzer entry: any bytes as decisions for a generated scene (written as JSON and loaded as a
/// file would be) and a generated session (written as JSON Lines and loaded), replayed twice on
/// the engine. A crash, a generated file that does not load, or two replays that differ is a
/// finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func engineFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (first, second) = GeneratedScenario.run(Array(UnsafeBufferPointer(start: data, count: size)))
    precondition(first == second, "the same session on the same scene replayed two different ways")
    return 0
}
