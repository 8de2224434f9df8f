import Foundation
import Testing

/// The guide's code blocks are copies of the demos' sources (ColorMixer, Todo, Notes, the
/// Showcase, the Gallery, Hello), which CI builds and tests; this keeps the copies true.
@Suite struct GuideTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyCodeBlockInTheGuideIsInTheDemosSources() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("Docs/Guide.md"), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0]
        }
        #expect(blocks.count >= 12)
        var sources: [String] = []
        for name in ["ColorMixer", "Todo", "Notes", "Showcase", "Gallery", "Hello"] {
            let demo = Self.root.appendingPathComponent("Examples/\(name)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: demo.path).filter {
                $0.hasSuffix(".swift") && !$0.hasPrefix(".build")
            }
            sources += try files.map { try String(contentsOf: demo.appendingPathComponent($0), encoding: .utf8) }
        }
        for block in blocks {
            #expect(sources.contains { $0.contains(block) }, "not in the demo's sources:\n\(block)")
        }
    }
}
