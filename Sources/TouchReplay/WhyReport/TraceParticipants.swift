import Foundation
import TouchKit

/// Who took part in a trace, found by the names people give: the recognizers `--recognizer`
/// matches, and the fingers an error message lists.
enum TraceParticipants {
    /// Trace names of the recognizers that took part, matching `query`: the whole trace name,
    /// the recognizer's id (`#id`), a scroll view's built-in by its derived id (`carousel.pan`),
    /// or the id of the view it is attached to (`@...#id`). All when nil.
    static func recognizers(matching query: String?, in entries: TraceEntries) -> [String] {
        var names: [String] = []
        var known: Set<String> = []
        for entry in entries {
            let name: String
            switch entry.event {
            case .gestureBound(let r, _), .gestureState(let r, _, _, _): name = r
            default: continue
            }
            if known.insert(name).inserted { names.append(name) }
        }
        guard let query else { return names }
        if names.contains(query) { return [query] }
        let own = names.filter { $0.split(separator: "@").first.map { $0.hasSuffix("#" + query) } ?? false }
        if !own.isEmpty { return own }
        let builtIn = names.filter { BuiltInRecognizerIDs.id(traceName: $0) == query }
        if !builtIn.isEmpty { return builtIn }
        return names.filter { name in name.split(separator: "@").dropFirst().first.map { $0.hasSuffix("#" + query) } ?? false }
    }

    /// The fingers that touched down, in order, for an error message (the first 40).
    static func fingers(in entries: TraceEntries) -> String {
        var seen: [Int] = []
        var known: Set<Int> = []
        for entry in entries {
            if case .input(let finger, .began, _, _) = entry.event, known.insert(finger).inserted { seen.append(finger) }
        }
        return seen.prefix(40).map(String.init).joined(separator: ", ")
    }
}

extension TouchSequence {
    /// The `number`-th of a session's `touches` (1-based) and how many times its first finger had
    /// begun by then (a captured session numbers its fingers afresh each touch); a problem naming
    /// how many touches there are when there are fewer.
    static func nth(_ number: Int, of touches: [TouchSequence]) throws(WhyAnswer.Problem) -> (touch: TouchSequence, occurrence: Int) {
        guard touches.indices.contains(number - 1) else {
            throw WhyAnswer.Problem(
                message: "the session has \(touches.count) touch\(touches.count == 1 ? "" : "es"); there is no touch \(number)")
        }
        let chosen = touches[number - 1]
        return (chosen, touches[..<(number - 1)].filter { $0.fingers.contains(chosen.fingers[0]) }.count + 1)
    }

    /// The trace entries of each touch: from its first finger's touch-down to the next touch's
    /// (the last to the end). `touches` are the session's, in order, as the trace replays them.
    static func entryRanges(of touches: [TouchSequence], in entries: TraceEntries) -> [Range<Int>] {
        var starts: [Int] = []
        var cursor = entries.startIndex
        for touch in touches {
            while cursor < entries.endIndex {
                if entries[cursor].micros >= touch.micros, case .input(let finger, .began, _, _) = entries[cursor].event,
                    finger == touch.fingers[0]
                {
                    break
                }
                cursor += 1
            }
            starts.append(cursor)
        }
        return starts.indices.map { starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : entries.endIndex) }
    }
}
