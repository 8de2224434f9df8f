import Canopy
import FilesKit
import Foundation
import Testing

/// Dropped files copied into a folder, never over an entry there, each failure with its reason.
@Suite struct FileCopierTests {
    /// A new folder with `From/a b.txt` ("hello"), `From/Sub/c.txt` and an empty `To`.
    func makeFolders() throws -> (from: URL, to: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("files-copy-\(UUID().uuidString)")
        let from = root.appendingPathComponent("From"), to = root.appendingPathComponent("To")
        try FileManager.default.createDirectory(
            at: from.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
        try Data("hello".utf8).write(to: from.appendingPathComponent("a b.txt"))
        try Data().write(to: from.appendingPathComponent("Sub/c.txt"))
        return (from, to)
    }

    func uri(_ url: URL) -> String { DragContent.fileURI(forPath: url.path) }

    @Test func filesAndFoldersAreCopiedUnderTheirNames() throws {
        let (from, to) = try makeFolders()
        defer { try? FileManager.default.removeItem(at: from.deletingLastPathComponent()) }
        let outcome = FileCopier.copy(
            [uri(from.appendingPathComponent("a b.txt")), uri(from.appendingPathComponent("Sub"))], into: to)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.copied.map(\.lastPathComponent) == ["a b.txt", "Sub"])
        #expect(outcome.copied.map(\.hasDirectoryPath) == [false, true])
        #expect(try Data(contentsOf: to.appendingPathComponent("a b.txt")) == Data("hello".utf8))
        #expect(FileManager.default.fileExists(atPath: to.appendingPathComponent("Sub/c.txt").path))
        #expect(FileManager.default.fileExists(atPath: from.appendingPathComponent("a b.txt").path))  // a copy
    }

    @Test func eachFailureSaysWhyAndTheRestAreCopied() throws {
        let (from, to) = try makeFolders()
        defer { try? FileManager.default.removeItem(at: from.deletingLastPathComponent()) }
        try Data("kept".utf8).write(to: to.appendingPathComponent("a b.txt"))
        let outcome = FileCopier.copy(
            [
                uri(from.appendingPathComponent("a b.txt")), "https://example.com/a.txt", "file://elsewhere/tmp/a.txt",
                uri(from.appendingPathComponent("gone.txt")), uri(from.appendingPathComponent("Sub/c.txt")),
            ], into: to)
        #expect(
            outcome.failures == [
                .exists(name: "a b.txt"), .notAFile(uri: "https://example.com/a.txt"),
                .notAFile(uri: "file://elsewhere/tmp/a.txt"), .missing(name: "gone.txt"),
            ])
        #expect(outcome.failures.first?.reason == "“a b.txt” is already in this folder.")
        #expect(outcome.copied.map(\.lastPathComponent) == ["c.txt"])
        #expect(try Data(contentsOf: to.appendingPathComponent("a b.txt")) == Data("kept".utf8))  // not overwritten
    }

    @Test func aFoldersOwnEntriesAndItselfAreLeftAsTheyAreButItDoesNotGoInsideItself() throws {
        let (from, _) = try makeFolders()
        defer { try? FileManager.default.removeItem(at: from.deletingLastPathComponent()) }
        let sub = from.appendingPathComponent("Sub")
        let own = FileCopier.copy([uri(from.appendingPathComponent("a b.txt")), uri(sub)], into: from)
        #expect(own == FileCopier.Outcome())
        #expect(FileCopier.copy([uri(sub)], into: sub) == FileCopier.Outcome())
        let inside = FileCopier.copy([uri(from)], into: sub)
        #expect(inside.failures == [.intoItself(name: "From")] && inside.copied.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sub.path) == ["c.txt"])
    }
}
