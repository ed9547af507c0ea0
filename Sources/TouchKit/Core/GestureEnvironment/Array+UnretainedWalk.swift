import Foundation

/// Walks over lists of recognizers, touches and views without retaining each element: an
/// event walks several such lists, and a retain and release per element were most of what those
/// walks cost. The array holds every element while the walk runs; walk a copy (a `let`) when
/// `body` runs code that may change the list the array came from.
extension Array where Element: AnyObject {
    /// Calls `body` with each element, in order.
    @inline(__always)
    func _forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            for index in buffer.indices { Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) }
        }
    }

    /// Whether `predicate` holds for an element, asked in order until it does.
    @inline(__always)
    func _containsUnretained(where predicate: (Element) -> Bool) -> Bool {
        withUnsafeBufferPointer { buffer in
            for index in buffer.indices where Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(predicate) {
                return true
            }
            return false
        }
    }

    /// Calls `body` with the element at `index`, without retaining it.
    @inline(__always)
    func _withUnretained<Result>(at index: Int, _ body: (Element) -> Result) -> Result {
        withUnsafeBufferPointer { buffer in Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) }
    }

    /// `_forEachUnretained` on a stored list, in place, through a mutable access (a read of the
    /// property would retain a copy of it): `body` must neither change the list nor call out.
    @inline(__always)
    mutating func _forEachUnretainedInPlace(_ body: (Element) -> Void) {
        withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) }
        }
    }
}
