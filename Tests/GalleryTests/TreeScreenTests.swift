@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Foundation
import GalleryKit
import Testing

extension GalleryTests {
    /// The Gallery's folder tree in an outline on a real window: opened and closed by the arrows,
    /// Shift-Right and clicks on its triangles sent through the X server; the rows that show, the
    /// folders the data source was asked to list, the selection on its nodes, and the triangles'
    /// pixels (pointing at the name, down when open, mirrored right to left).
    @MainActor @Suite struct TreeScreenTests {
        /// The Gallery's tree, noting whose children it was asked for.
        @MainActor final class CountingTree: OutlineViewDataSource {
            let tree = FolderTree()
            var listed: [String] = []

            func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int {
                listed.append(node as? String ?? "")
                return tree.outlineView(outlineView, numberOfChildrenOf: node)
            }
            func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable {
                tree.outlineView(outlineView, child: index, of: node)
            }
            func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool {
                tree.outlineView(outlineView, isExpandable: node)
            }
            func outlineView(_ outlineView: OutlineView, rowFor node: AnyHashable) -> ListRow {
                tree.outlineView(outlineView, rowFor: node)
            }
        }

        /// A 320 × 300 window holding the outline, 32-point rows (nine on screen).
        @MainActor final class Screen {
            let test: TestWindow
            let outline = OutlineView(frame: Rect(x: 10, y: 10, width: 300, height: 280))
            let tree = CountingTree()
            var opened: [String] = []

            init(scale: Double? = nil, rightToLeft: Bool = false) throws {
                let root = View()
                root.backgroundColor = .white
                root.addSubview(outline)
                outline.rowHeight = 32
                outline.outlineDataSource = tree
                test = try TestWindow(size: Size(width: 320, height: 300), rootView: root, scale: scale)
                outline.onExpansionChanged = { [unowned self] node, open in
                    opened.append("\(open ? "+" : "-")\(node)")
                }
                if rightToLeft { test.window.scene.layoutDirection = .rightToLeft }
                outline.becomeFocused()
                #expect(test.settle())
            }

            var shown: [String] { (0..<outline.numberOfRows).map { outline.node(atRow: $0) as? String ?? "?" } }

            /// The middle of row `row`'s triangle, in the window.
            func triangle(ofRow row: Int) throws -> Point {
                let view = try #require(outline.rowView(for: row))
                let frame = try #require(view.disclosureFrame)
                return view.convert(Point(x: frame.midX, y: frame.midY), to: nil)
            }

            /// Which way row `row`'s triangle points on screen, read from pixels on each of the
            /// three chevrons' arms: "right", "left", "down", or what was unclear.
            func pointing(ofRow row: Int) throws -> String {
                let center = try triangle(ofRow: row), scale = test.window.scale
                let shot = try test.capture()
                func pixel(_ dx: Double, _ dy: Double) -> UInt32 {
                    shot.rgb(
                        x: Int(((center.x + dx) * scale).rounded(.down)),
                        y: Int(((center.y + dy) * scale).rounded(.down)))
                        ?? 0
                }
                let background = pixel(-9, -12)
                func inked(_ dx: Double, _ dy: Double) -> Bool {
                    let ink = pixel(dx, dy)
                    return [UInt32(16), 8, 0].contains { (shift: UInt32) -> Bool in
                        let mine = Int((ink >> shift) & 0xff), theirs = Int((background >> shift) & 0xff)
                        return abs(mine - theirs) > 0x40
                    }
                }
                let ink = (right: inked(-2, -4), left: inked(1.5, -4), down: inked(4, -1.5))
                switch ink {
                case (true, false, false): return "right"
                case (false, true, false): return "left"
                case (false, false, true): return "down"
                default: return "unclear \(ink)"
                }
            }

            /// Whether row `row` shows as selected (not white at its end), the pointer away.
            func looksSelected(_ row: Int) throws -> Bool {
                test.move(to: Point(x: 316, y: 296))
                #expect(test.settle())
                let view = try #require(outline.rowView(for: row))
                let point = view.convert(Point(x: view.bounds.width - 4, y: 4), to: nil), scale = test.window.scale
                return try test.capture().rgb(x: Int(point.x * scale), y: Int(point.y * scale)) != 0xffffff
            }

            func screenshot(_ name: String) throws {
                guard let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] else { return }
                try test.capture().writePNG(to: "\(directory)/\(name).png")
            }
        }

