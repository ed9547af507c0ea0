import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

/// The capture-demo binary built with these tests: a TouchKit-played app serving its capture.
let captureDemoBinary: URL = touchscopeBinary.deletingLastPathComponent().appendingPathComponent("touchscope-capture-demo")

/// A loopback port nothing listens on now.
func freePort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var bound = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    return UInt16(bigEndian: bound.sin_port)
}

/// The session text without its start time (a capture and its copy were started apart).
func withoutStart(_ text: String) -> String {
    text.replacingOccurrences(of: #""started":"[^"]*""#, with: "", options: .regularExpression)
}

@Suite("The live link end to end: an app in another process, TouchScope connected to it", .serialized)
struct LiveLinkEndToEndTests {
    @Test("record --connect takes the whole stream as the app plays it, writes the session the capture wrote, and holds the model to the device")
    func recordConnect() throws {
        let port = freePort()
        let directory = try scratchDirectory()
        let app = try ChildProcess(captureDemoBinary, ["--port", "\(port)", "--pace", "0.1", "--directory", directory.path, "--wait-for-client"])
        #expect(app.wait(for: 20) { app.output.contains("serving on") }, "\(app.output)")
        let output = directory.appendingPathComponent("live.session")
        let client = try ChildProcess(touchscopeBinary, ["record", "--connect", "127.0.0.1:\(port)", "-o", output.path])
        #expect(client.waitForExit(timeout: 60) == 0, "\(client.output)")
        #expect(app.waitForExit(timeout: 30) == 0, "\(app.output)")
        #expect(client.output.contains("connected to checkout at 127.0.0.1:\(port)"))
        #expect(client.output.contains("the capture stopped; the session is complete"))
        #expect(client.output.contains("device and model agree on 4 of 5 touches"), "\(client.output)")
        #expect(client.output.contains("PromoView#promo: PromoView overrides hitTest(_:with:)"))
        let captured = try String(contentsOf: directory.appendingPathComponent("checkout.session"), encoding: .utf8)
        #expect(withoutStart(try String(contentsOf: output, encoding: .utf8)) == withoutStart(captured))
    }

    @Test("a port already taken is a clear error of the app's capture; a link to nothing is a clear error of TouchScope")
    func portTakenAndNobodyThere() throws {
        let port = freePort()
        let first = try ChildProcess(
            captureDemoBinary, ["--port", "\(port)", "--pace", "0", "--directory", try scratchDirectory().path, "--wait-for-client"])
        #expect(first.wait(for: 20) { first.output.contains("serving on") }, "\(first.output)")
        let second = try ChildProcess(captureDemoBinary, ["--port", "\(port)", "--directory", try scratchDirectory().path])
        #expect(second.waitForExit(timeout: 20) == 2)
        #expect(second.output.contains("port \(port) is already taken on 127.0.0.1"), "\(second.output)")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 5)
        let client = try ChildProcess(
            touchscopeBinary,
            ["record", "--connect", "127.0.0.1:\(freePort())", "-o", try scratchDirectory().appendingPathComponent("x.session").path])
        #expect(client.waitForExit(timeout: 20) == 2)
        #expect(client.output.contains("cannot connect: cannot connect to 127.0.0.1:"), "\(client.output)")
    }

    @Test(
        "the app answers a client of another link version, or one that claims lines never sent, with an error line, and still serves the next client")
    func otherVersion() throws {
        let port = freePort()
        let directory = try scratchDirectory()
        let app = try ChildProcess(captureDemoBinary, ["--port", "\(port)", "--pace", "0", "--directory", directory.path])
        #expect(app.wait(for: 20) { app.output.contains("serving on") }, "\(app.output)")
        /// Connects, reads the app's hello, says `hello`, and returns the app's answer.
        func exchange(_ hello: String) -> (String, String) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            #expect(connected == 0)
            func readLine() -> String {
                var bytes: [UInt8] = []
                var byte: UInt8 = 0
                while recv(fd, &byte, 1, 0) == 1, byte != 0x0A { bytes.append(byte) }
                return String(decoding: bytes, as: UTF8.self)
            }
            let theirs = readLine()
            let line = Array(hello.utf8) + [0x0A]
            _ = line.withUnsafeBytes { send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
            return (theirs, readLine())
        }
        let (theirs, answer) = exchange(#"{"format":"touchscope.link","version":9,"from":0}"#)
        #expect(theirs.hasPrefix(#"{"format":"touchscope.link","version":1"#))
        #expect(answer.contains(#""error":"this app speaks link version 1"#))
        // A client that claims lines the app never sent is refused, not served "whole".
        let (_, claimed) = exchange(#"{"format":"touchscope.link","version":1,"from":1e300}"#)
        #expect(claimed.contains(#""error":"the client says it has lines this session has not sent"#), "\(claimed)")
        let output = directory.appendingPathComponent("after.session")
        let (status, text) = try runTouchscope(["record", "--connect", "127.0.0.1:\(port)", "-o", output.path])
        #expect(status == 0, "\(text)")
        #expect(app.waitForExit(timeout: 30) == 0, "\(app.output)")
    }

    @Test("open --connect under Xvfb: the captured screen is drawn, the touches arrive, and quitting leaves the complete recording")
    func windowFollowsTheApp() throws {
        guard let display = try WindowEndToEndTests.display() else { return }
        defer { display.stop() }
        let port = freePort()
        let directory = try scratchDirectory()
        let app = try ChildProcess(captureDemoBinary, ["--port", "\(port)", "--pace", "0.3", "--directory", directory.path, "--wait-for-client"])
        #expect(app.wait(for: 20) { app.output.contains("serving on") }, "\(app.output)")
        let output = directory.appendingPathComponent("window.session")
        let window = try ChildProcess(
            touchscopeBinary, ["open", "--connect", "127.0.0.1:\(port)", "--record", output.path, "--overlays", "none"],
            environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11"])
        #expect(window.wait(for: 30) { window.output.contains("ready:") }, "\(window.output)")
        #expect(window.wait(for: 30) { window.output.contains("the capture stopped; the session is complete") }, "\(window.output)")
        #expect(window.wait(for: 10) { window.output.contains("live: device and model agree on 4 of 5 touches") }, "\(window.output)")
        var id = ""
        _ = display.poll {
            id = (try? display.run(["xdotool", "search", "--name", "TouchScope: checkout"]))?.split(separator: "\n").first.map(String.init) ?? ""
            return !id.isEmpty
        }
        if !id.isEmpty {
            // The pay button (20, 720, 350, 56), drawn a little smaller: its blue below the promo.
            let pixel = try display.pixel(window: id, x: 40, y: 745)
            #expect(pixel.2 > pixel.0, "the pay button is drawn (blue), found \(pixel)")
            let shot = directory.appendingPathComponent("live-window.png")
            try display.run(["import", "-window", id, shot.path])
            if let keep = ProcessInfo.processInfo.environment["TOUCHSCOPE_KEEP_SCREENSHOTS"] {
                try? FileManager.default.copyItem(at: shot, to: URL(fileURLWithPath: keep).appendingPathComponent("live-window.png"))
            }
        }
        window.signal(SIGTERM)
        _ = window.waitForExit(timeout: 20)
        #expect(window.output.contains("wrote \(output.path)"), "\(window.output)")
        #expect(app.waitForExit(timeout: 30) == 0, "\(app.output)")
        let captured = try String(contentsOf: directory.appendingPathComponent("checkout.session"), encoding: .utf8)
        #expect(withoutStart(try String(contentsOf: output, encoding: .utf8)) == withoutStart(captured))
    }
}
