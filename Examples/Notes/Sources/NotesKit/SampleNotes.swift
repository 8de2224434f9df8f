import Foundation

/// A few notes to show the app with, for the screenshot tool and the tests.
public enum SampleNotes {
    /// Three notes, each a day older than the one before, the newest on `day` at 09:33 UTC (2 December 2026 by default).
    public static func notes(newestOn day: Date = Date(timeIntervalSince1970: 1_796_204_000)) -> [Note] {
        [
            ("shopping.txt", "Shopping\nBread, milk, 苹果 and coffee beans."),
            ("ideas.txt", "Ideas for the garden\nA bench under the pear tree.\nTomatoes along the south wall."),
            ("train.txt", "Train times\nThe 8:12 to Leeds, platform 4."),
        ].enumerated().map { age, note in
            Note(fileName: note.0, text: note.1, modified: day.addingTimeInterval(-86_400 * Double(age)))
        }
    }

    /// Writes `notes` into `folder`, each file dated as its note.
    public static func write(_ notes: [Note], to folder: NoteFolder) throws {
        for note in notes {
            try folder.save(note)
            try FileManager.default.setAttributes(
                [.modificationDate: note.modified], ofItemAtPath: folder.file(of: note).path)
        }
    }
}
