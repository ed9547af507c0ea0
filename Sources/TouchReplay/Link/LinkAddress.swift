import Foundation

/// Where a live link reaches the app: `HOST:PORT` (a name or an IPv4 address; the capture
/// listens on the app's loopback address, reached from Linux through `iproxy` for a device or an
/// SSH port forward for a simulator).
public struct LinkAddress: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    /// TouchScope's port (the capture's `TouchScopeCaptureLink.defaultPort`): outside the ranges
    /// other inspectors use (Lookin 47164–47179, SimDeck 47370–47402).
    public static let defaultPort: UInt16 = 47480

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `HOST` (the default port) or `:PORT` (localhost); nil with a reason.
    public static func parse(_ text: String) -> Result<LinkAddress, LinkError> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return .failure(LinkError("expected HOST:PORT, found \"\(text)\"")) }
        let host = parts[0].isEmpty ? "127.0.0.1" : String(parts[0])
        guard host.count <= 253, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
            return .failure(LinkError("expected a host name or an IPv4 address, found \"\(host)\""))
        }
        guard parts.count == 2 else { return .success(LinkAddress(host: host, port: defaultPort)) }
        guard let port = UInt16(parts[1]), port > 0 else {
            return .failure(LinkError("expected a port from 1 to 65535, found \"\(parts[1])\""))
        }
        return .success(LinkAddress(host: host, port: port))
    }

    public var description: String { "\(host):\(port)" }
}

/// What went wrong with a live link, in one sentence.
public struct LinkError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
