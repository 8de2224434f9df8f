import Foundation
import Testing

/// What an app links through Canopy. Foundation brings its own libraries and ICU's: loading
/// them cost a start-up about a quarter of its CPU time and 8 MiB of memory (BENCHMARKS.md), so
/// the modules an app links never import it.
@Suite struct LinkedLibrariesTests {
    @Test func theModulesAnAppLinksDoNotImportFoundation() throws {
        let sources = GuideTests.root.appendingPathComponent("Sources")
        var importers: [String] = []
        for module in ["Canopy", "CanopyX11", "CanopyAccessibility"] {
            let folder = sources.appendingPathComponent(module)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty)
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let imports = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ")  // in #if blocks too
                }
                if imports.contains(where: { $0.contains(" Foundation") }) {  // FoundationEssentials too
                    importers.append("\(module)/\(file)")
                }
            }
        }
        #expect(importers == [])
    }
}
