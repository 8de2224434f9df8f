import CX11
@testable import CanopyX11
import Testing

/// Which XIM input style a window's context is made in, among those a method offers.
@Suite struct InputContextStyleTests {
    private func style(_ preedit: Int, _ status: Int) -> XIMStyle { XIMStyle(preedit | status) }

    @Test func onTheSpotIsPreferredThenOverTheSpotThenTheMethodsOwn() {
        let uim = [
            style(XIMPreeditNothing, XIMStatusNothing), style(XIMPreeditPosition, XIMStatusNothing),
            style(XIMPreeditCallbacks, XIMStatusNothing),
        ]
        #expect(InputContextStyle.preferred(among: uim).preedit == .callbacks)
        #expect(InputContextStyle.preferred(among: Array(uim.prefix(2))).preedit == .position)
        #expect(InputContextStyle.preferred(among: Array(uim.prefix(1))) == .fallback)
        // Xlib's built-in method, and a method asking for status callbacks the app does not draw.
        let builtIn = [style(XIMPreeditNone, XIMStatusNone), style(XIMPreeditNothing, XIMStatusNothing)]
        #expect(InputContextStyle.preferred(among: builtIn) == .fallback)
        #expect(InputContextStyle.preferred(among: [style(XIMPreeditCallbacks, XIMStatusCallbacks)]) == .fallback)
        #expect(
            InputContextStyle.preferred(among: [style(XIMPreeditCallbacks, XIMStatusNone)]).value
                == style(XIMPreeditCallbacks, XIMStatusNone))
    }
}
