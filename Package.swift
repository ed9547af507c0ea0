// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TouchScope",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TouchKit", targets: ["TouchKit"]),
        .library(name: "TouchScenes", targets: ["TouchScenes"]),
    ],
    targets: [
        .target(name: "TouchKit"),
        .target(name: "TouchScenes", dependencies: ["TouchKit"]),
        .testTarget(name: "TouchKitTests", dependencies: ["TouchKit"]),
        .testTarget(name: "TouchScenesTests", dependencies: ["TouchScenes", "TouchKit"], exclude: ["Corpus", "Dumps"]),
    ],
    swiftLanguageModes: [.v6]
)
