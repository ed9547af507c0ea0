import ArgumentParser
import Foundation
import TouchKit
import TouchSwiftUI

/// `touchscope rules`: every rule of the model with where it comes from.
struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every rule of the model that decides an outcome, with its provenance and sources.",
        discussion: """
            Each rule is documented (an Apple document or release note), observed (field reports of \
            what devices do), inferred (a reconstruction, or TouchScope's reading, not confirmed on a \
            device) or an approximation (a private value TouchScope chose). docs/rules.md is this list.
            """)

    @Argument(help: "Rule ids or prefixes to show (default: all): nav, swiftui.ios26, ...")
    var ids: [String] = []

    @Option(help: "Only rules of this provenance: documented, observed, inferred, approximation.")
    var provenance: String?

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Print the Markdown of docs/rules.md.")
    var markdown = false

    static var all: [TouchRule] { UIKitRules.all + SwiftUIRules.all }

    func validate() throws {
        if let provenance, TouchRule.Provenance(rawValue: provenance) == nil {
            throw ValidationError(
                "--provenance: expected documented, observed, inferred or approximation, not \"\(TerminalText.line(String(provenance.prefix(40))))\"")
        }
        if json && markdown { throw ValidationError("--json and --markdown: give one") }
    }

    func run() throws {
        var rules = Self.all
        if !ids.isEmpty { rules = rules.filter { rule in ids.contains { rule.id == $0 || rule.id.hasPrefix($0 + ".") || rule.id.hasPrefix($0) } } }
        if let provenance { rules = rules.filter { $0.provenance.rawValue == provenance } }
        if rules.isEmpty {
            printError("no rule matches \(ids.map(TerminalText.line).joined(separator: ", ")); `touchscope rules` lists them all")
            throw Exit.inputError
        }
        if json {
            print(JSONWriter.pretty(.array(rules.map(Self.json))))
        } else if markdown {
            print(Self.markdown(rules), terminator: "")
        } else {
            for rule in rules {
                print("\(rule.id)  [\(rule.provenance.rawValue)]\(rule.eras.isEmpty ? "" : "  eras: " + rule.eras.joined(separator: ", "))")
                print("  \(rule.summary)")
                for source in rule.sources { print("  source: \(source)") }
            }
            let counts = TouchRule.Provenance.allCases.map { kind in "\(rules.filter { $0.provenance == kind }.count) \(kind.rawValue)" }
            print("\(rules.count) rules: " + counts.joined(separator: ", "))
        }
    }

    static func json(_ rule: TouchRule) -> JSONValue {
        .object([
            ("id", .string(rule.id)), ("framework", .string(rule.framework)), ("summary", .string(rule.summary)),
            ("provenance", .string(rule.provenance.rawValue)), ("sources", .array(rule.sources.map(JSONValue.string))),
            ("eras", .array(rule.eras.map(JSONValue.string))),
        ])
    }

    /// docs/rules.md: what `touchscope rules` lists, by framework.
    static func markdown(_ rules: [TouchRule]) -> String {
        var text = """
            # The rules of the model

            Every rule TouchScope runs that decides an outcome, with where it comes from: **documented**
            (an Apple document or release note), **observed** (field reports of what devices do),
            **inferred** (a reconstruction, or TouchScope's own reading, not confirmed on a device) or an
            **approximation** (a private value TouchScope chose). `touchscope rules` prints this list;
            `touchscope rules --markdown` writes this file, and `tools/checks.sh` checks it is current.

            """
        for framework in ["UIKit", "SwiftUI"] {
            let group = rules.filter { $0.framework == framework }
            guard !group.isEmpty else { continue }
            text += "\n## \(framework)\n\n| rule | what it says | provenance | sources | eras |\n|---|---|---|---|---|\n"
            for rule in group {
                let cells = [
                    "`\(rule.id)`", rule.summary, rule.provenance.rawValue, rule.sources.joined(separator: "; "),
                    rule.eras.isEmpty ? "all" : rule.eras.joined(separator: ", "),
                ].map { $0.replacingOccurrences(of: "|", with: "\\|") }
                text += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return text
    }
}
