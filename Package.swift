// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Canopy",
    products: [
        .library(name: "Canopy", targets: ["Canopy"]),
        .library(name: "CanopyX11", targets: ["CanopyX11"]),
        .library(name: "CanopyAccessibility", targets: ["CanopyAccessibility"]),
        .library(name: "CanopyTesting", targets: ["CanopyTesting"]),
        .executable(name: "Hello", targets: ["Hello"]),
        .executable(name: "Showcase", targets: ["Showcase"]),
        .executable(name: "Gallery", targets: ["Gallery"]),
    ],
    targets: [
        // C interop: Xlib, Xft, XRender, RandR, and XCB's SYNC and SHAPE (plus a shim for macros), XTest, libpng.
        .systemLibrary(
            name: "CX11", pkgConfig: "x11 x11-xcb xcb-sync xcb-shape xft xrender xrandr fontconfig",
            providers: [
                .apt([
                    "libx11-dev", "libx11-xcb-dev", "libxcb-sync-dev", "libxcb-shape0-dev", "libxft-dev",
                    "libxrender-dev",
                    "libxrandr-dev",
                ])
            ]),
        .systemLibrary(name: "CXTest", pkgConfig: "xtst", providers: [.apt(["libxtst-dev"])]),
        // Pointer shapes by name from the user's cursor theme (libXcursor), and, for the tests,
        // reading back the name of the cursor on screen (XFixes).
        .systemLibrary(name: "CXcursor", pkgConfig: "xcursor", providers: [.apt(["libxcursor-dev"])]),
        .systemLibrary(name: "CXFixes", pkgConfig: "xfixes", providers: [.apt(["libxfixes-dev"])]),
        // XInput 2: smooth scrolling from scroll valuators, and touches.
        .systemLibrary(name: "CXInput", pkgConfig: "xi", providers: [.apt(["libxi-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CXRes", pkgConfig: "xres", providers: [.apt(["libxres-dev"])]),
        .systemLibrary(name: "CMalloc"),
        // Text shaping (HarfBuzz, on the FreeType faces Xft opens) and bidirectional text (FriBidi),
        // loaded at run time on a thread of their own while the app connects (no headers or
        // linking needed to build).
        .systemLibrary(name: "CHarfBuzz"),
        .systemLibrary(name: "CFriBidi"),
        // Line and word breaking to the Unicode standard (ICU's break iterators), loaded at run
        // time the first time text is wrapped or a word moved over.
        .systemLibrary(name: "CICU"),
        // libdbus's functions for the AT-SPI2 accessibility bridge and the desktop portal's
        // settings, loaded at run time only when there is a bus to talk to (no headers or
        // linking needed to build).
        .systemLibrary(name: "CDBus"),

        // The platform-free view tree: geometry, views, events, animation, drawing protocol, and
        // images (PNG through libpng). It never speaks X.
        .target(name: "Canopy", dependencies: ["CPNG"]),
        // The one D-Bus client the other modules share (package access): connections, messages,
        // reading and writing arguments.
        .target(name: "CanopyDBus", dependencies: ["CDBus"]),
        // Screen readers on the Linux desktop: the accessibility tree served over AT-SPI2 (D-Bus).
        .target(name: "CanopyAccessibility", dependencies: ["Canopy", "CanopyDBus"]),
        // The X11 host: display connection, windows, run loop, drawing with XRender and Xft, text
        // laid out with FriBidi and HarfBuzz; it starts the accessibility bridge when the desktop
        // has an accessibility bus.
        .target(
            name: "CanopyX11",
            dependencies: [
                "Canopy", "CanopyAccessibility", "CanopyDBus", "CX11", "CXcursor", "CXFixes", "CXInput", "CPNG",
                "CHarfBuzz", "CFriBidi", "CICU",
            ],
            // libdispatch's main-queue hooks (MainQueueBridge), without its Swift overlay.
            linkerSettings: [.linkedLibrary("dispatch")]),
        // Test support for Canopy and for packages built on it: Xvfb, XTest input, pixel probes.
        .target(
            name: "CanopyTesting",
            dependencies: [
                "Canopy", "CanopyX11", "CanopyAccessibility", "CX11", "CXTest", "CXRes", "CXFixes", "CMalloc",
            ]),

        .target(name: "HelloKit", dependencies: ["Canopy"], path: "Examples/Hello/HelloKit"),
        .executableTarget(
            name: "Hello", dependencies: ["Canopy", "CanopyX11", "HelloKit"], path: "Examples/Hello/App"),
        .target(
            name: "ShowcaseKit", dependencies: ["Canopy"], path: "Examples/Showcase/ShowcaseKit",
            resources: [.copy("Resources")]),
        .executableTarget(
            name: "Showcase", dependencies: ["Canopy", "CanopyX11", "ShowcaseKit"], path: "Examples/Showcase/App"),
        .target(
            name: "GalleryKit", dependencies: ["Canopy"], path: "Examples/Gallery/GalleryKit",
            resources: [.copy("Resources")]),
        .executableTarget(
            name: "Gallery", dependencies: ["Canopy", "CanopyX11", "GalleryKit"], path: "Examples/Gallery/App"),
        // Renders the examples under Xvfb and writes their screenshots; the examples stay free of
        // the test support.
        .executableTarget(
            name: "CanopyScreenshots",
            dependencies: ["Canopy", "CanopyX11", "CanopyTesting", "GalleryKit", "HelloKit", "ShowcaseKit"],
            path: "Tools/Screenshots"),

        .executableTarget(
            name: "CanopyStartup", dependencies: ["Canopy", "CanopyX11"], path: "Benchmarks/CanopyStartup"),
        .executableTarget(
            name: "CanopyBench", dependencies: ["Canopy", "CanopyX11", "CanopyTesting", "ShowcaseKit"],
            path: "Benchmarks/CanopyBench"),

        .executableTarget(
            name: "CanopyAccessibilityBench", dependencies: ["Canopy", "CanopyX11", "CanopyTesting"],
            path: "Benchmarks/CanopyAccessibilityBench"),

        .executableTarget(
            name: "CanopyProbe", dependencies: ["Canopy", "CanopyX11", "CanopyTesting", "ShowcaseKit"],
            path: "Tests/CanopyProbe"),

        .testTarget(name: "CanopyTests", dependencies: ["Canopy", "CanopyTesting"]),
        .testTarget(
            name: "ShowcaseTests", dependencies: ["ShowcaseKit", "Canopy", "CanopyX11", "CanopyTesting"],
            exclude: ["ScreenReader"]),
        .testTarget(name: "GalleryTests", dependencies: ["GalleryKit", "Canopy", "CanopyX11", "CanopyTesting"]),
        .testTarget(
            name: "CanopyX11Tests", dependencies: ["Canopy", "CanopyX11", "CanopyTesting", "CX11", "ShowcaseKit"],
            exclude: ["HostileCaller", "FakePortal"]),
    ],
    swiftLanguageModes: [.v6]
)
