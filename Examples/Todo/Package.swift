// swift-tools-version:6.0
// A third demo on Canopy, built the way a newcomer builds an app: composition and callbacks,
// no subclass of any Canopy view. It depends on Canopy by path.
import PackageDescription

let package = Package(
    name: "Todo",
    dependencies: [.package(name: "Canopy", path: "../..")],
    targets: [
        .target(name: "TodoKit", dependencies: [.product(name: "Canopy", package: "Canopy")]),
        .executableTarget(
            name: "Todo", dependencies: ["TodoKit", .product(name: "CanopyX11", package: "Canopy")]),
        .executableTarget(
            name: "TodoScreenshot",
            dependencies: ["TodoKit", .product(name: "CanopyTesting", package: "Canopy")]),
        .testTarget(
            name: "TodoTests",
            dependencies: [
                "TodoKit", .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyX11", package: "Canopy"), .product(name: "CanopyTesting", package: "Canopy"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
