/// The system clipboard, as the host provides it (CLIPBOARD on X11). Reading is asynchronous:
/// the text may come from another program.
@MainActor public protocol Clipboard: AnyObject {
    /// Puts `text` on the clipboard.
    func setText(_ text: String)
    /// Asks for the clipboard's text; `completion` gets it, or `nil` when there is none.
    func requestText(_ completion: @escaping (String?) -> Void)
    /// Gives up `text` if it is still what the app put there: the selection it came from went
    /// away, so a middle click pastes it no more (as GTK's fields let go of PRIMARY). Text put
    /// there since, by this app or another, stays.
    func release(_ text: String)
}
