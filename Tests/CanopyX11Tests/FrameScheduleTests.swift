import CX11
import Testing

@testable import CanopyX11

/// The loop's timing policy in memory: frames in flight, refresh slots, input, idle, animation
/// steps and wake-ups, with made-up times and request serials.
@Suite struct FrameScheduleTests {
    /// Times in 1/1024 s, about a millisecond, so that sums are exact in binary.
    private func t(_ ticks: Double) -> Double { ticks / 1024 }
    /// A 64 Hz refresh: 16 ticks.
    private var interval: Double { t(16) }

    /// Presents a frame at `now` whose last request is `serial`; returns whether it asked for
    /// a receipt (sent at once, with the next serial).
    @discardableResult
    private func present(_ schedule: inout FrameSchedule, at now: Double, lastRequest serial: UInt) -> Bool {
        let needsReceipt = schedule.framesPresented(lastRequest: serial, at: now)
        if needsReceipt { schedule.receiptSent(serial: serial + 1) }
        return needsReceipt
    }

    @Test func atMostTwoFramesAreUnprocessedAtTheServer() {
        var schedule = FrameSchedule(interval: interval)
        let firstAsked = present(&schedule, at: 0, lastRequest: 10)  // one in flight needs no receipt
        #expect(!firstAsked)
        let secondAsked = present(&schedule, at: t(16), lastRequest: 20)  // two do
        #expect(secondAsked)
        #expect(schedule.framesInFlight == 2)
        #expect(schedule.isAwaitingReceipt)
        // However late it gets, nothing goes while the server has not caught up.
        #expect(schedule.readiness(at: t(512)) == .afterServer)
        schedule.inputArrived()
        #expect(schedule.readiness(at: t(512)) == .afterServer)  // not even a frame answering a key
        schedule.serverProcessed(through: 10)  // the first frame is processed
        #expect(schedule.framesInFlight == 1)
        #expect(schedule.readiness(at: t(512)) == .now)
        schedule.serverProcessed(through: 21)  // and the receipt
        #expect(!schedule.isAwaitingReceipt)
        #expect(schedule.mostFramesInFlight == 2)
    }

    @Test func atMostOneFrameGoesPerRefreshForWhatChangesByItself() {
        var schedule = FrameSchedule(interval: interval)
        present(&schedule, at: t(1024), lastRequest: 10)
        schedule.serverProcessed(through: 10)
        #expect(schedule.readiness(at: t(1028)) == .at(t(1040)))
        #expect(schedule.readiness(at: t(1039)) == .now)  // within the loop's millisecond of the slot
        // Frames that follow each other stay on the refresh's grid, even when one comes a little
        // late for its slot.
        present(&schedule, at: t(1043), lastRequest: 20)
        schedule.serverProcessed(through: 20)
        #expect(schedule.readiness(at: t(1046)) == .at(t(1056)))
    }

    @Test func aFrameAnsweringInputGoesAtOnceAndTheRefreshIsFollowedFromIt() {
        var schedule = FrameSchedule(interval: interval)
        present(&schedule, at: t(1024), lastRequest: 10)
        schedule.serverProcessed(through: 10)
        schedule.inputArrived()
        #expect(schedule.isAnsweringInput)
        #expect(schedule.readiness(at: t(1026)) == .now)
        present(&schedule, at: t(1026), lastRequest: 20)
        #expect(!schedule.isAnsweringInput)  // answered
        schedule.serverProcessed(through: 20)
        #expect(schedule.readiness(at: t(1030)) == .at(t(1042)))  // a refresh after the answer
    }

    @Test func inputThatChangedNothingToShowLeavesTheNextSlotAlone() {
        var schedule = FrameSchedule(interval: interval)
        present(&schedule, at: t(1024), lastRequest: 10)
        schedule.serverProcessed(through: 10)
        schedule.inputArrived()
        schedule.nothingToPresent()
        #expect(schedule.readiness(at: t(1026)) == .at(t(1040)))
    }

    @Test func theFirstFrameAfterIdleGoesAtOnce() {
        var schedule = FrameSchedule(interval: interval)
        #expect(schedule.readiness(at: 0) == .now)  // the very first
        present(&schedule, at: 0, lastRequest: 10)
        schedule.serverProcessed(through: 10)
        #expect(schedule.readiness(at: t(512)) == .now)
        present(&schedule, at: t(512), lastRequest: 20)  // the grid starts again from here
        schedule.serverProcessed(through: 20)
        #expect(schedule.readiness(at: t(515)) == .at(t(528)))
    }

    @Test func framesThatSentNoRequestsAreNotInFlight() {
        var schedule = FrameSchedule(interval: interval)
        schedule.inputArrived()
        let asked = schedule.framesPresented(lastRequest: nil, at: 0)
        #expect(!asked)
        #expect(schedule.framesInFlight == 0 && !schedule.isAnsweringInput)
        #expect(schedule.readiness(at: t(1)) == .now)  // no slot taken
    }

