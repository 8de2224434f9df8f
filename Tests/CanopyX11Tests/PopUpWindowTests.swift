import CX11
import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// Pop-ups that reach past their window go into windows of their own, kept on the monitor,
    /// under real window managers.
    @MainActor @Suite struct PopUpWindowTests {
        /// Writes the whole screen to `$CANOPY_SCREENSHOT_DIR/name.png` when that is set, to look at.
        func saveScreen(_ input: InputDriver, _ manager: WindowManager, _ name: String) throws {
            guard let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] else { return }
            let screen = Rect(x: 0, y: 0, width: Double(manager.display.width), height: Double(manager.display.height))
            try input.captureScreen(screen)?.writePNG(to: "\(directory)/\(name).png")
        }

        @Test(arguments: WindowManager.Kind.allCases)
        func aDropDownNearTheWindowsBottomRightEdgeExtendsPastItOnTheScreen(_ kind: WindowManager.Kind) throws {
            let manager = try ManagedDisplays.windowManager(kind)
            let root = View()
            root.backgroundColor = Color(rgb: 0xe9eef5)
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
                frame: Rect(x: 160, y: 100, width: 200, height: 36))
            root.addSubview(dropDown)
            let test = try TestWindow(size: Size(width: 300, height: 150), rootView: root, windowManager: manager)
            defer { test.close() }
            let target = Point(x: 300, y: 200)
            test.input.moveWindow(test.window, to: target)
            // Where the manager puts it exactly: a window placed at x >= 300 from the start would
            // satisfy a looser test before the move, and the click would chase the window.
            let origin = test.input.screenOrigin(of: test.window, withFrameAt: target)
            #expect(test.wait { test.input.screenFrame(of: test.window.windowID).origin == origin })
            var chosen: Int?
            dropDown.onValueChanged = { chosen = $0 }
            test.click(dropDown)
            #expect(test.wait { dropDown.isOpen })
            #expect(test.settle())
            let popUp = try #require(test.window.popUpWindowIDs.first)
            let window = test.input.screenFrame(of: test.window.windowID)
            let list = test.input.screenFrame(of: popUp)
            #expect(list.maxY > window.maxY && list.maxX > window.maxX, "list \(list), window \(window)")
            #expect(list.height == 240)  // the whole list: the window does not cut it short
            let screen = Rect(x: 0, y: 0, width: Double(manager.display.width), height: Double(manager.display.height))
            #expect(screen.contains(list))
            #expect(test.input.atomNames("_NET_WM_WINDOW_TYPE", ofWindow: popUp) == ["_NET_WM_WINDOW_TYPE_COMBO"])
            // It shows the list: the row colour, not the desktop, below the window.
            let below = try #require(
                test.input.captureScreen(Rect(x: list.midX, y: window.maxY + 60, width: 1, height: 1)))
            #expect(below.rgb(x: 0, y: 0) == 0xffffff)
            try saveScreen(test.input, manager, "dropdown-past-window-\(kind)")
            // A row outside the window takes the click (in window coordinates, past its bottom).
            test.click(at: Point(x: 260, y: 136 + 4 + 44 * 3 + 22))
            #expect(test.wait { chosen == 3 })
            #expect(test.settle())
            #expect(test.wait { test.window.popUpWindowIDs.isEmpty })
        }

        @Test(arguments: WindowManager.Kind.allCases)
        func aClickOnAnotherClientsWindowClosesThePopUp(_ kind: WindowManager.Kind) throws {
            let manager = try ManagedDisplays.windowManager(kind)
            let root = View()
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
                frame: Rect(x: 20, y: 20, width: 200, height: 36))
            root.addSubview(dropDown)
            let test = try TestWindow(size: Size(width: 300, height: 150), rootView: root, windowManager: manager)
            defer { test.close() }
            let other = try OtherClient(servedBy: test.application)
            other.showWindow(at: Rect(x: 900, y: 20, width: 100, height: 100))
            test.click(dropDown)
            #expect(test.wait { dropDown.isOpen })  // the manager may hold the first click a moment
            #expect(test.settle())
            #expect(test.window.isGrabbingPointer)
            test.input.click(atScreen: Point(x: 950, y: 70))
            #expect(test.wait { !dropDown.isOpen })
            #expect(test.wait { !test.window.isGrabbingPointer })  // let go with the pop-up
        }

        @Test(arguments: WindowManager.Kind.allCases)
        func aMenuAtTheScreensRightEdgeFlipsInwardAndStaysOnTheMonitor(_ kind: WindowManager.Kind) throws {
            let manager = try ManagedDisplays.windowManager(kind)
            let root = View()
            root.backgroundColor = Color(rgb: 0xe9eef5)
            let test = try TestWindow(size: Size(width: 260, height: 160), rootView: root, windowManager: manager)
            defer { test.close() }
            test.input.moveWindow(test.window, to: Point(x: Double(manager.display.width) - 262, y: 300))
            #expect(
                test.wait { test.input.screenFrame(of: test.window.windowID).maxX >= Double(manager.display.width) - 5 }
            )
            // The window knows where it went (the manager's ConfigureNotify) before the menu opens.
            #expect(test.wait { (test.window.popUpArea?.maxX ?? .infinity) <= 270 })
            let menu = Menu(items: ["Cut", "Copy", "Paste", "Select everything in the document"].map { MenuItem($0) })
            let point = Point(x: 250, y: 150)
            menu.present(at: point, in: test.window.scene)
            #expect(test.settle())
            let popUp = try #require(test.window.popUpWindowIDs.first)
            let frame = test.input.screenFrame(of: popUp)
            let window = test.input.screenFrame(of: test.window.windowID)
            let screen = Rect(x: 0, y: 0, width: Double(manager.display.width), height: Double(manager.display.height))
            #expect(screen.contains(frame), "menu \(frame)")
            #expect(frame.maxX <= window.minX + point.x + 1)  // flipped to the left of the pointer
            #expect(frame.maxY > window.maxY)  // below the window's bottom edge
            #expect(test.input.atomNames("_NET_WM_WINDOW_TYPE", ofWindow: popUp) == ["_NET_WM_WINDOW_TYPE_POPUP_MENU"])
            try saveScreen(test.input, manager, "menu-flipped-at-screen-edge-\(kind)")
            test.tap(.escape)
            #expect(test.settle())
            #expect(test.wait { test.window.popUpWindowIDs.isEmpty && !test.window.isGrabbingPointer })
        }
    }
}
