import FilesKit
import Foundation
import Testing

/// Back and Forward through the folders visited, as a browser's history goes.
@Suite struct FolderHistoryTests {
    let a = URL(fileURLWithPath: "/a"), b = URL(fileURLWithPath: "/b"), c = URL(fileURLWithPath: "/c")

    @Test func backAndForwardRetraceTheVisitsAndAVisitForgetsForward() {
        var history = FolderHistory()
        history.visit(a)
        history.visit(b)
        history.visit(b)  // the same folder again: no new step
        history.visit(c)
        #expect(history.back == [a, b] && history.current == c)
        #expect(history.goBack() == b)
        #expect(history.goBack() == a)
        #expect(history.goBack() == nil && history.current == a)
        #expect(history.goForward() == b)
        history.visit(c)
        #expect(history.forward.isEmpty && history.back == [a, b])
        #expect(history.goForward() == nil)
    }
}
