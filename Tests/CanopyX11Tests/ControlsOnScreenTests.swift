@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// The slider, switch, radio group and progress bar on a real window: XTest's mouse and
    /// keyboard, focus rings in pixels, and hit areas at 2×.
    @MainActor @Suite struct ControlsOnScreenTests {
        /// One of each on a white window, with a button beside the slider to take focus away.
        /// The slider's track runs from x 23 to 223 (points), the switch sits at (10, 60), a check
        /// box beside it at (100, 64), the group at (10, 110), the bar at (10, 220).
        @MainActor final class Screen {
            let root = View()
            let other = Button(title: "Other", frame: Rect(x: 250, y: 0, width: 60, height: 30))
            let slider = Slider(value: 0.5, frame: Rect(x: 10, y: 10, width: 226, height: 28))
            let toggle = Switch(frame: Rect(x: 10, y: 60, width: 46, height: 30))
            let box = CheckBox(title: "Box", frame: Rect(x: 100, y: 64, width: 0, height: 0))
            let group = RadioGroup(
                options: ["Small", "Medium", "Large"], frame: Rect(x: 10, y: 110, width: 160, height: 0))
            let bar = ProgressBar(progress: 0.25, frame: Rect(x: 10, y: 220, width: 200, height: 6))
            let test: TestWindow
            var reports: [String] = []

            init(scale: Double = 1) throws {
                root.backgroundColor = .white
                group.frame.size.height = group.sizeThatFits(Size(width: 160, height: 999)).height
                box.sizeToFit()
                for view in [other, slider, toggle, box, group, bar] as [View] { root.addSubview(view) }
                test = try TestWindow(size: Size(width: 320, height: 240), rootView: root, scale: scale)
                slider.onValueChanged = { [unowned self] in self.reports.append("slider \($0)") }
                toggle.onValueChanged = { [unowned self] in self.reports.append("switch \($0)") }
                box.onValueChanged = { [unowned self] in self.reports.append("box \($0)") }
                group.onValueChanged = { [unowned self] in self.reports.append("radio \($0)") }
            }

            /// The window point of `point` in `view`'s bounds.
            func window(_ point: Point, in view: View) -> Point { view.convert(point, to: nil) }

            /// The pixel at window point `point`, at the window's scale, after the screen caught up.
            func pixel(at point: Point) throws -> UInt32 {
                #expect(test.settle())
                let scale = test.window.scale
                return try #require(try test.capture().rgb(x: Int(point.x * scale), y: Int(point.y * scale)))
            }

            /// Whether `colour` is the focus ring's blue (the accent at 60 % over white), roughly.
            func isRingBlue(_ colour: UInt32) -> Bool {
                let red = Int(colour >> 16 & 0xff), blue = Int(colour & 0xff)
                return blue > 200 && blue - red > 60
            }
        }

        @Test func theSliderFollowsARealDragAndTheArrowKeys() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, slider) = (screen.test, screen.slider)
            let knob = screen.window(slider.knobFrame.center, in: slider)
            test.input.move(to: knob, in: test.window)
            test.input.press()
            test.input.move(to: Point(x: knob.x + 50, y: knob.y + 60), in: test.window)  // off the slider
            #expect(test.wait { slider.value == 0.75 })
            test.input.move(to: Point(x: 400, y: knob.y), in: test.window)
            test.input.release()
            #expect(test.wait { slider.value == 1 })
            #expect(slider.isFocused)
            test.tap(.left)
            test.tap(.left, modifiers: .shift)
            test.tap(.home)
            #expect(test.wait { slider.value == 0 })
            #expect(screen.reports == ["slider 0.75", "slider 1.0", "slider 0.99", "slider 0.89", "slider 0.0"])
            test.click(at: Point(x: 73, y: 24))  // a quarter along the track: the knob jumps there
            #expect(test.wait { slider.value == 0.25 })
        }

        @Test func theSwitchTurnsOverByClickAndSpace() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, toggle) = (screen.test, screen.toggle)
            test.click(toggle)
            #expect(test.wait { toggle.isOn })
            #expect(toggle.isFocused)
            test.tap(.space)
            #expect(test.wait { !toggle.isOn })
            #expect(test.settle())
            #expect(screen.reports == ["switch true", "switch false"])
            // On, the track is the accent's blue; the knob (white, with the pointer off it) slid to
            // the right end.
            test.tap(.space)
            test.move(to: Point(x: 300, y: 230))
            let track = screen.window(toggle.trackFrame.center, in: toggle)
            #expect(try screen.pixel(at: Point(x: track.x - 14, y: track.y)) == Theme.standard.accent.rgbValue)
            #expect(try screen.pixel(at: Point(x: track.x + 10, y: track.y)) == 0xffffff)
        }

        @Test func theRadioGroupIsOneTabStopWhoseArrowsMoveTheChoice() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, group) = (screen.test, screen.group)
            test.click(group.buttons[2])
            #expect(test.wait { group.selectedIndex == 2 })
            #expect(group.isFocused)
            test.tap(.down)  // wraps to the first
            test.tap(.up)
            test.tap(.up)
            #expect(test.wait { group.selectedIndex == 1 })
            // Tab order is reading order: the slider and the button beside it share the first
            // line, the switch and the check box the second, then the group; the options are not
            // stops of their own.
            for expected in [screen.slider, screen.other, screen.toggle, screen.box, group, screen.slider] as [View] {
                test.tap(.tab)
                #expect(test.wait { expected.isFocused })
            }
            #expect(screen.reports == ["radio 2", "radio 0", "radio 2", "radio 1"])
        }

        @Test func eachShowsItsFocusRingInPixels() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let slider = screen.slider, toggle = screen.toggle, group = screen.group, box = screen.box
            let chosen = group.buttons[group.selectedIndex]
            // A point on each ring: two points above the knob, the track and the chosen circle,
            // and left of the box (outside the check box's bounds: the ring reaches past them).
            let probes: [(View, Point)] = [
                (slider, screen.window(Point(x: slider.knobFrame.midX, y: slider.knobFrame.minY - 2), in: slider)),
                (toggle, screen.window(Point(x: toggle.trackFrame.midX, y: toggle.trackFrame.minY - 2), in: toggle)),
                (group, screen.window(Point(x: chosen.circleFrame.midX, y: chosen.circleFrame.minY - 2), in: chosen)),
                (box, screen.window(Point(x: box.boxFrame.minX - 2, y: box.boxFrame.midY), in: box)),
            ]
            screen.other.becomeFocused()
            let unfocused = try probes.map { try screen.pixel(at: $0.1) }
            for (index, (view, point)) in probes.enumerated() {
                #expect(view.becomeFocused())
                let focused = try screen.pixel(at: point)
                #expect(focused != unfocused[index], "no ring on \(type(of: view))")
                #expect(screen.isRingBlue(focused), "\(type(of: view)): \(String(focused, radix: 16))")
                #expect(!screen.isRingBlue(unfocused[index]))
            }
            // Focus moved away, every ring is gone, none left behind.
            screen.other.becomeFocused()
            #expect(try probes.map { try screen.pixel(at: $0.1) } == unfocused)
        }

        @Test func anIndeterminateBarWakesTheLoopOncePerFrameAndNotAtAllOnceDeterminate() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, bar) = (screen.test, screen.bar)
            let track = screen.window(bar.trackFrame.center, in: bar)
            #expect(try screen.pixel(at: Point(x: track.x - 80, y: track.y)) == Theme.standard.accent.rgbValue)
            #expect(try screen.pixel(at: Point(x: track.x + 10, y: track.y)) != Theme.standard.accent.rgbValue)
            bar.isIndeterminate = true
            let turns = test.application.loopTurns, frames = test.window.framesPresented
            test.wait(timeout: 0.5) { false }
            let turned = test.application.loopTurns - turns, presented = test.window.framesPresented - frames
            #expect(presented >= 25, "only \(presented) frames in 0.5 s")
            // One wake-up a frame, and one for the receipt every second frame asks for (FrameSchedule).
            #expect(turned <= presented * 3 / 2 + 2, "\(turned) loop turns for \(presented) frames")
            // The segment moves: two moments look different.
            let first = try test.capture()
            test.wait(timeout: 0.2) { false }
            #expect(try test.capture() != first)
            bar.isIndeterminate = false
            #expect(!test.window.scene.animator.isAnimating)
            #expect(test.settle())
            let idle = test.application.loopTurns
            test.wait(timeout: 0.3) { false }
            #expect(test.application.loopTurns - idle == 1)  // asleep until the deadline
        }

        @Test func atTwoTimesEveryHitAreaIsTwiceAsLargeInPixels() throws {
            let screen = try Screen(scale: 2)
            defer { screen.test.close() }
            let test = screen.test
            #expect(test.window.scale == 2)
            /// Clicks pixel (`x`, `y`): a point that, at 1×, lies right of every control.
            func clickPixel(_ x: Double, _ y: Double) { test.click(at: Point(x: x / 2, y: y / 2)) }
            // The slider's track spans pixels 46...446: pixel 346 is three quarters along.
            clickPixel(346, 48)
            #expect(test.wait { screen.slider.value == 0.75 })
            // The switch spans pixels 20...111 across and 120...179 down.
            clickPixel(108, 176)
            #expect(test.wait { screen.toggle.isOn })
            clickPixel(116, 150)  // just past its right edge
            test.wait(timeout: 0.2) { !screen.toggle.isOn }
            #expect(screen.toggle.isOn)
            // The group's last option: its row's middle, in pixels.
            let last = screen.group.buttons[2]
            let middle = last.convert(last.bounds.center, to: nil)
            clickPixel(middle.x * 2, middle.y * 2)
            #expect(test.wait { screen.group.selectedIndex == 2 })
            // The check box's title is part of it: a pixel near the title's right end.
            let box = screen.box.convert(screen.box.bounds, to: nil)
            clickPixel(box.maxX * 2 - 3, box.midY * 2)
            #expect(test.wait { screen.box.isChecked })
            #expect(screen.reports == ["slider 0.75", "switch true", "radio 2", "box true"])
            // The ring is drawn 2 points (4 pixels) wide: both pixel rows of each point are blue.
            let knob = screen.slider.convert(screen.slider.knobFrame, to: nil)
            #expect(screen.slider.becomeFocused())
            #expect(test.settle())
            let image = try test.capture()
            let rows = (Int(knob.minY * 2) - 6)...(Int(knob.minY * 2) - 3)
            for y in rows {
                #expect(screen.isRingBlue(try #require(image.rgb(x: Int(knob.midX * 2), y: y))), "pixel row \(y)")
            }
            #expect(!screen.isRingBlue(try #require(image.rgb(x: Int(knob.midX * 2), y: rows.upperBound + 1))))
        }
    }
}

extension Color {
    /// The colour as 0xRRGGBB, rounded to 8 bits a channel, as a captured pixel reads.
    var rgbValue: UInt32 {
        UInt32((red * 255).rounded()) << 16 | UInt32((green * 255).rounded()) << 8 | UInt32((blue * 255).rounded())
    }
}
