// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TouchScope",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TouchKit", targets: ["TouchKit"]),
        .library(name: "TouchSwiftUI", targets: ["TouchSwiftUI"]),
        .library(name: "TouchScenes", targets: ["TouchScenes"]),
        .library(name: "TouchReplay", targets: ["TouchReplay"]),
        .library(name: "TouchReplayTesting", targets: ["TouchReplayTesting"]),
        .executable(name: "touchscope", targets: ["touchscope"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // JSON reading and writing, files written safely, and escaping per sink: what every
        // layer needs and no layer owns.
        .target(name: "TouchSupport"),
        .target(name: "TouchKit", dependencies: ["TouchSupport"]),
        // SwiftUI's gestures on top of the engine: views, gestures, modifiers, eras.
        .target(name: "TouchSwiftUI", dependencies: ["TouchKit"]),
        .target(name: "TouchScenes", dependencies: ["TouchKit", "TouchSwiftUI", "TouchSupport"]),
        .target(name: "TouchReplay", dependencies: ["TouchKit", "TouchScenes", "TouchSwiftUI"]),
        .target(name: "TouchReplayTesting", dependencies: ["TouchReplay", "TouchScenes", "TouchKit"]),
        .target(name: "TouchBench", dependencies: ["TouchKit", "TouchSwiftUI", "TouchScenes", "TouchReplay"]),
        // The one file an iOS app adds to capture sessions; here it builds against TouchKit.
        .target(name: "TouchScopeCapture", dependencies: ["TouchKit"], path: "Capture"),
        // The app TouchKit plays for the capture's tests and the live link's: the bundled
        // sample's checkout screen, and a process that serves its capture over the link.
        .target(name: "CaptureDemoApp", dependencies: ["TouchKit", "TouchScopeCapture"]),
        .executableTarget(name: "touchscope-capture-demo", dependencies: ["CaptureDemoApp", "TouchScopeCapture", "TouchKit"]),
        // SDL2 from Debian's packages. No pkgConfig: sdl2.pc adds -D_REENTRANT, which SwiftPM
        // rejects with a warning, and the headers need no extra include path (see shim.h).
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        // giflib from Debian's packages, for animated GIF export.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .target(name: "TouchScopeSDL", dependencies: ["CSDL2", "CGif", "TouchKit", "TouchSwiftUI", "TouchScenes", "TouchReplay"]),
        .executableTarget(
            name: "touchscope",
            dependencies: [
                "TouchKit", "TouchSwiftUI", "TouchScenes", "TouchReplay", "TouchBench", "TouchScopeSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // What the test targets share: event logs, logging views, transitions, files.
        .target(name: "TouchTestSupport", dependencies: ["TouchKit"], path: "Tests/TouchTestSupport"),
        .testTarget(name: "TouchKitTests", dependencies: ["TouchKit", "TouchTestSupport"]),
        .testTarget(
            name: "TouchScenesTests", dependencies: ["TouchTestSupport", "TouchScenes", "TouchKit", "TouchSupport"], exclude: ["Corpus", "Dumps"]),
        .testTarget(
            name: "TouchScopeCLITests", dependencies: ["TouchTestSupport", "touchscope", "TouchReplay", "TouchScenes", "TouchKit"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TouchScopeSDLTests",
            dependencies: ["TouchTestSupport", "TouchScopeSDL", "CSDL2", "CGif", "TouchKit", "TouchScenes", "TouchReplay"]),
        .testTarget(
            name: "TouchReplayTests",
            dependencies: ["TouchSwiftUI", "TouchTestSupport", "TouchReplay", "TouchReplayTesting", "TouchScenes", "TouchKit", "TouchBench"],
            exclude: ["Goldens"]),
        .testTarget(name: "TouchSwiftUITests", dependencies: ["TouchTestSupport", "TouchSwiftUI", "TouchKit"]),
        // Tests written by `touchscope export SESSION --swift-test` for every golden session
        // (TouchScopeCLITests checks they are what the exporter writes today).
        .testTarget(name: "GeneratedGoldenTests", dependencies: ["TouchTestSupport", "TouchReplay", "TouchScenes", "TouchKit"]),
        .testTarget(
            name: "TouchScopeCaptureTests",
            dependencies: ["TouchTestSupport", "TouchScopeCapture", "CaptureDemoApp", "TouchReplay", "TouchScenes", "TouchKit"]),
    ],
    swiftLanguageModes: [.v6]
)