    @Test func unpacedFramesGoAtOnceAndAskForNoReceipt() {
        var schedule = FrameSchedule(interval: interval)
        schedule.pacesFrames = false
        for (index, serial) in [10, 20, 30].enumerated() {
            #expect(schedule.readiness(at: t(Double(index))) == .now)
            let asked = present(&schedule, at: t(Double(index)), lastRequest: UInt(serial))
            #expect(!asked)
        }
        #expect(schedule.mostFramesInFlight == 3)  // still counted, for benchmarks
        schedule.pacesFrames = true  // none of them is waited for afterwards
        #expect(schedule.framesInFlight == 0)
        #expect(schedule.readiness(at: t(100)) == .now)
    }

    @Test func anAnimationStepsARefreshAfterItStartsThenOnTheGrid() {
        var schedule = FrameSchedule(interval: interval)
        var steps: [Double] = []
        var animating = true
        func turn(at now: Double) {
            guard schedule.beginStep(at: now, isAnimating: animating, earliestStart: nil, nextTimer: nil) else {
                return
            }
            schedule.timersFired(at: now, isAnimating: animating)
            steps.append(now)
            schedule.animationsTicked(at: now, isAnimating: animating)
        }
        turn(at: t(1024))  // it starts: its first frame shows the start values
        #expect(steps.isEmpty)
        #expect(schedule.wake(at: t(1024), hasDamage: false, earliestStart: nil, nextTimer: nil) == .at(t(1040)))
        turn(at: t(1040))
        turn(at: t(1045))  // an event between steps steps nothing
        turn(at: t(1055.5))  // half a tick early is on time
        #expect(steps == [t(1040), t(1055.5)])
        #expect(schedule.wake(at: t(1056), hasDamage: false, earliestStart: nil, nextTimer: nil) == .at(t(1072)))
        turn(at: t(1100))  // late: the next one is a whole refresh later
        #expect(schedule.wake(at: t(1100), hasDamage: false, earliestStart: nil, nextTimer: nil) == .at(t(1116)))
        animating = false
        turn(at: t(1116))
        // It ended: the loop sleeps until something happens.
        #expect(schedule.wake(at: t(1117), hasDamage: false, earliestStart: nil, nextTimer: nil) == .onEvent)
    }

    @Test func aTimerThatStartsAnAnimationPacesItFromThere() {
        var schedule = FrameSchedule(interval: interval)
        let stepped = schedule.beginStep(at: t(2048), isAnimating: false, earliestStart: nil, nextTimer: t(2048))
        #expect(stepped)
        schedule.timersFired(at: t(2048), isAnimating: true)  // the timer started a fade
        schedule.animationsTicked(at: t(2048), isAnimating: true)
        #expect(schedule.wake(at: t(2048), hasDamage: false, earliestStart: nil, nextTimer: nil) == .at(t(2064)))
    }

    @Test func anAnimationWaitingOutItsDelayWakesTheLoopAtItsStart() {
        var schedule = FrameSchedule(interval: interval)
        let stepsEarly = schedule.beginStep(at: t(1024), isAnimating: true, earliestStart: t(1536), nextTimer: nil)
        #expect(!stepsEarly)
        #expect(schedule.wake(at: t(1024), hasDamage: false, earliestStart: t(1536), nextTimer: nil) == .at(t(1536)))
        #expect(
            schedule.wake(at: t(1024), hasDamage: false, earliestStart: t(1536), nextTimer: t(1228)) == .at(t(1228)))
        let stepsAtStart = schedule.beginStep(at: t(1536), isAnimating: true, earliestStart: t(1536), nextTimer: nil)
        #expect(stepsAtStart)
    }

    @Test func theLoopWakesForAWaitingFrameAtOnceAtItsSlotOrWithTheServersReceipt() {
        var schedule = FrameSchedule(interval: interval)
        #expect(schedule.wake(at: 0, hasDamage: false, earliestStart: nil, nextTimer: nil) == .onEvent)
        #expect(schedule.wake(at: 0, hasDamage: true, earliestStart: nil, nextTimer: nil) == .now)
        present(&schedule, at: 0, lastRequest: 10)
        #expect(schedule.wake(at: t(2), hasDamage: true, earliestStart: nil, nextTimer: nil) == .at(t(16)))
        #expect(schedule.wake(at: t(2), hasDamage: true, earliestStart: nil, nextTimer: t(5)) == .at(t(5)))
        #expect(schedule.wake(at: t(2), hasDamage: false, earliestStart: nil, nextTimer: nil) == .onEvent)
        present(&schedule, at: t(16), lastRequest: 20)
        // Two in flight: only the receipt (an event) wakes the loop for the frame.
        #expect(schedule.wake(at: t(512), hasDamage: true, earliestStart: nil, nextTimer: nil) == .onEvent)
        #expect(schedule.wake(at: t(512), hasDamage: true, earliestStart: nil, nextTimer: t(700)) == .at(t(700)))
    }

    @Test func keysButtonsResizesAndMapsAreAnsweredAtOnceAndMotionIsNot() {
        for type in [KeyPress, KeyRelease, ButtonPress, ButtonRelease, ConfigureNotify, MapNotify] {
            #expect(Application.answersAtOnce(type))
        }
        for type in [MotionNotify, Expose, PropertyNotify, ClientMessage, EnterNotify] {
            #expect(!Application.answersAtOnce(type))
        }
    }
}
