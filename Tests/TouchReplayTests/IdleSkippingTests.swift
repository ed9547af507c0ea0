import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes

@Suite("Idle skipping in playback")
struct IdleSkippingTests {
    /// A tap at 0 s, a finger held from 1 s to 4 s, and a tap at 10 s.
    static let text =
        [
            headerLine,
            #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":100,"y":120}]}"#,
            #"{"t":50000,"type":"input","touches":[{"finger":1,"phase":"ended","x":100,"y":120}]}"#,
            #"{"t":1000000,"type":"input","touches":[{"finger":2,"phase":"began","x":300,"y":300}]}"#,
            #"{"t":4000000,"type":"input","touches":[{"finger":2,"phase":"ended","x":300,"y":300}]}"#,
            #"{"t":10000000,"type":"input","touches":[{"finger":3,"phase":"began","x":100,"y":120}]}"#,
            #"{"t":10050000,"type":"input","touches":[{"finger":3,"phase":"ended","x":100,"y":120}]}"#,
            #"{"t":10050000,"type":"end"}"#,
        ].joined(separator: "\n") + "\n"

    @Test("with no finger down, a pause longer than the threshold is jumped to just before the next input")
    func jumpsIdleStretch() throws {
        let session = try SessionLoader.load(text: Self.text)
        let replayer = try SessionReplayer(session: session, scene: { try catalog.load("kitchen-sink") })
        replayer.run(until: 100_000)
        #expect(IdleSkipping.jump(in: replayer, from: 100_000, longerThan: 0.5) == 750_000)
        #expect(IdleSkipping.jump(in: replayer, from: 100_000, longerThan: 2) == nil, "0.9 s to the next input is not idle enough")
        replayer.run(until: 4_100_000)
        #expect(IdleSkipping.jump(in: replayer, from: 4_100_000, longerThan: 2) == 9_750_000)
    }

    @Test("while a finger is down, nothing is skipped, however long the pause")
    func holdsWhileDown() throws {
        let session = try SessionLoader.load(text: Self.text)
        let replayer = try SessionReplayer(session: session, scene: { try catalog.load("kitchen-sink") })
        replayer.run(until: 1_500_000)
        #expect(!replayer.application.activeTouches.isEmpty)
        #expect(IdleSkipping.jump(in: replayer, from: 1_500_000, longerThan: 0.5) == nil)
    }

    @Test("skipping changes where the play head is, never the trace of what is replayed")
    func sameTrace() throws {
        let session = try SessionLoader.load(text: Self.text)
        let whole = try SessionReplayer.replay(session, scene: { try catalog.load("kitchen-sink") })
        let replayer = try SessionReplayer(session: session, scene: { try catalog.load("kitchen-sink") })
        var position: Int64 = 0
        while position < session.duration {
            position = min(session.duration, position + 16_000)
            if let next = IdleSkipping.jump(in: replayer, from: position, longerThan: 0.5) { position = next }
            replayer.run(until: position)
        }
        replayer.runToEnd()
        #expect(replayer.trace.lines == whole)
    }
}
