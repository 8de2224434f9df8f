import Foundation

/// One note: the text of one plain-text file in the notes folder.
public struct Note: Hashable, Sendable {
    /// The file's name in the folder; it stays the same while the note is edited.
    public let fileName: String
    /// What the note says.
    public var text: String
    /// When the note was last changed.
    public var modified: Date

    /// Creates a note kept in the file `fileName`.
    public init(fileName: String, text: String = "", modified: Date = Date()) {
        self.fileName = fileName
        self.text = text
        self.modified = modified
    }

    /// The title the list shows: the first line that is not blank, trimmed, or "New note".
    public var title: String {
        let line = text.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
        return line ?? "New note"
    }

    /// The date the list shows at the row's end, short so the title keeps the room: "2 Dec" in
    /// the year `now` is in, else "2 Dec 2025"; the same in every locale.
    @MainActor public func dateText(now: Date = Date()) -> String {
        let calendar = Calendar(identifier: .gregorian)
        let thisYear = calendar.component(.year, from: modified) == calendar.component(.year, from: now)
        let formatter = thisYear ? Self.dayFormatter : Self.dayAndYearFormatter
        return formatter.string(from: modified)
    }

    /// Whether the note's title or text holds `query`, ignoring case; every note holds an
    /// empty query.
    public func matches(_ query: String) -> Bool {
        query.isEmpty || text.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// How many words the note holds: runs of characters between spaces and line breaks that
    /// have a letter or a digit in them (a dash on its own is no word). Text in scripts written
    /// without spaces, such as Chinese, counts a run as one word.
    public var wordCount: Int {
        text.split(whereSeparator: { $0.isWhitespace }).count { word in
            word.contains { $0.isLetter || $0.isNumber }
        }
    }

    @MainActor private static let dayFormatter = formatter("d MMM")
    @MainActor private static let dayAndYearFormatter = formatter("d MMM yyyy")

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}
