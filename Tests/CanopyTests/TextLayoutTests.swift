import Testing

@testable import Canopy

/// Carets, hit-testing, moves and selections over clusters, on layouts built by hand the way a
/// host builds them.
@MainActor struct TextLayoutTests {
    /// "ab" then a right-to-left word of two letters "אב" (positions 2 and 3) then "c", in a
    /// left-to-right paragraph: on screen a b ב א c, each 10 wide.
    let mixed = TextLayout(
        characterCount: 5, isRightToLeft: false,
        clusters: [
            .init(characters: 0..<1, x: 0, width: 10, isRightToLeft: false),
            .init(characters: 1..<2, x: 10, width: 10, isRightToLeft: false),
            .init(characters: 3..<4, x: 20, width: 10, isRightToLeft: true),
            .init(characters: 2..<3, x: 30, width: 10, isRightToLeft: true),
            .init(characters: 4..<5, x: 40, width: 10, isRightToLeft: false),
        ],
        metrics: TextMetrics(width: 50, ascent: 8, descent: 2))

    @Test func theStrongCaretSitsWhereTextOfTheParagraphsDirectionWouldGo() {
        #expect(mixed.caretOffset(at: 0) == 0)
        #expect(mixed.caretOffset(at: 2) == 20)  // after "b", not after א at 40
        #expect(mixed.caretOffset(at: 3) == 30)  // between ב and א
        #expect(mixed.caretOffset(at: 4) == 40)  // before "c" (after ב, a right-to-left letter)
        #expect(mixed.caretOffset(at: 5) == 50)
    }

    @Test func clicksLandOnTheNearerEdgeOfTheClusterUnderThem() {
        #expect(mixed.position(atX: -5) == 0)
        #expect(mixed.position(atX: 13) == 1)
        #expect(mixed.position(atX: 22) == 4)  // the left edge of ב is after it
        #expect(mixed.position(atX: 28) == 3)
        #expect(mixed.position(atX: 38) == 2)
        #expect(mixed.position(atX: 99) == 5)
    }

    @Test func arrowsMoveOnScreen() {
        var position = 0
        var visited: [Int] = []
        for _ in 0..<6 {
            position = mixed.position(visuallyRightOf: position)
            visited.append(position)
        }
        #expect(visited == [1, 2, 3, 4, 5, 5])
        #expect(mixed.position(visuallyLeftOf: 4) == 3)
        #expect(mixed.position(visuallyLeftOf: 3) == 2)
        #expect(mixed.position(visuallyLeftOf: 2) == 1)
    }

    @Test func aSelectionAcrossDirectionsIsSeveralRectangles() {
        // "b" and א: x 10–20 and 30–40, not the ב between them.
        let rects = mixed.selectionRects(for: 1..<3)
        #expect(rects == [Rect(x: 10, y: 0, width: 10, height: 10), Rect(x: 30, y: 0, width: 10, height: 10)])
        #expect(mixed.selectionRects(for: 0..<2) == [Rect(x: 0, y: 0, width: 20, height: 10)])
        #expect(mixed.selectionRects(for: 2..<2).isEmpty)
    }

    @Test func aLigatureSharesItsWidthAmongItsCharacters() {
        // "fi" drawn as one glyph 12 wide, then "x".
        let ligature = TextLayout(
            characterCount: 3, isRightToLeft: false,
            clusters: [
                .init(characters: 0..<2, x: 0, width: 12, isRightToLeft: false),
                .init(characters: 2..<3, x: 12, width: 6, isRightToLeft: false),
            ],
            metrics: TextMetrics(width: 18, ascent: 8, descent: 2))
        #expect(ligature.caretOffset(at: 1) == 6)
        #expect(ligature.position(atX: 5) == 1)
        #expect(ligature.selectionRects(for: 1..<2) == [Rect(x: 6, y: 0, width: 6, height: 10)])
    }

    @Test func aLayoutInPixelsReadsBackInPoints() {
        let twice = mixed.readIn(unitsPerPoint: 2)
        #expect(twice.width == 25)
        #expect(twice.caretOffset(at: 2) == 10)
        #expect(twice.position(atX: 14) == 3)
        #expect(twice.clusters[2].x == 10)
    }

    @Test func measurersThatDoNotShapeGiveOneClusterPerCharacter() {
        let layout = ApproximateTextMeasurer().layout("a你e\u{301}", font: .system(size: 10), direction: .natural)
        #expect(layout.characterCount == 3)
        #expect(layout.clusters.map(\.characters) == [0..<1, 1..<2, 2..<3])
        #expect(layout.caretOffset(at: 3) == layout.width)
    }
}
