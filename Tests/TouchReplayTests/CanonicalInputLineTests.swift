import Foundation
import Testing
import TouchKit

@testable import TouchReplay

/// The loader reads input records as `SessionFormat` writes them with a dedicated scanner; these
/// tests hold it to the general JSON reader's answers and errors.
@Suite("Fast reading of canonical input lines")
struct CanonicalInputLineTests {
    static let header =
        #"{"format":"touchscope.session","version":1,"tool":"t","scene":{"name":"s","hash":"h"},"window":{"width":390,"height":844,"scale":1},"started":"x"}"#

    /// The same record with a space after every colon, which only the general reader accepts.
    func spaced(_ line: String) -> String {
        line.replacingOccurrences(of: "\":", with: "\": ")
    }

    @Test("random canonical lines give the same samples as the general reader (seed printed)")
    func matchesGeneralReader() throws {
        var state: UInt32 = 0x2545_F491
        func next() -> UInt32 {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return state
        }
        func number() -> String {
            let whole = Int(next() % 2000) - 500
            switch next() % 4 {
            case 0: return "\(whole)"
            case 1: return "\(whole).\(next() % 10)"
            case 2: return "\(whole).\(String(format: "%02d", next() % 100))"
            default: return "\(whole).\(String(format: "%03d", next() % 1000))"
            }
        }
        print("CanonicalInputLineTests seed 0x2545F491")
        for round in 0..<500 {
            let finger = Int(next() % 1000) + 1
            let x = number()
            let y = number()
            let radius = next() % 3 == 0 ? #","radius":\#(next() % 100).5"# : ""
            let began = #"{"t":\#(round * 10),"type":"input","touches":[{"finger":\#(finger),"phase":"began","x":\#(x),"y":\#(y)\#(radius)}]}"#
            let ended = #"{"t":\#(round * 10 + 5),"type":"input","touches":[{"finger":\#(finger),"phase":"ended","x":\#(y),"y":\#(x)}]}"#
            let fast = try SessionLoader.load(text: [Self.header, began, ended].joined(separator: "\n") + "\n")
            let general = try SessionLoader.load(text: [Self.header, spaced(began), spaced(ended)].joined(separator: "\n") + "\n")
            #expect(fast.records == general.records, "line: \(began)")
            #expect(fast.warnings == general.warnings)
            guard case .input(_, let samples)? = fast.records.first else {
                Issue.record("no input record for \(began)")
                continue
            }
            #expect(Double(samples[0].location.x) == Double(x))
            #expect(Double(samples[0].location.y) == Double(y))
        }
    }

    @Test(
        "canonical lines with bad values get the general reader's errors",
        arguments: [
            (#"{"t":1.5,"type":"input","touches":[{"finger":1,"phase":"began","x":1,"y":2}]}"#, "a whole number of microseconds"),
            (#"{"t":0,"type":"input","touches":[{"finger":1.5,"phase":"began","x":1,"y":2}]}"#, "\"finger\": a whole number"),
            (#"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":2000000,"y":2}]}"#, "within ±1000000 points"),
            (#"{"t":0,"type":"input","touches":[{"finger":1,"phase":"moved","x":1,"y":2}]}"#, "moves but is not down"),
            (
                #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":1,"y":2},{"finger":1,"phase":"ended","x":1,"y":2}]}"#,
                "appears twice"
            ),
            (#"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":1,"y":2,"radius":5000}]}"#, "\"radius\""),
        ])
    func sameErrors(line: String, expected: String) {
        for variant in [line, spaced(line)] {
            do {
                _ = try SessionLoader.load(text: Self.header + "\n" + variant + "\n", file: "bad.session")
                Issue.record("loaded \(variant)")
            } catch {
                #expect(error.description.contains("bad.session:2"), "\(error.description)")
                #expect(error.description.contains(expected), "\(error.description)")
            }
        }
    }

    @Test("a file read in chunks gives what its text gives, and each input record read into one buffer equals the record made")
    func chunkedFileAndBufferedSamples() throws {
        var lines = [Self.header]
        var t = 0
        for finger in 1...3000 {
            lines.append(#"{"t":\#(t),"type":"input","touches":[{"finger":\#(finger),"phase":"began","x":\#(finger % 390).5,"y":10}]}"#)
            lines.append(#"{"t":\#(t + 1),"type":"marker","label":"m\#(finger)"}"#)
            lines.append(
                #"{"t":\#(t + 2),"type":"input","touches":[{"finger":\#(finger),"phase":"moved","x":1,"y":2,"radius":3.25},{"finger":\#(finger + 5000),"phase":"began","x":4,"y":5}]}"#
            )
            let ends = #"{"finger":\#(finger),"phase":"ended","x":1,"y":2},{"finger":\#(finger + 5000),"phase":"ended","x":4,"y":5}"#
            lines.append(#"{"t":\#(t + 3),"type":"input","touches":[\#(ends)]}"#)
            t += 10
        }
        lines.append(#"{"t":\#(t),"type":"end"}"#)
        let text = lines.joined(separator: "\n") + "\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("canonical-\(UUID().uuidString).session")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try SessionLoader.load(contentsOf: url)
        let fromText = try SessionLoader.load(text: text)
        #expect(text.utf8.count > 1 << 20, "the file spans more than one read")
        #expect(fromFile.records == fromText.records && fromFile.warnings.isEmpty)
        #expect(fromFile.records.count == 3000 * 4 + 1)
        var buffer: [TouchSample] = []
        var inputs = 0
        for index in fromFile.records.indices {
            let isInput = fromFile.records.inputSamples(at: index, into: &buffer)
            if case .input(_, let samples) = fromFile.records[index] {
                #expect(isInput && buffer == samples, "record \(index)")
                inputs += 1
            } else {
                #expect(!isInput, "record \(index)")
            }
        }
        #expect(inputs == 3000 * 3)
    }
}
