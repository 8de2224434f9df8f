/// A title with its mnemonic marked by an underscore, as GTK writes them: "_File" shows as
/// "File" with the F underlined, and Alt+F picks it. Two underscores ("Save __As") show one;
/// only the first marked character is the mnemonic.
public struct MnemonicTitle: Hashable, Sendable {
    /// The title as shown, without the marking underscores.
    public let text: String
    /// The position of the mnemonic among ``text``'s characters, or `nil` when none is marked.
    public let mnemonicOffset: Int?

    /// Reads `marked`, in which an underscore marks the character after it.
    public init(_ marked: String) {
        var text = "", offset: Int?, count = 0
        var escaping = false
        for character in marked {
            if escaping {
                escaping = false
                if character != "_", offset == nil { offset = count }
            } else if character == "_" {
                escaping = true
                continue
            }
            text.append(character)
            count += 1
        }
        if escaping { text.append("_") }  // a trailing underscore is shown as it is
        self.text = text
        mnemonicOffset = offset
    }

    /// The mnemonic character in lower case, or `nil`.
    public var mnemonic: Character? {
        guard let mnemonicOffset else { return nil }
        return String(text[text.index(text.startIndex, offsetBy: mnemonicOffset)]).lowercased().first
    }

    /// Whether `event` types the mnemonic: its character in either case, with exactly
    /// `modifiers` held.
    func isTyped(by event: KeyEvent, with modifiers: Modifiers) -> Bool {
        guard let mnemonic, event.modifiers == modifiers else { return false }
        return event.key.matches(.character(mnemonic))
    }
}
