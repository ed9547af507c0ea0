import Foundation

/// Encodes one trace event as bytes for `TraceStore`: a tag byte per case, then its fields.
/// Every field is bounded (at most 10 bytes a varint, 9 a coordinate, 5 an id), so an entry
/// never exceeds `TraceStore.maximumEntrySize`.
///
/// Field encodings: integers as zigzag LEB128 varints; names and texts as interned string ids;
/// optional names as id + 1 (0 for nil); coordinates as millipoints when exact (a marker byte
/// then a varint) or as the 8 bytes of the Double; small enums as their raw value; recognizer
/// causes and rules as interned ids; a responder chain as the id of its interned list of ids.
struct TraceEntryWriter {
    /// The store writing the entry, unretained: a writer lives for one `append` inside the store's
    /// own method, and a retain per entry was measurable with the trace on. One of the two
    /// exceptions `tools/check-unsafe.py` allows outside `Records/SlotTable.swift`, with `base`.
    unowned(unsafe) let store: TraceStore
    /// The chunk being written: the trace's bytes live in raw chunks the store allocates.
    let base: UnsafeMutablePointer<UInt8>
    var position: Int

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        base[position] = value
        position += 1
    }

    @inline(__always)
    mutating func unsigned(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            byte(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        byte(UInt8(v))
    }

    @inline(__always)
    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    @inline(__always)
    mutating func int(_ value: Int) { signed(Int64(value)) }
    @inline(__always)
    mutating func name(_ text: String) { unsigned(UInt64(store.strings.stringID(text))) }
    mutating func optionalName(_ text: String?) { unsigned(text.map { UInt64(store.strings.stringID($0)) + 1 } ?? 0) }
    mutating func bool(_ value: Bool) { byte(value ? 1 : 0) }

    @inline(__always)
    mutating func coordinate(_ value: Double) {
        let millis = value * 1000
        // Millipoints only when they give back this very Double (input is quantized to 1/1000 pt,
        // so it always does); anything else keeps its 8 bytes. The magnitude test is false for
        // NaN and bounds the varint; -0 keeps its 8 bytes (its sign).
        if millis.magnitude < 9e15, let whole = Int64(exactly: millis), Double(whole) / 1000 == value,
            whole != 0 || value.sign == .plus
        {
            byte(0)
            signed(whole)
            return
        }
        byte(1)
        var bits = value.bitPattern
        for _ in 0..<8 {
            byte(UInt8(bits & 0xFF))
            bits >>= 8
        }
    }

    /// One finger as 0 then its id; several as 1 then the id of the interned set, so that an
    /// entry's size stays bounded (`TraceStore.maximumEntrySize`) however many fingers move.
    mutating func fingers(_ ids: FingerIDs) {
        if let single = ids.single {
            byte(0)
            int(single)
        } else {
            byte(1)
            unsigned(UInt64(store.fingerSets.id(ids)))
        }
    }

    mutating func encode(_ event: consuming TraceEvent) {
        switch consume event {
        case .input(let finger, let phase, let x, let y):
            byte(0); int(finger); byte(UInt8(phase.rawValue)); coordinate(x); coordinate(y)
        case .sendEvent(let window, let touches):
            byte(1); name(window); int(touches)
        case .hitTestBegan(let finger, let window, let x, let y):
            byte(2); int(finger); name(window); coordinate(x); coordinate(y)
        case .hitVisit(let view, let x, let y):
            byte(3); name(view); coordinate(x); coordinate(y)
        case .hitPassed(let view, let reason):
            byte(4); name(view); byte(reason.code)
        case .hitSkippedSubviews(let view, let count, let names):
            byte(5); name(view); int(count); int(names.count)
            for skipped in names { name(skipped) }
        case .hitOverride(let view, let result):
            byte(6); name(view); optionalName(result)
        case .hitPointInsideOverride(let view):
            byte(7); name(view)
        case .hitResult(let finger, let view):
            byte(8); int(finger); optionalName(view)
        case .responderChain(let finger, let chain):
            byte(9); int(finger)
            unsigned(UInt64(store.chainID(chain)))
        case .touchBlocked(let finger, let reason):
            byte(10); int(finger)
            switch reason {
            case .exclusiveTouchDown(let view): byte(0); name(view)
            case .exclusiveView(let view): byte(1); name(view)
            case .multipleTouchDisabled(let view): byte(2); name(view)
            }
        case .inputDropped(let finger, let phase, let reason):
            byte(11); int(finger); byte(UInt8(phase.rawValue)); byte(reason.code)
        case .deliver(let method, let responder, let ids):
            byte(12); byte(method.code); name(responder); fingers(ids)
        case .forward(let method, let from, let to):
            byte(13); byte(method.code); name(from); name(to)
        case .touchDelayed(let finger, let method, let by):
            byte(14); int(finger); byte(method.code); name(by)
        case .touchReleased(let finger, let method):
            byte(15); int(finger); byte(method.code)
        case .touchCancelledInView(let finger, let view, let by):
            byte(16); int(finger); name(view)
            switch by {
            case .recognizer(let recognizer): byte(0); name(recognizer)
            case .removalFromWindow: byte(1)
            }
        case .gestureBound(let recognizer, let finger):
            byte(17); name(recognizer); int(finger)
        case .gestureIgnored(let recognizer, let finger, let reason):
            byte(18); name(recognizer); int(finger); bool(reason == .ignoreCalled)
        case .gestureState(let recognizer, let from, let to, let cause):
            byte(19); name(recognizer); byte(UInt8(from.rawValue)); byte(UInt8(to.rawValue))
            unsigned(UInt64(store.causes.id(cause)))
        case .gestureWaiting(let recognizer, let other):
            byte(20); name(recognizer); name(other)
        case .gestureIllegalTransition(let recognizer, let from, let to):
            byte(21); name(recognizer); byte(UInt8(from.rawValue)); byte(UInt8(to.rawValue))
        case .gestureAction(let recognizer, let state, let targets):
            byte(22); name(recognizer); byte(UInt8(state.rawValue)); int(targets)
        case .gestureReset(let recognizer):
            byte(23); name(recognizer)
        case .controlTracking(let control, let phase, let inside):
            byte(24); name(control); byte(phase.code); bool(inside)
        case .controlEvent(let control, let event):
            byte(25); name(control); unsigned(UInt64(event.rawValue))
        case .controlAction(let control, let event, let action):
            byte(26); name(control); unsigned(UInt64(event.rawValue)); name(action)
        case .scrollOffset(let view, let x, let y):
            byte(27); name(view); coordinate(x); coordinate(y)
        case .scrollDecision(let view, let content, let decision):
            byte(28); name(view); name(content); byte(decision.code)
        case .actionSent(let action, let target, let sender):
            byte(29); name(action); optionalName(target); optionalName(sender)
        case .eventRouted(let event, let from, let to):
            byte(30); name(event); name(from); name(to)
        case .firstResponder(let responder):
            byte(31); optionalName(responder)
        case .loopStopped(let responder, let what, let depth):
            byte(32); name(responder); name(what); int(depth)
        case .note(let text):
            byte(33); name(text)
        case .marker(let label):
            byte(34); name(label)
        case .layer(let event):
            byte(35); unsigned(UInt64(store.layers.id(event)))
        }
    }
}

