import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchReplay

#if canImport(Glibc)
    import Glibc
#endif

/// A stand-in for a capture's link server, on a free loopback port: each connection runs the
/// next script in order (given the connected socket), on a thread of its own.
final class FakeLinkServer: @unchecked Sendable {
    let listener: Int32
    let port: UInt16
    private let scripts: [@Sendable (Int32) -> Void]

    init(_ scripts: [@Sendable (Int32) -> Void]) {
        self.scripts = scripts
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        _ = listen(fd, 4)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: bound.sin_port)
        let thread = Thread {
            for script in scripts {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                script(client)
                close(client)
            }
        }
        thread.start()
    }

    deinit { close(listener) }

    var address: LinkAddress { LinkAddress(host: "127.0.0.1", port: port) }

    static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads the client's hello line.
    static func readHello(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while recv(fd, &byte, 1, 0) == 1, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@Suite("The live link, seen from TouchScope", .serialized)
struct LiveLinkTests {
    static let hello = #"{"format":"touchscope.link","version":1,"name":"checkout"}"# + "\n"
    static let lines = [
        #"{"format":"touchscope.session","version":5,"tool":"test","scene":{"name":"kitchen-sink","hash":"x"},"window":{"width":390,"height":844,"scale":1},"started":"test"}"#,
        #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":10,"y":10}]}"#,
        #"{"t":0,"type":"device","event":"hit","finger":1,"view":"UIWindow"}"#,
        #"{"t":100,"type":"input","touches":[{"finger":1,"phase":"ended","x":10,"y":10}]}"#,
        #"{"t":100,"type":"end"}"#,
    ]

    /// Polls `link` until it is over (at most `seconds`).
    func follow(_ link: LiveLink, seconds: Double = 20) {
        let deadline = Date().addingTimeInterval(seconds)
        while !link.isOver, Date() < deadline { link.poll(timeout: 0.1) }
    }

    @Test("a link that drops mid-line is resumed from the last whole line; the recording is complete and says where it was cut")
    func dropAndResume() throws {
        let server = FakeLinkServer([
            { fd in
                FakeLinkServer.send(fd, Self.hello)
                _ = FakeLinkServer.readHello(fd)
                FakeLinkServer.send(fd, Self.lines[0] + "\n" + Self.lines[1] + "\n" + String(Self.lines[2].prefix(20)))
            },
            { fd in
                FakeLinkServer.send(fd, Self.hello)
                _ = FakeLinkServer.readHello(fd)
                FakeLinkServer.send(fd, Self.lines[2...].joined(separator: "\n") + "\n")
            },
        ])
        let output = try scratchDirectory().appendingPathComponent("live.session")
        let link = try LiveLink(address: server.address, recordTo: output)
        link.reconnectFor = 10
        follow(link)
        #expect(link.state == .ended)
        #expect(link.received == 5)
        let url = try #require(try link.finish())
        let session = try SessionLoader.load(contentsOf: url)
        #expect(session.warnings.isEmpty, "\(session.warnings)")
        #expect(session.device.count == 1)
        #expect(
            session.records.contains {
                if case .marker(_, let label) = $0 { label.contains("the live link was cut here (after line 2") } else { false }
            })
    }

    @Test("the client's hello says how many lines it has, so the app resumes after them")
    func helloSaysFrom() throws {
        final class Box: @unchecked Sendable { var hellos: [String] = [] }
        let box = Box()
        let server = FakeLinkServer([
            { fd in
                FakeLinkServer.send(fd, Self.hello)
                box.hellos.append(FakeLinkServer.readHello(fd))
                FakeLinkServer.send(fd, Self.lines[0] + "\n" + Self.lines[1] + "\n")
            },
            { fd in
                FakeLinkServer.send(fd, Self.hello)
                box.hellos.append(FakeLinkServer.readHello(fd))
                FakeLinkServer.send(fd, Self.lines[2...].joined(separator: "\n") + "\n")
            },
        ])
        let link = try LiveLink(address: server.address, recordTo: try scratchDirectory().appendingPathComponent("s.session"))
        follow(link)
        _ = try link.finish()
        #expect(box.hellos == [#"{"format":"touchscope.link","version":1,"from":0}"#, #"{"format":"touchscope.link","version":1,"from":2}"#])
    }

    @Test("a peer that is not a capture, a hello of another version, a refusal: each a clear error, at once")
    func badHellos() throws {
        for (first, expected) in [
            ("HTTP/1.1 400 Bad Request\r\n", "is not a TouchScope capture: its first line is \"HTTP/1.1 400 Bad Request\\r\""),
            (#"{"format":"touchscope.link","version":2}"# + "\n", "the app speaks link version 2; this TouchScope speaks 1"),
            (#"{"format":"touchscope.link","error":"busy"}"# + "\n", "the app refused the link: busy"),
        ] {
            let server = FakeLinkServer([{ fd in FakeLinkServer.send(fd, first) }])
            let output = try scratchDirectory().appendingPathComponent("x.session")
            do {
                _ = try LiveLink(address: server.address, recordTo: output, timeout: 2)
                Issue.record("connected to a peer that said \(first)")
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }

    @Test("a link that accepts and never answers, and a port where nothing listens: a bounded wait, then a clear error")
    func silence() throws {
        let server = FakeLinkServer([{ _ in Thread.sleep(forTimeInterval: 3) }])
        let started = Date()
        let output = try scratchDirectory().appendingPathComponent("x.session")
        do {
            _ = try LiveLink(address: server.address, recordTo: output, timeout: 1)
            Issue.record("connected to a silent peer")
        } catch {
            #expect(error.message.contains("said nothing within 1 s"), "\(error.message)")
        }
        #expect(Date().timeIntervalSince(started) < 6, "a bounded wait (1 s asked; room for a loaded machine)")
        let closedPort = server.port
        withExtendedLifetime(server) {}
        do {
            _ = try LiveLink(address: LinkAddress(host: "127.0.0.1", port: closedPort &+ 1), recordTo: output, timeout: 1)
            Issue.record("connected where nothing listens")
        } catch {
            #expect(error.message.contains("cannot connect to 127.0.0.1:"), "\(error.message)")
        }
    }

    @Test("a line that is not a session record stops the link with its reason; the recording keeps every line before it")
    func garbageLine() throws {
        let server = FakeLinkServer([
            { fd in
                FakeLinkServer.send(fd, Self.hello)
                _ = FakeLinkServer.readHello(fd)
                FakeLinkServer.send(fd, Self.lines[0] + "\n" + Self.lines[1] + "\n" + "\u{1B}[2Jrm -rf /\n")
                Thread.sleep(forTimeInterval: 0.5)
            }
        ])
        let output = try scratchDirectory().appendingPathComponent("g.session")
        let link = try LiveLink(address: server.address, recordTo: output)
        follow(link)
        guard case .failed(let reason) = link.state else {
            Issue.record("\(link.state)")
            return
        }
        #expect(reason.contains("the app sent a line that is not a session record"))
        #expect(reason.contains("keeps the 2 lines before it"))
        let url = try #require(try link.finish())
        let session = try SessionLoader.load(contentsOf: url)
        #expect(session.inputCount == 2, "the began input, and the cancel the reader adds for the finger still down")
        #expect(session.records.contains { if case .marker(_, let label) = $0 { label.contains("the live recording ends here") } else { false } })
    }

    @Test("HOST:PORT is parsed strictly")
    func addresses() throws {
        #expect(try LinkAddress.parse("localhost:47480").get() == LinkAddress(host: "localhost", port: 47480))
        #expect(try LinkAddress.parse(":9000").get() == LinkAddress(host: "127.0.0.1", port: 9000))
        #expect(try LinkAddress.parse("device.local").get().port == LinkAddress.defaultPort)
        for bad in ["host:0", "host:70000", "a:b:c", "ho st:1", "host:-1"] {
            #expect((try? LinkAddress.parse(bad).get()) == nil, "\(bad)")
        }
    }
}
