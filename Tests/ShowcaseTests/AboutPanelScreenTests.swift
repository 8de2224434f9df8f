import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import ShowcaseKit
import Testing

/// The About box as a modal dialog over the Showcase, on the bare server.
@MainActor @Suite(.serialized) struct AboutPanelScreenTests {
    @Test func theAboutBoxIsAModalDialogWhoseOKClosesIt() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let about = AboutPanel()
        let dialog = try f.test.window.presentDialog(
            title: "About the Showcase", size: AboutPanel.preferredSize, rootView: about)
        about.onDone = { [weak dialog] in dialog?.close() }
        #expect(f.test.wait { dialog.framesPresented > 0 })
        #expect(f.test.window.modalDialog === dialog)
        #expect(dialog.scene.focusedView === about.okButton)  // its first control, as in GTK
        let image = try dialog.captureImage()
        // The prominent OK button sits at the bottom right, in the accent colour.
        let ok = about.okButton.convert(about.okButton.bounds, to: nil)
        #expect(ok.maxX > AboutPanel.preferredSize.width - 30 && ok.maxY > AboutPanel.preferredSize.height - 30)
        #expect(image.rgb(x: Int(ok.minX + 6), y: Int(ok.midY)) == 0x3478f6)
        f.test.input.click(at: ok.center, in: dialog)
        #expect(f.test.wait { !dialog.isOpen })
        #expect(f.test.window.modalDialog == nil && f.test.application.windows.count == 1)
    }
}
