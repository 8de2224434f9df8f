import Canopy
import CanopyTesting
import Testing

/// A plain class that builds a modal panel and answers its OK button, as a view controller
/// would; its callbacks hold it weakly, as the guide's do.
@MainActor final class ConfirmScreen {
    let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    let okButton = Button(title: "OK", frame: Rect(x: 10, y: 10, width: 80, height: 36))
    weak var presentation: Presentation?
    private let onConfirm: () -> Void

    init(onConfirm: @escaping () -> Void) {
        self.onConfirm = onConfirm
        view.addSubview(okButton)
        okButton.onPrimaryAction = { [weak self] in self?.confirm() }
    }

    private func confirm() {
        onConfirm()
        presentation?.dismiss()
    }

    /// Presents a new screen modally in `scene`, handing it to the presentation to keep when
    /// `kept`, and returns it (the caller holds it weakly: nothing else does).
    static func open(in scene: Scene, kept: Bool, onConfirm: @escaping () -> Void) -> ConfirmScreen {
        let screen = ConfirmScreen(onConfirm: onConfirm)
        let presentation = scene.present(screen.view, style: .modal())
        if kept { presentation.controller = screen }
        screen.presentation = presentation
        return screen
    }
}

/// The object that owns a presented view lives as long as the presentation, when the
/// presentation is given it as its ``Presentation/controller``.
@MainActor @Suite(.serialized) struct PresentationControllerTests {
    let time = ManualTime()

    func click(at point: Point, in scene: Scene) {
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
    }

    @Test func theControllerAnswersAfterThePresentingFunctionReturnedAndGoesWithThePresentation() throws {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        var confirmed = 0
        weak let screen = ConfirmScreen.open(in: scene, kept: true) { confirmed += 1 }
        time.step(by: 1)
        let presentation = try #require(screen?.presentation)  // held on: only the release frees it
        let ok = try #require(screen?.okButton)
        let point = ok.convert(ok.bounds.center, to: nil)
        click(at: point, in: scene)
        #expect(confirmed == 1)
        #expect(screen != nil)  // on its way out it is still kept
        time.step(by: 1)
        #expect(scene.presentations.isEmpty && !presentation.isPresented)
        #expect(screen == nil)  // let go as it left the scene: no leak
    }

    @Test func withoutOneTheOwnerIsFreedAtOnceAndItsButtonDoesNothing() {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        var confirmed = 0
        weak let screen = ConfirmScreen.open(in: scene, kept: false) { confirmed += 1 }
        time.step(by: 1)
        #expect(screen == nil)  // the trap the guide warns of
        let center = Point(x: 200, y: 150)  // the 200 × 100 panel is centred; OK is at its top left
        click(at: Point(x: center.x - 100 + 50, y: center.y - 50 + 28), in: scene)
        #expect(confirmed == 0)
        #expect(scene.presentations.count == 1)  // still up, answering nobody
    }
}
