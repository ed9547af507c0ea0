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
        // Stopped outside an event, it was reset at once, still on this view: its record was
        // parked for a next sequence it will not have here.
        recognizer._holder?.dropParked(recognizer)
        recognizer._traceNameCache = nil
        for other in _gestureRecognizers { other._traceNameCache = nil }
    }
}
