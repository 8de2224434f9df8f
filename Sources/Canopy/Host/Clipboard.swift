/// The system clipboard, as the host provides it (CLIPBOARD on X11). Reading is asynchronous:
/// the text may come from another program.
@MainActor public protocol Clipboard: AnyObject {
    /// Puts `text` on the clipboard.
    func setText(_ text: String)
    /// Asks for the clipboard's text; `completion` gets it, or `nil` when there is none.
    func requestText(_ completion: @escaping (String?) -> Void)
}
