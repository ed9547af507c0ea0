import Foundation

/// How settings read in the inspector, checkpoints and recognizers' self-descriptions: numbers
/// to two decimals without trailing zeros (`10`, `0.5`), option sets by their members' names.
enum SettingText {
    static func number(_ value: CGFloat) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(saturating: rounded)) : String(format: "%.2f", Double(rounded))
    }

    static func number(_ value: Double) -> String { number(CGFloat(value)) }

    /// The names of the bits set in `rawValue` (`bitNames[i]` for bit i), or `none`.
    static func names(_ rawValue: UInt, _ bitNames: [String]) -> String {
        let names = bitNames.indices.filter { rawValue & (1 << UInt($0)) != 0 }.map { bitNames[$0] }
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
