import Canopy
import Testing

@Suite struct GeometryTests {
    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)  // touching edges share no area
        #expect(Rect.zero.union(b) == b)
    }

    @Test func containmentExcludesTheFarEdges() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Point(x: 9.99, y: 9.99)))
        #expect(!r.contains(Point(x: 10, y: 5)))
        #expect(!r.contains(Point(x: 5, y: -0.01)))
    }

    @Test func negativeSizesAreStandardized() {
        let r = Rect(x: 10, y: 10, width: -4, height: -6)
        #expect(r.standardized == Rect(x: 6, y: 4, width: 4, height: 6))
        #expect(r.contains(Point(x: 7, y: 5)))
    }

    @Test func integralCoversFractionalRects() {
        #expect(Rect(x: 0.5, y: 1.2, width: 10, height: 2.5).integral == Rect(x: 0, y: 1, width: 11, height: 3))
        #expect(Rect(x: 2, y: 3, width: 4, height: 5).integral == Rect(x: 2, y: 3, width: 4, height: 5))
    }

    @Test func colorsClampAndParseHex() {
        let c = Color(rgb: 0x58baff)
        #expect(abs(c.red - 0x58 / 255.0) < 1e-9 && abs(c.blue - 1) < 1e-9)
        #expect(Color(red: 2, green: -1, blue: .nan).red == 1)
        #expect(Color(red: 2, green: -1, blue: .nan).green == 0)
        #expect(Color(red: 2, green: -1, blue: .nan).blue == 0)
    }
}
