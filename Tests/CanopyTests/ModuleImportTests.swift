import Foundation
import Testing

/// What the library's modules may import: an app that links them loads no Foundation (which
/// costs megabytes and milliseconds at start-up), and the platform-free module never speaks X
/// (it reads PNG files through libpng, nothing else).
@Suite struct ModuleImportTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The `import` lines of every Swift file in module `name`, with the file each is in.
    func imports(ofModule name: String) throws -> [(file: String, module: String)] {
        let folder = Self.sources.appendingPathComponent(name)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "no sources found in \(folder.path)")
        return try files.flatMap { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n")
                .compactMap { line -> (String, String)? in
                    let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                    guard words.count == 2, words[0] == "import" else { return nil }
                    return (file, String(words[1]))
                }
        }
    }

    @Test(arguments: ["Canopy", "CanopyX11", "CanopyAccessibility"])
    func theLibraryLoadsNoFoundation(module: String) throws {
        let foundation = try imports(ofModule: module).filter { $0.module.hasPrefix("Foundation") }
        #expect(foundation.isEmpty, "\(foundation.map(\.file)) import Foundation")
    }

    @Test func thePlatformFreeModuleSpeaksNoX() throws {
        let allowed: Set = ["Glibc", "CPNG"]
        let others = try imports(ofModule: "Canopy").filter { !allowed.contains($0.module) }
        #expect(others.isEmpty, "\(others)")
    }
}
