// swift-tools-version:6.0
// A fifth demo on Canopy: a file browser put together from the library's lists and containers
// (an outline of folders, a table of a folder's entries, a split view, alerts) by composition and
// callbacks, no subclass of any Canopy view. It depends on Canopy by path.
import PackageDescription

let package = Package(
    name: "Files",
    dependencies: [.package(name: "Canopy", path: "../..")],
    targets: [
        .target(
            name: "FilesKit",
            dependencies: [
                .product(name: "Canopy", package: "Canopy"), .product(name: "CanopyX11", package: "Canopy"),
            ]),
        .executableTarget(
            name: "Files", dependencies: ["FilesKit", .product(name: "CanopyX11", package: "Canopy")]),
        .executableTarget(
            name: "FilesScreenshot",
            dependencies: ["FilesKit", .product(name: "CanopyTesting", package: "Canopy")]),
        .testTarget(
            name: "FilesTests",
            dependencies: [
                "FilesKit", .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyX11", package: "Canopy"), .product(name: "CanopyTesting", package: "Canopy"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
