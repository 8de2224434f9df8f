import Testing

@testable import CanopyX11

/// A window's way onto the screen in memory: the first frame drawn ahead of the map and shown
/// by it, repairs from the back buffer, resizes and unmaps, in the order the server reports them.
@Suite struct WindowVisibilityTests {
    @Test func aFirstFrameDrawnAheadOfTheMapIsShownByTheMapAsTheBackground() {
        var visibility = WindowVisibility()
        #expect(visibility.acceptsFrame && !visibility.hasBeenShown)
        let copied = visibility.frameDrawn()
        #expect(!copied && visibility.buffer == .awaitingMap)  // not mapped: kept for the map
        #expect(!visibility.acceptsFrame)  // later damage waits for the map
        let makesBackground = visibility.showRequested(bufferCanBeBackground: true)
        #expect(makesBackground && visibility.backgroundIsFrame && visibility.hasBeenShown)
        #expect(visibility.framesPresented == 0)
        let clearsBackground = visibility.mapped()
        #expect(clearsBackground && !visibility.backgroundIsFrame)
        #expect(visibility.framesPresented == 1)  // the server painted it as it mapped
        // The Expose that follows the map shows what it painted: copied, but no repair.
        let copiesPart = visibility.exposed(isLast: false), copiesRest = visibility.exposed(isLast: true)
        #expect(copiesPart && copiesRest)
        #expect(visibility.exposuresRepaired == 0 && visibility.framesPresented == 1)
        // From then on an Expose is a repair.
        let repairs = visibility.exposed(isLast: true)
        #expect(repairs && visibility.exposuresRepaired == 1)
    }

    @Test func withoutTheBufferAsBackgroundTheFirstExposureShowsTheFirstFrame() {
        var visibility = WindowVisibility()
        _ = visibility.frameDrawn()
        let makesBackground = visibility.showRequested(bufferCanBeBackground: false)
        #expect(!makesBackground && visibility.hasBeenShown)
        let clearsBackground = visibility.mapped()
        #expect(!clearsBackground && visibility.framesPresented == 0)
        _ = visibility.exposed(isLast: true)
        #expect(visibility.framesPresented == 1 && visibility.exposuresRepaired == 0)
    }

    @Test func aWindowShownBeforeItDrewAnythingCopiesItsFramesOnceMapped() {
        var visibility = WindowVisibility()
        let makesBackground = visibility.showRequested(bufferCanBeBackground: true)
        #expect(!makesBackground)  // nothing drawn to show
        let copiesBeforeDrawing = visibility.exposed(isLast: true)
        #expect(!copiesBeforeDrawing)  // nothing to copy either
        _ = visibility.mapped()
        let copied = visibility.frameDrawn()
        #expect(copied && visibility.framesPresented == 1)
        #expect(visibility.acceptsFrame)
    }

    @Test func aFrameDrawnBetweenTheMapAndItsExposureLeavesThatExposureUncounted() {
        var visibility = WindowVisibility()
        _ = visibility.frameDrawn()
        _ = visibility.showRequested(bufferCanBeBackground: true)
        _ = visibility.mapped()
        let copied = visibility.frameDrawn()  // damage came before the map's Expose
        #expect(copied && visibility.framesPresented == 2)
        _ = visibility.exposed(isLast: true)
        #expect(visibility.exposuresRepaired == 0)
    }

    @Test func aResizeBlanksTheBufferAndStopsItBeingTheBackground() {
        var visibility = WindowVisibility()
        _ = visibility.frameDrawn()
        _ = visibility.showRequested(bufferCanBeBackground: true)
        let clearsBackground = visibility.resized()  // the old buffer would be tiled over the new size
        #expect(clearsBackground && !visibility.backgroundIsFrame)
        #expect(visibility.buffer == .blank && visibility.acceptsFrame)
        let copiesAfterResize = visibility.exposed(isLast: true)
        #expect(!copiesAfterResize)  // nothing at this size to copy
        let clearsAgain = visibility.mapped()
        #expect(!clearsAgain && visibility.framesPresented == 0)
        _ = visibility.frameDrawn()
        #expect(visibility.framesPresented == 1)
        let resizedMapped = visibility.resized()
        #expect(!resizedMapped && visibility.buffer == .blank)
    }

    @Test func anUnmappedWindowKeepsItsDamageUntilMappedAgain() {
        var visibility = WindowVisibility()
        _ = visibility.showRequested(bufferCanBeBackground: true)
        _ = visibility.mapped()
        _ = visibility.frameDrawn()
        visibility.unmapped()  // iconified
        #expect(!visibility.isMapped && visibility.hasBeenShown && !visibility.acceptsFrame)
        // Shown again: the frame it has is the background the server maps it with.
        let makesBackground = visibility.showRequested(bufferCanBeBackground: true)
        #expect(makesBackground)
        _ = visibility.mapped()
        #expect(visibility.acceptsFrame && visibility.framesPresented == 1)  // nothing new was drawn
        _ = visibility.exposed(isLast: true)
        #expect(visibility.exposuresRepaired == 1)
    }

    @Test func showingAMappedWindowChangesNothing() {
        var visibility = WindowVisibility()
        _ = visibility.showRequested(bufferCanBeBackground: true)
        _ = visibility.mapped()
        _ = visibility.frameDrawn()
        let makesBackground = visibility.showRequested(bufferCanBeBackground: true)
        #expect(!makesBackground && visibility.mapping == .mapped)
    }
}