/// Decodes what `TraceEntryWriter` wrote.
struct TraceEntryReader {
    /// The store the entry is read from, unretained for the same reason as the writer's: a
    /// reader lives for one read inside the store's own method.
    unowned(unsafe) let store: TraceStore
    let base: UnsafeMutablePointer<UInt8>
    var offset: Int

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return base[offset]
    }

    mutating func unsigned() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = byte()
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    mutating func signed() -> Int64 {
        let raw = unsigned()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    mutating func int() -> Int { Int(signed()) }
    mutating func name() -> String { store.strings[UInt32(unsigned())] }
    mutating func optionalName() -> String? {
        let raw = unsigned()
        return raw == 0 ? nil : store.strings[UInt32(raw - 1)]
    }
    mutating func bool() -> Bool { byte() != 0 }

    mutating func coordinate() -> Double {
        if byte() == 0 { return Double(signed()) / 1000 }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(byte()) << (8 * UInt64(index)) }
        return Double(bitPattern: bits)
    }

    mutating func fingers() -> FingerIDs {
        if byte() == 0 { return FingerIDs(int()) }
        return store.fingerSets[UInt32(unsigned())]
    }

    mutating func phase() -> TouchPhase { TouchPhase(rawValue: Int(byte()))! }
    mutating func state() -> GestureRecognizerState { GestureRecognizerState(rawValue: Int(byte()))! }
    mutating func method() -> TouchMethod { TouchMethod.allCases[Int(byte())] }

    mutating func decodeEvent() -> TraceEvent {
        switch byte() {
        case 0: return .input(finger: int(), phase: phase(), x: coordinate(), y: coordinate())
        case 1: return .sendEvent(window: name(), touches: int())
        case 2: return .hitTestBegan(finger: int(), window: name(), x: coordinate(), y: coordinate())
        case 3: return .hitVisit(view: name(), x: coordinate(), y: coordinate())
        case 4: return .hitPassed(view: name(), reason: HitTestSkipReason.allCases[Int(byte())])
        case 5:
            let view = name()
            let count = int()
            let shown = int()
            return .hitSkippedSubviews(view: view, count: count, names: (0..<max(0, shown)).map { _ in name() })
        case 6: return .hitOverride(view: name(), result: optionalName())
        case 7: return .hitPointInsideOverride(view: name())
        case 8: return .hitResult(finger: int(), view: optionalName())
        case 9:
            let finger = int()
            let chain = store.chains[UInt32(unsigned())].map { store.strings[$0] }
            return .responderChain(finger: finger, chain: chain)
        case 10:
            let finger = int()
            switch byte() {
            case 0: return .touchBlocked(finger: finger, reason: .exclusiveTouchDown(view: name()))
            case 1: return .touchBlocked(finger: finger, reason: .exclusiveView(view: name()))
            default: return .touchBlocked(finger: finger, reason: .multipleTouchDisabled(view: name()))
            }
        case 11: return .inputDropped(finger: int(), phase: phase(), reason: InputDropReason.allCases[Int(byte())])
        case 12: return .deliver(method: method(), responder: name(), fingers: fingers())
        case 13: return .forward(method: method(), from: name(), to: name())
        case 14: return .touchDelayed(finger: int(), method: method(), by: name())
        case 15: return .touchReleased(finger: int(), method: method())
        case 16:
            let finger = int()
            let view = name()
            return .touchCancelledInView(finger: finger, view: view, by: byte() == 0 ? .recognizer(name()) : .removalFromWindow)
        case 17: return .gestureBound(recognizer: name(), finger: int())
        case 18: return .gestureIgnored(recognizer: name(), finger: int(), reason: bool() ? .ignoreCalled : .delegateRefused)
        case 19: return .gestureState(recognizer: name(), from: state(), to: state(), cause: store.causes[UInt32(unsigned())])
        case 20: return .gestureWaiting(recognizer: name(), for: name())
        case 21: return .gestureIllegalTransition(recognizer: name(), from: state(), to: state())
        case 22: return .gestureAction(recognizer: name(), state: state(), targets: int())
        case 23: return .gestureReset(recognizer: name())
        case 24: return .controlTracking(control: name(), phase: TrackingPhase.allCases[Int(byte())], inside: bool())
        case 25: return .controlEvent(control: name(), event: ControlEvent(rawValue: UInt(truncatingIfNeeded: unsigned())))
        case 26: return .controlAction(control: name(), event: ControlEvent(rawValue: UInt(truncatingIfNeeded: unsigned())), action: name())
        case 27: return .scrollOffset(view: name(), x: coordinate(), y: coordinate())
        case 28: return .scrollDecision(view: name(), content: name(), decision: ScrollDecision.allCases[Int(byte())])
        case 29: return .actionSent(action: name(), target: optionalName(), sender: optionalName())
        case 30: return .eventRouted(event: name(), from: name(), to: name())
        case 31: return .firstResponder(optionalName())
        case 32: return .loopStopped(responder: name(), what: name(), depth: int())
        case 33: return .note(name())
        case 34: return .marker(name())
        default: return .layer(store.layers[UInt32(unsigned())])
        }
    }
}

// Byte codes of the small enums: their positions in `allCases`, found once per case.
extension HitTestSkipReason {
    var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self)!) }
}
extension TouchMethod {
    var code: UInt8 {
        switch self {
        case .touchesBegan: 0
        case .touchesMoved: 1
        case .touchesEnded: 2
        case .touchesCancelled: 3
        }
    }
}
extension TrackingPhase {
    var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self)!) }
}
extension InputDropReason: CaseIterable {
    public static let allCases: [InputDropReason] = [
        .locationNotFinite, .locationOutOfRange, .fingerOutOfRange, .alreadyDown, .notDownOrAlreadyChanged,
        .tooManyTouches,
    ]
    var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self)!) }
}
extension ScrollDecision: CaseIterable {
    public static let allCases: [ScrollDecision] = [
        .touchesShouldBeginRefused, .cannotCancelContentTouches, .touchesShouldCancelRefused, .scrollingCancelsContent,
    ]
    var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self)!) }
}
