/// Emptying a list that is filled again soon (a recognizer's touches, a gesture's queued
/// callbacks), keeping its room.
extension Array {
    /// Removes every element and keeps the storage, like `removeAll(keepingCapacity: true)`,
    /// without its generic `replaceSubrange` (a few hundred instructions even for an empty list):
    /// an empty list costs a comparison, and each element one removal from the end.
    @inlinable @inline(__always)
    public mutating func removeAllKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
