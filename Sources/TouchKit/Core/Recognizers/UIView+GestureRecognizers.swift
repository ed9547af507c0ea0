extension UIView {
    func _addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        if let owner = recognizer._view {
            if owner === self { return }
            owner.removeGestureRecognizer(recognizer)
        }
        _gestureRecognizers.append(recognizer)
        recognizer._view = self
        for other in _gestureRecognizers { other._traceNameCache = nil }
    }

    func _removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard let index = _gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        recognizer._environment?.recognizerStopped(recognizer, cause: .removed, sendActions: false)
        _gestureRecognizers.remove(at: index)
        recognizer._view = nil
        // Its record, if parked between sequences (before, or just now: stopped outside an event,
        // it was reset at once while still on this view), goes: it has no next sequence here.
        recognizer._holder?.dropParked(recognizer)
        recognizer._traceNameCache = nil
        for other in _gestureRecognizers { other._traceNameCache = nil }
    }
}
