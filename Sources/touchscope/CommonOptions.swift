import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL
import TouchSwiftUI

/// Where scenes are looked up, for every command that takes a scene.
struct SceneOptions: ParsableArguments {
    @Option(name: .customLong("scenes-dir"), help: "A directory of scene files searched before the bundled Scenes/.")
    var scenesDirectory: String?

    @Option(
        help:
            "The era of the app, ios17, ios18 or ios26 (the SDK it is linked against), for UIKit and SwiftUI alike: replaces the scene's (of a session, its first version)."
    )
    var era: String?

    func validate() throws {
        if let era, SwiftUIEra(rawValue: era) == nil {
            throw ValidationError("--era: expected ios17, ios18 or ios26, not \"\(TerminalText.line(String(era.prefix(40))))\"")
        }
    }

    /// `scene` rebuilt in `--era`, when given and the scene is data (a Swift scene is code: it
    /// keeps its own, and a note says so).
    func inEra(_ scene: LoadedScene) -> LoadedScene {
        guard let era = era.flatMap(SwiftUIEra.init(rawValue:)) else { return scene }
        guard let rebuilt = EraComparison.rebuilt(scene, era: era) else {
            printError("note: --era: \(scene.name) is a Swift scene; its era is in its code")
            return scene
        }
        return rebuilt
    }

    /// A factory of `inEra` copies.
    func inEra(_ make: @escaping () throws -> LoadedScene) -> () throws -> LoadedScene {
        guard era != nil else { return make }
        return { inEra(try make()) }
    }

    var catalog: SceneCatalog {
        var directories: [URL] = []
        if let scenesDirectory { directories.append(URL(fileURLWithPath: scenesDirectory)) }
        if let bundled = SceneCatalog.bundledScenesDirectory() { directories.append(bundled) }
        return SceneCatalog(directories: directories)
    }

    /// Loads a scene (a bundled name or a path the user gave) or exits 2 with its issues.
    func load(_ name: String) throws -> LoadedScene {
        do {
            return inEra(try catalog.load(name))
        } catch {
            printError(error.description)
            throw Exit.inputError
        }
    }

    /// A factory for fresh copies of a scene the user named (replays and seeks rebuild it): the
    /// file is read once, and every copy is built from what was read then.
    func factory(_ name: String) -> () throws -> LoadedScene {
        let catalog = self.catalog
        var first: LoadedScene?
        return {
            if let first, let copy = first.freshCopy() { return copy }
            let loaded = inEra(try catalog.load(name))
            first = loaded
            return loaded
        }
    }
}

/// The scene a command works on: a positional argument, with `--scene` kept as an alias.
struct SceneArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The scene: a bundled name or a path to a .json file.", valueName: "scene"))
    var positional: String?

    @Option(name: .customLong("scene"), help: "The scene (the same as the positional argument).")
    var option: String?

    /// The scene named, if any.
    var name: String? { positional ?? option }

    /// Whether the positional argument names a session file (`.session`), given where a scene
    /// goes: `render FILE.session` means `render --session FILE.session`.
    var positionalIsSession: Bool {
        positional.map { $0.lowercased().hasSuffix(".session") } ?? false
    }

    /// Takes a session file given as the positional scene away, to be used as `--session` (the
    /// scene then comes from the session's header); nil, and nothing changes, otherwise.
    mutating func takeSession() -> String? {
        guard positionalIsSession else { return nil }
        defer { positional = nil }
        return positional
    }

    /// Fails when both forms name different scenes.
    func check() throws {
        if positionalIsSession {
            throw ValidationError("\(positional ?? "") is a session, not a scene; give a scene (a bundled name or a .json file)")
        }
        if let positional, let option, positional != option {
            throw ValidationError("the scene is given twice (\(positional) and --scene \(option)); give it once")
        }
    }
}

/// The overlays of a frame: the window, `render` and `export` take the same choices.
struct OverlayOptions: ParsableArguments {
    @Option(help: "Overlays: all, none, or a comma-separated list of hit, chain, gestures, controls, notes, trails, pointer, ids, help.")
    var overlays = "all"

    @Flag(help: "Draw hidden views as faint dashed outlines.")
    var showHidden = false

    static let names: [String: OverlayRenderer.Layers] = [
        "all": .all, "none": [], "hit": .hitTestPath, "chain": .responderChain, "gestures": .recognizers,
        "controls": .controlEvents, "notes": .notes, "trails": .trails, "pointer": .pointer, "ids": .viewIDs, "help": .help,
    ]

    /// The layers chosen; a usage error names the unknown overlay.
    func layers() throws -> OverlayRenderer.Layers {
        var layers: OverlayRenderer.Layers = []
        for name in overlays.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let layer = Self.names[name] else {
                throw ValidationError("unknown overlay \"\(name)\" (overlays: \(Self.names.keys.sorted().joined(separator: ", ")))")
            }
            layers.formUnion(layer)
        }
        return layers
    }
}

/// Checks of numeric option values; each names its range, which the help text also states.
enum Check {
    /// `--scene-from`: auto, file or recording.
    static func sceneSource(_ value: String) throws {
        guard SessionScene.CheckSource(rawValue: value) != nil else {
            throw ValidationError("--scene-from: expected auto, file or recording, not \"\(TerminalText.escape(String(value.prefix(40))))\"")
        }
    }

    /// `value` must lie in `range`.
    static func range<T: Comparable>(_ value: T, _ range: ClosedRange<T>, _ option: String, unit: String = "") throws {
        guard range.contains(value) else {
            let suffix = unit.isEmpty ? "" : " " + unit
            throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound)\(suffix), not \(value)")
        }
    }

    /// A finite number in `range` (NaN and infinities are refused, not clamped).
    static func finite(_ value: Double, _ range: ClosedRange<Double>, _ option: String, unit: String = "") throws {
        guard value.isFinite else { throw ValidationError("\(option) must be a finite number, not \(value)") }
        try Self.range(value, range, option, unit: unit)
    }

    /// A time in seconds on the command line: finite, 0 or more, at most 30 days.
    static func seconds(_ value: Double, _ option: String) throws {
        try finite(value, 0...2_592_000, option, unit: "seconds")
    }
}
