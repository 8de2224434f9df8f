import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// The pointer's shape comes from the user's cursor theme by its freedesktop name, read back
    /// by another client through XFixes, as a screen magnifier or recorder sees it.
    @MainActor @Suite struct CursorThemeTests {
        /// A view showing whichever shape it is given.
        final class ShapedView: View {
            var shape = Cursor.arrow
            override var cursor: Cursor? { shape }
        }

        /// A window with a shaped view on its left half and a plain one on its right.
        @MainActor struct Fixture {
            let test: TestWindow
            let shaped = ShapedView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let reader: ScreenCursorReader

            init(display: VirtualDisplay? = nil) throws {
                let root = View()
                root.addSubview(shaped)
                test = try TestWindow(size: Size(width: 200, height: 100), rootView: root, display: display)
                reader = try ScreenCursorReader(displayName: test.application.displayName)
            }

            /// Moves the pointer off the shaped view and back onto it, so it takes `shape`.
            func hover(_ shape: Cursor) {
                shaped.shape = shape
                test.move(to: Point(x: 150, y: 50))
                test.move(to: Point(x: 50, y: 50))
            }
        }

        @Test func everyShapeIsTheThemesCursorOfItsName() throws {
            let fixture = try Fixture()
            defer { fixture.test.close() }
            // The arrow last: until a view asks for another shape the window shows the root's.
            for shape in Cursor.allCases.filter({ $0 != .arrow }) + [.arrow] {
                fixture.hover(shape)
                #expect(fixture.test.wait { fixture.reader.current()?.name == shape.name }, "\(shape)")
                #expect(fixture.test.window.pointerShape == shape)
            }
        }

        @Test func theThemeAndSizeComeFromTheXResources() throws {
            let server = try VirtualDisplay(width: 800, height: 600)
            defer { server.stop() }
            // Without the resources, libXcursor sizes cursors from the screen's height (600 / 48
            // gives Adwaita's smallest, 24 px): 48 is the resource's.
            try InputDriver(displayName: server.name).setResources("Xcursor.theme:\tAdwaita\nXcursor.size:\t48\n")
            let fixture = try Fixture(display: server)
            defer { fixture.test.close() }
            fixture.hover(.columnResize)
            #expect(fixture.test.wait { fixture.reader.current()?.name == "col-resize" })
            let shape = fixture.reader.current()
            #expect(shape?.width == 48 && shape?.height == 48, "\(String(describing: shape))")
        }
    }
}
