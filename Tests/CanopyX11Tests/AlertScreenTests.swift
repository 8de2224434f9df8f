import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// `Alert` on screen, in the window and in a dialog window of its own, answered by the mouse
    /// and by the keyboard through the X server; and dialog windows' Enter and Escape.
    @MainActor @Suite struct AlertScreenTests {
        /// The standard theme's destructive colour, as pixels read it.
        static let destructiveRed: UInt32 = 0xd0312d

        /// A white 600 × 400 window and a "Delete?" alert whose answers are logged.
        @MainActor struct Screen {
            let test: TestWindow
            let alert = Alert(
                title: "Delete “Report”?", message: "The note will be deleted. This cannot be undone.",
                buttons: [Alert.Choice("Cancel", role: .cancel), Alert.Choice("Delete", role: .destructive)])
            let log = Log()

            @MainActor final class Log {
                var responses: [String] = []
            }

            init(scale: Double? = nil) throws {
                let root = View()
                root.backgroundColor = .white
                test = try TestWindow(size: Size(width: 600, height: 400), rootView: root, scale: scale)
                let (alert, log) = (alert, log)
                alert.onResponse = { log.responses.append(alert.buttons[$0].title) }
                #expect(test.settle())
            }

            /// The colour at `point` of `window`, in window points, once the screen has caught up.
            func pixel(_ point: Point, in window: Window? = nil) throws -> UInt32? {
                let window = window ?? test.window
                #expect(test.settle())
                return try window.captureImage().rgb(
                    x: Int(point.x * window.scale), y: Int(point.y * window.scale))
            }

            /// A point inside `view`'s fill, clear of its title: 4 points in from its leading edge.
            func fillPoint(of view: View) -> Point {
                let frame = view.convert(view.bounds, to: nil)
                return Point(x: frame.minX + 4, y: frame.midY)
            }
        }

        @Test(arguments: [1.0, 2.0]) func inTheWindowItDimsWhatIsBehindDrawsDeleteRedAndAClickAnswersIt(
            scale: Double
        ) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            screen.alert.present(in: screen.test.window.scene)
            let delete = screen.alert.buttons[1]
            #expect(try screen.pixel(Point(x: 5, y: 5)) == 0xb3b3b3)  // white under 30% black
            #expect(try screen.pixel(screen.fillPoint(of: delete)) == Self.destructiveRed)
            #expect(try screen.pixel(screen.fillPoint(of: screen.alert.buttons[0])) == 0xffffff)
            screen.test.click(delete)
            #expect(screen.test.wait { screen.log.responses == ["Delete"] })
            #expect(try screen.pixel(Point(x: 5, y: 5)) == 0xffffff)  // gone
        }

        @Test func inTheWindowTheKeyboardAloneAnswersIt() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.input.focus(test.window)
            #expect(test.wait { test.window.hasKeyboardFocus })
            screen.alert.present(in: test.window.scene)
            test.tap(.escape)
            #expect(test.wait { screen.log.responses == ["Cancel"] })
            screen.alert.present(in: test.window.scene)
            test.tap(.tab)  // from Cancel to Delete
            test.tap(.enter)
            #expect(test.wait { screen.log.responses == ["Cancel", "Delete"] })
        }

        @Test func asADialogWindowItIsSizedToItselfAndEscapeAnswersCancelAndClosesIt() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            let dialog = try test.window.presentDialog(screen.alert)
            #expect(test.wait { dialog.isMapped && dialog.framesPresented > 0 && test.input.isViewable(dialog) })
            #expect(dialog.scene.size == screen.alert.sizeThatFits(Size(width: 420, height: .infinity)))
            #expect(dialog.title == "Delete “Report”?")
            #expect(dialog.scene.focusedView === screen.alert.buttons[0])
            test.input.focus(dialog)
            #expect(test.wait { dialog.hasKeyboardFocus })
            test.tap(.escape)
            #expect(test.wait { !dialog.isOpen })
            #expect(screen.log.responses == ["Cancel"])
        }

        @Test func asADialogWindowAClickOnDeleteAnswersItAndClosesIt() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            let dialog = try test.window.presentDialog(screen.alert)
            #expect(test.wait { dialog.isMapped && dialog.framesPresented > 0 && test.input.isViewable(dialog) })
            let delete = screen.alert.buttons[1]
            #expect(try screen.pixel(screen.fillPoint(of: delete), in: dialog) == Self.destructiveRed)
            test.input.click(at: delete.convert(delete.bounds.center, to: nil), in: dialog)
            #expect(test.wait { !dialog.isOpen })
            #expect(screen.log.responses == ["Delete"])
        }

        @Test func anyDialogWindowPressesItsDefaultButtonOnEnterAndClosesOnEscape() throws {
            let test = try TestWindow(size: Size(width: 300, height: 200))
            defer { test.close() }
            let root = View()
            let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 30))
            let apply = Button(title: "Apply", frame: Rect(x: 20, y: 70, width: 100, height: 36))
            apply.role = .default
            var applied = 0
            apply.onPrimaryAction = { applied += 1 }
            root.addSubview(field)
            root.addSubview(apply)
            let dialog = try test.window.presentDialog(
                title: "Settings", size: Size(width: 260, height: 140), rootView: root)
            #expect(test.wait { dialog.isMapped && test.input.isViewable(dialog) })
            #expect(field.becomeFocused())
            test.input.focus(dialog)
            #expect(test.wait { dialog.hasKeyboardFocus })
            test.tap(.enter)  // the field does not use Enter: the default button takes it
            #expect(test.wait { applied == 1 })
            #expect(dialog.isOpen)
            test.tap(.escape)  // no cancel button: Escape closes the dialog
            #expect(test.wait { !dialog.isOpen })
            #expect(test.window.isOpen)
        }
    }
}
