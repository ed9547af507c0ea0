import Foundation
import TouchKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection to a capture's live link: connected with a bounded wait, the hellos
/// exchanged (`{"format":"touchscope.link","version":1,…}`, the client's saying `from`, how many
/// session lines it already has), then lines read as they come. Every wait is bounded; a
/// peer that says something else than the protocol gets a clear error.
final class LinkConnection {
    static let version = 1
    /// Longest line accepted (a scene record may be long; `SessionFormat`'s limit).
    static let maximumLine = SessionFormat.maximumSceneLineLength
    let fd: Int32
    /// Bytes read after the last complete line.
    private var pending: [UInt8] = []
    /// The app's name, from its hello.
    let name: String

    /// Connects to `address` and exchanges hellos; `from` is how many session lines the client
    /// already has. Waits at most `timeout` seconds for each step.
    init(address: LinkAddress, from: Int, timeout: Double) throws(LinkError) {
        fd = try Self.connect(address, timeout: timeout)
        do throws(LinkError) {
            guard let hello = try Self.readLine(fd, pending: &pending, timeout: timeout) else {
                throw LinkError(
                    "\(address) accepted the connection but said nothing within \(Int(saturating: timeout)) s; is it a TouchScope capture?")
            }
            guard let value = try? JSONParser.parse(Array(hello.utf8)), case .string("touchscope.link")? = value["format"]?.kind else {
                throw LinkError("\(address) is not a TouchScope capture: its first line is \"\(TerminalText.line(String(hello.prefix(80))))\"")
            }
            if case .string(let message)? = value["error"]?.kind { throw LinkError("the app refused the link: \(TerminalText.line(message))") }
            guard case .number(let version)? = value["version"]?.kind, version == Double(Self.version) else {
                throw LinkError(
                    "the app speaks link version \(value["version"].map(JSONWriter.compact) ?? "none"); this TouchScope speaks \(Self.version) (update the capture file or TouchScope)"
                )
            }
            if case .string(let text)? = value["name"]?.kind { name = text } else { name = "capture" }
            guard Self.send(fd, "{\"format\":\"touchscope.link\",\"version\":\(Self.version),\"from\":\(from)}") else {
                throw LinkError("\(address) closed the link during the hello")
            }
        } catch {
            Self.closeSocket(fd)
            throw error
        }
    }

    deinit { Self.closeSocket(fd) }

    /// The complete lines that arrive within `timeout` seconds (none: nothing came). Throws
    /// `closed` when the peer closed the link (a line cut short is dropped: it is sent again
    /// on reconnection).
    func lines(timeout: Double) throws(LinkError) -> [String] {
        guard Self.waitReadable(fd, milliseconds: Self.milliseconds(timeout)) else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &buffer, buffer.count, 0)
        if count < 0 && errno == EINTR { return [] }
        guard count > 0 else { throw LinkError.closed }
        pending += buffer[0..<count]
        var out: [String] = []
        while let newline = pending.firstIndex(of: 0x0A) {
            out.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        if pending.count > Self.maximumLine {
            throw LinkError("the app sent a line longer than \(Self.maximumLine) bytes; not a session line")
        }
        return out
    }

    // MARK: Sockets

    static func connect(_ address: LinkAddress, timeout: Double) throws(LinkError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address.host, String(address.port), &hints, &found) == 0, let info = found else {
            throw LinkError("cannot find the host \(address.host)")
        }
        defer { freeaddrinfo(found) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { throw LinkError("cannot open a socket (errno \(errno))") }
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        var result = Glibc_connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
        if result != 0 && errno == EINPROGRESS {
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&entry, 1, milliseconds(timeout)) > 0 {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                result = error == 0 ? 0 : -1
                errno = error
            } else {
                closeSocket(fd)
                throw LinkError(
                    "\(address) did not answer within \(Int(saturating: timeout)) s (is the app running with the capture serving, and the port forwarded?)"
                )
            }
        }
        guard result == 0 else {
            let reason =
                errno == ECONNREFUSED ? "nothing listens there (start the app's capture with serve:, and forward the port)" : "errno \(errno)"
            closeSocket(fd)
            throw LinkError("cannot connect to \(address): \(reason)")
        }
        _ = fcntl(fd, F_SETFL, flags)
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    private static func Glibc_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.connect(fd, address, length)
        #else
            Darwin.connect(fd, address, length)
        #endif
    }

    /// `seconds` as a poll timeout: whole milliseconds, rounded up, from 1 to a minute.
    static func milliseconds(_ seconds: Double) -> Int32 {
        Int32(clamping: min(60_000, max(1, Int(saturating: seconds * 1000, rounding: .up))))
    }

    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// One line, waiting at most `timeout` seconds; nil on a timeout. Throws when the peer closed.
    static func readLine(_ fd: Int32, pending: inout [UInt8], timeout: Double) throws(LinkError) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            guard pending.count < 65_536 else { throw LinkError("the peer sent a hello longer than 64 KB") }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, waitReadable(fd, milliseconds: milliseconds(left)) else { return nil }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { throw LinkError("the peer closed the link during the hello") }
            pending += buffer[0..<count]
        }
    }

    static func send(_ fd: Int32, _ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            #else
                let sent = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress! + offset, $0.count - offset, 0) }
            #endif
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    static func closeSocket(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }
}

extension LinkError {
    /// The peer closed the link.
    static let closed = LinkError("the link was closed")
}
