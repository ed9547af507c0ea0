import Foundation

/// The phase of a touch: UIKit's `UITouch.Phase` (a type alias of this one).
public enum TouchPhase: Int, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    case began, moved, stationary, ended, cancelled

    /// Whether the finger is on the screen in this phase (began, moved, stationary).
    public var isDown: Bool {
        switch self {
        case .began, .moved, .stationary: true
        case .ended, .cancelled: false
        }
    }

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    public init(from decoder: any Decoder) throws {
        let name = try String(from: decoder)
        guard let phase = TouchPhase.allCases.first(where: { $0.description == name }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown phase \"\(name)\""))
        }
        self = phase
    }

    public func encode(to encoder: any Encoder) throws {
        try description.encode(to: encoder)
    }
}
