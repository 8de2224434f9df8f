// swift-tools-version:6.0
// A fourth demo on Canopy: a notes app put together from the library's containers and dialogs
// (a split view, tabs, an alert, a dialog window) by composition and callbacks, no subclass of
// any Canopy view. It depends on Canopy by path.
import PackageDescription

let package = Package(
    name: "Notes",
    dependencies: [.package(name: "Canopy", path: "../..")],
    targets: [
        .target(
            name: "NotesKit",
            dependencies: [
                .product(name: "Canopy", package: "Canopy"), .product(name: "CanopyX11", package: "Canopy"),
            ]),
        .executableTarget(
            name: "Notes", dependencies: ["NotesKit", .product(name: "CanopyX11", package: "Canopy")]),
        .executableTarget(
            name: "NotesScreenshot",
            dependencies: ["NotesKit", .product(name: "CanopyTesting", package: "Canopy")]),
        .testTarget(
            name: "NotesTests",
            dependencies: [
                "NotesKit", .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyX11", package: "Canopy"), .product(name: "CanopyTesting", package: "Canopy"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
