// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TouchScope",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TouchKit", targets: ["TouchKit"]),
    ],
    targets: [
        .target(name: "TouchKit"),
        .testTarget(name: "TouchKitTests", dependencies: ["TouchKit"]),
    ],
    swiftLanguageModes: [.v6]
)
