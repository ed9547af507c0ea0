import Foundation
import Testing
import TouchKit

@testable import TouchScenes

/// What `import` writes, the loader reads: random dumps made of real dump lines, mangled.
@Suite("Imported dumps always load")
struct ImportPropertyTests {
    static let classes = [
        "UIView", "UIButton", "UILabel", "UIImageView", "UIScrollView", "UITableView", "UITableViewCell", "UISwitch", "UISlider",
        "_UIBarBackground", "MyApp.CardView", "UIButtonLabel", "_UIModernBarButton", "UIWindow", "UITransitionView",
    ]

    /// A random dump: nested view lines with random frames, transforms, flags and attributes,
    /// with some lines garbled, cut or replaced by noise.
    static func randomDump(_ random: inout SeededRandomNumberGenerator) -> String {
        var lines: [String] = []
        let count = Int.random(in: 1...300, using: &random)
        var depth = 0
        func number() -> String {
            switch Int.random(in: 0..<12, using: &random) {
            case 0: return "1e9"
            case 1: return "-0.5"
            case 2: return "nan"
            case 3: return "999999999999"
            default: return String(Int.random(in: -50...900, using: &random))
            }
        }
        for index in 0..<count {
            depth = max(0, min(depth + Int.random(in: -2...1, using: &random), 70))
            let indent = String(repeating: "   | ", count: depth)
            let name = classes[Int.random(in: 0..<classes.count, using: &random)]
            var line = indent + "<\(name): 0x7f\(String(index, radix: 16)); frame = (\(number()) \(number()); \(number()) \(number()))"
            if Int.random(in: 0..<4, using: &random) == 0 { line += "; transform = [0.5, 0, 0, 0.5, \(number()), 0]" }
            if Int.random(in: 0..<6, using: &random) == 0 { line += "; hidden = YES" }
            if Int.random(in: 0..<6, using: &random) == 0 { line += "; alpha = 0.5; userInteractionEnabled = NO" }
            if Int.random(in: 0..<6, using: &random) == 0 { line += "; text = 'Pay \"now\"'" }
            if Int.random(in: 0..<8, using: &random) == 0 { line += "; gestureRecognizers = <NSArray: 0x600>" }
            line += "; layer = <CALayer: 0x6000>>"
            switch Int.random(in: 0..<15, using: &random) {
            case 0: line = String(line.prefix(Int.random(in: 0...line.count, using: &random)))
            case 1: line = "(lldb) po self.view"
            case 2: line = String(line.shuffled(using: &random))
            default: break
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    @Test("a random dump imports to a scene that loads, or to nothing (which import refuses)", arguments: 1...200)
    func importedLoads(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let dump = Self.randomDump(&random)
        let report = RecursiveDescriptionImporter.importDump(dump, name: "random-\(seed)")
        guard report.viewCount > 0 else { return }
        let json = SceneEncoder.json(report.scene)
        #expect(throws: Never.self, "seed \(seed)") {
            try SceneDecoder.decode(data: Data(json.utf8), file: "imported.json", defaultName: "imported")
        }
    }
}
