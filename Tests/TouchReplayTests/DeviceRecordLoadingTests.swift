import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

@Suite("Device records in session files (format version 5)")
struct DeviceRecordLoadingTests {
    static let header =
        #"{"format":"touchscope.session","version":5,"tool":"test","scene":{"name":"kitchen-sink","hash":"x"},"window":{"width":390,"height":844,"scale":1},"started":"test"}"#
    static let down = #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":10,"y":10}]}"#
    static let up = #"{"t":100,"type":"input","touches":[{"finger":1,"phase":"ended","x":10,"y":10}]}"#
    static let end = #"{"t":100,"type":"end"}"#

    static func session(_ device: String, header: String = header, before: Bool = false) -> String {
        ([header] + (before ? [device, down] : [down, device]) + [up, end]).joined(separator: "\n") + "\n"
    }

    static let cases: [BrokenSession] = [
        BrokenSession(
            "a device record in a version 4 session",
            session(
                #"{"t":0,"type":"device","event":"hit","finger":1,"view":"UIButton#pay"}"#,
                header: header.replacingOccurrences(of: #""version":5"#, with: #""version":4"#)),
            error: "bad.session:3: a device record needs session format version 5 or later; the header says 4"),
        BrokenSession(
            "an unknown event", session(#"{"t":0,"type":"device","event":"gesture"}"#),
            error: "bad.session:3: expected \"event\" in a device record: one of app, code, control, hit, navigation, recognizer"),
        BrokenSession(
            "a field of another event", session(#"{"t":0,"type":"device","event":"hit","finger":1,"view":"UIButton#pay","state":"began"}"#),
            error: "bad.session:3: unknown field \"state\" in a device hit record (allowed: t, type, event, finger, view)"),
        BrokenSession(
            "a hit for a finger that never went down", session(#"{"t":0,"type":"device","event":"hit","finger":3,"view":"UIButton#pay"}"#),
            error: "bad.session:3: the device hit record says finger 3 began, but finger 3 is not down at this time"),
        BrokenSession(
            "a hit before its finger went down", session(#"{"t":0,"type":"device","event":"hit","finger":1,"view":"UIButton#pay"}"#, before: true),
            error: "bad.session:2: the device hit record says finger 1 began, but finger 1 is not down at this time"),
        BrokenSession(
            "a state UIKit has no name for",
            session(#"{"t":0,"type":"device","event":"recognizer","recognizer":"UITapGestureRecognizer#x","state":"won"}"#),
            error:
                "bad.session:3: unknown \"state\" \"won\" in a device recognizer record (states: began, changed, ended, cancelled, failed, recognized)"
        ),
        BrokenSession(
            "a control record without its event", session(#"{"t":0,"type":"device","event":"control","control":"UIButton#pay"}"#),
            error: "bad.session:3: expected \"name\" in a device control record: the control event, e.g. touchUpInside (1 to 1000 bytes)"),
        BrokenSession(
            "a stack that is not a list of names", session(#"{"t":0,"type":"device","event":"navigation","stack":[1]}"#),
            error: "bad.session:3: expected \"stack\"[0] in a device navigation record to be the controllers' trace names"),
        BrokenSession(
            "a device record out of time order", session(#"{"t":500,"type":"device","event":"app","os":"iOS 18.2"}"#),
            error: "bad.session:4: time 100 µs is before the previous record's 500 µs; records must be in time order"),
    ]

    @Test("each device record that contradicts the session is an error naming its line and field", arguments: cases)
    func broken(_ broken: BrokenSession) {
        do {
            _ = try SessionLoader.load(text: broken.text, file: "bad.session")
            Issue.record("loaded, but expected: \(broken.error ?? "")")
        } catch {
            #expect(error.description == broken.error)
        }
    }

    @Test("every device fact reads back from what the writer wrote, in place among the records")
    func roundTrip() throws {
        let facts: [String] = [
            #"{"t":0,"type":"device","event":"app","os":"iOS 18.2","sdk":"18.2"}"#,
            #"{"t":0,"type":"device","event":"code","subject":"PromoView#promo","class":"PromoView","overrides":["hitTest(_:with:)"]}"#,
            #"{"t":0,"type":"device","event":"code","subject":"UITapGestureRecognizer#x","class":"UITapGestureRecognizer","delegate":"D","implements":["gestureRecognizer(_:shouldReceive:)"]}"#,
            #"{"t":0,"type":"device","event":"code","subject":"Lift#l","class":"Lift","custom":true}"#,
            #"{"t":0,"type":"device","event":"navigation","stack":["UIViewController(#home)"]}"#,
        ]
        let after: [String] = [
            #"{"t":0,"type":"device","event":"hit","finger":1,"view":"UIButton#pay"}"#,
            #"{"t":0,"type":"device","event":"control","control":"UIButton#pay","name":"touchDown"}"#,
            #"{"t":100,"type":"device","event":"recognizer","recognizer":"UITapGestureRecognizer#x","state":"ended"}"#,
        ]
        let text = ([Self.header] + facts + [Self.down] + after.prefix(2) + [Self.up, after[2], Self.end]).joined(separator: "\n") + "\n"
        let session = try SessionLoader.load(text: text, file: "ok.session")
        #expect(session.device.count == 8)
        #expect(session.device[5].line == 8, "line numbers count the device records")
        #expect(session.fileLine(ofRecord: 1) == 10, "the up input is line 10")
        let written = try SessionFormat.checkedText(of: session)
        let writtenLines: [String] = written.split(separator: "\n").dropFirst().map(String.init)
        let readLines: [String] = text.split(separator: "\n").dropFirst().map(String.init)
        #expect(writtenLines == readLines)
    }
}
