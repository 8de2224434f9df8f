import CX11

/// How a window's input context shows what the input method composes (its pre-edit): the XIM
/// input style chosen among those the method offers.
struct InputContextStyle: Equatable {
    /// Where the pre-edit is drawn.
    enum Preedit: Equatable {
        /// On the spot (XIMPreeditCallbacks): the method reports it, the focused view draws it
        /// inline at its caret.
        case callbacks
        /// Over the spot (XIMPreeditPosition): the method draws it in a window of its own at the
        /// spot the app tells it (the caret).
        case position
        /// Wherever the method likes (XIMPreeditNothing, XIMPreeditNone), or nowhere.
        case method
    }

    let preedit: Preedit
    /// The XIM style: the pre-edit's bit and the status's.
    let value: XIMStyle

    /// Pre-edit and status handled by the method: what every method offers.
    static let fallback = InputContextStyle(preedit: .method, value: XIMStyle(XIMPreeditNothing | XIMStatusNothing))

    /// The best of the `offered` styles: on the spot, else over the spot, else the method's
    /// own, with a status the method handles itself (or none) in each case.
    static func preferred(among offered: [XIMStyle]) -> InputContextStyle {
        let statuses = [XIMStatusNothing, XIMStatusNone].map { XIMStyle($0) }
        for (preedit, bit) in [(Preedit.callbacks, XIMPreeditCallbacks), (.position, XIMPreeditPosition)] {
            for status in statuses where offered.contains(XIMStyle(bit) | status) {
                return InputContextStyle(preedit: preedit, value: XIMStyle(bit) | status)
            }
        }
        return fallback
    }
}
