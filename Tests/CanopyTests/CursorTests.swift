import Canopy
import Testing

/// Pointer shapes and the names hosts look them up by in a cursor theme.
@Suite struct CursorTests {
    @Test func shapesHaveTheCursorSpecificationsNames() {
        #expect(Cursor.columnResize.name == "col-resize")
        #expect(Cursor.rowResize.name == "row-resize")
        #expect(Cursor.resize(.bottomRight).name == "se-resize")
        #expect(Cursor.resize(.top).name == "n-resize")
        #expect(Cursor.notAllowed.name == "not-allowed")
        #expect(Cursor.hand.name == "pointer")
        #expect(Cursor.arrow.name == "default")
    }

    @Test func everyShapeHasANameOfItsOwn() {
        let names = Cursor.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Cursor.allCases.count == 20)
    }
}
