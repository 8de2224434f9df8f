// swift-tools-version:6.0
// A second demo on Canopy, as another project would build one: it depends on Canopy by path.
import PackageDescription

let package = Package(
    name: "ColorMixer",
    dependencies: [.package(name: "Canopy", path: "../..")],
    targets: [
        .target(
            name: "ColorMixerKit",
            dependencies: [.product(name: "Canopy", package: "Canopy")]),
        .executableTarget(
            name: "ColorMixer",
            dependencies: ["ColorMixerKit", .product(name: "CanopyX11", package: "Canopy")]),
        .executableTarget(
            name: "ColorMixerScreenshot",
            dependencies: ["ColorMixerKit", .product(name: "CanopyTesting", package: "Canopy")]),
        .testTarget(
            name: "ColorMixerTests",
            dependencies: [
                "ColorMixerKit", .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyX11", package: "Canopy"), .product(name: "CanopyTesting", package: "Canopy"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