        @Test func theArrowsOpenAndCloseAndShiftRightOpensAllBelowAskingOnlyForOpenedFolders() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            #expect(screen.shown == ["Documents", "Photos", "Nested", "Read me.txt"] && screen.tree.listed == [""])
            #expect(try screen.pointing(ofRow: 0) == "right")
            test.tap(.down)
            test.tap(.right)  // Documents opens
            #expect(test.wait { screen.shown.count == 6 }, "\(screen.shown)")
            #expect(screen.shown[1...2] == ["Documents/Letters", "Documents/Reports"])
            #expect(test.settle())
            #expect(try screen.pointing(ofRow: 0) == "down")
            test.tap(.right)  // to Letters
            test.tap(.right)  // Letters opens
            test.tap(.right)  // to its first letter
            #expect(test.wait { screen.outline.selectedNodes == ["Documents/Letters/To Ada.txt"] })
            test.tap(.left)  // back to Letters
            test.tap(.left)  // Letters closes
            test.tap(.left)  // to Documents
            test.tap(.left)  // Documents closes
            #expect(test.wait { screen.shown.count == 4 }, "\(screen.shown)")
            #expect(screen.opened == ["+Documents", "+Documents/Letters", "-Documents/Letters", "-Documents"])
            test.tap(.right, modifiers: .shift)  // Documents and everything below it
            #expect(test.wait { screen.shown.count == 4 + 2 + 3 + 2 + 8 }, "\(screen.shown)")
            #expect(
                screen.tree.listed == [
                    "", "Documents", "Documents/Letters", "Documents", "Documents/Letters", "Documents/Reports",
                    "Documents/Reports/2024", "Documents/Reports/2025",
                ])
            #expect(screen.outline.selectedNodes == ["Documents"])
            #expect(test.settle())
            try screen.screenshot("tree-open-all")
        }

        @Test(arguments: [1.0, 2.0]) func aClickOnATriangleOpensTenThousandPhotosAndTheSelectionStaysOnItsRow(
            scale: Double
        ) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: try #require(screen.outline.rowView(for: 3)).convert(Point(x: 200, y: 16), to: nil))
            #expect(test.wait { screen.outline.selectedNodes == ["Read me.txt"] })
            test.click(at: try screen.triangle(ofRow: 1))  // Photos
            #expect(test.wait { screen.outline.numberOfRows == 4 + FolderTree.photoCount })
            #expect(test.settle())
            #expect(screen.outline.selectedNodes == ["Read me.txt"] && screen.outline.selectedRow == 10_003)
            #expect(screen.tree.listed == ["", "Photos"] && screen.opened == ["+Photos"])
            #expect(try screen.pointing(ofRow: 1) == "down" && screen.outline.rowViewsMade < 20)
            #expect(try screen.looksSelected(3) == false)
            // A double click on Documents opens it, sliding the photos down.
            let documents = try #require(screen.outline.rowView(for: 0)).convert(Point(x: 200, y: 16), to: nil)
            test.click(at: documents)
            test.click(at: documents)
            #expect(test.wait { screen.opened == ["+Photos", "+Documents"] }, "\(screen.opened)")
            #expect(test.settle())
            #expect(screen.shown[3] == "Photos" && screen.outline.selectedNodes == ["Documents"])
            #expect(try screen.looksSelected(0))
            try screen.screenshot("tree-\(Int(scale))x")
        }

        @Test func rightToLeftTheTrianglesPointLeftFromTheRightAndLeftOpens() throws {
            let screen = try Screen(rightToLeft: true)
            defer { screen.test.close() }
            let test = screen.test
            let triangle = try screen.triangle(ofRow: 0)
            #expect(triangle.x > screen.outline.convert(screen.outline.bounds, to: nil).midX)
            #expect(try screen.pointing(ofRow: 0) == "left")
            test.tap(.down)
            test.tap(.left)  // forward, right to left: Documents opens
            #expect(test.wait { screen.shown.count == 6 })
            #expect(test.settle())
            #expect(try screen.pointing(ofRow: 0) == "down")
            #expect(try screen.pointing(ofRow: 1) == "left")
            test.tap(.right)  // backward: Documents closes
            #expect(test.wait { screen.shown.count == 4 })
            test.tap(.left)
            #expect(test.wait { screen.shown.count == 6 })
            #expect(test.settle())
            try screen.screenshot("tree-rtl")
        }
    }
}
