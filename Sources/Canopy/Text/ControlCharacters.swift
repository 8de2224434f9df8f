extension String {
    /// The text with line breaks (and tabs, unless `keepingTabs`) turned into spaces and other
    /// control characters (C0, DEL, C1) dropped; the text itself when it holds none, which is
    /// told from its UTF-8 without walking its characters.
    func replacingControlCharacters(keepingTabs: Bool) -> String {
        // Most text holds no control character (C0, DEL, or C1, which UTF-8 writes as C2 80–9F).
        var previous: UInt8 = 0
        let hasControl = utf8.contains { byte in
            defer { previous = byte }
            return (byte < 0x20 && !(keepingTabs && byte == 0x09)) || byte == 0x7F || (previous == 0xC2 && byte < 0xA0)
        }
        guard hasControl else { return self }
        return String(
            compactMap { character -> Character? in
                if character == "\t" { return keepingTabs ? "\t" : " " }
                if character.isNewline { return " " }
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                    scalar.properties.generalCategory == .control
                {
                    return nil
                }
                return character
            })
    }
}
