import Testing

@testable import CanopyX11

/// How `$CANOPY_SCALE` and `Xft.dpi` become a window's scale, and what is said when they make
/// no sense.
@Suite struct ScaleSettingTests {
    @Test func aValidEnvironmentValueWinsSilently() {
        let setting = ScaleSetting(environmentValue: "2", resources: "Xft.dpi:\t144\n")
        #expect(setting.scale == 2)
        #expect(setting.problems.isEmpty)
    }

    @Test func xftDpiGivesAScaleRoundedToAQuarter() {
        let setting = ScaleSetting(environmentValue: nil, resources: "Xft.antialias:\t1\nXft.dpi:\t120\n")
        #expect(setting.scale == 1.25)
        #expect(setting.problems.isEmpty)
        #expect(ScaleSetting(environmentValue: "", resources: nil).scale == 1)
        #expect(ScaleSetting(environmentValue: "", resources: nil).problems.isEmpty)
    }

    @Test func anEnvironmentValueThatIsNotANumberFallsBackToXftDpiAndSaysSo() {
        let setting = ScaleSetting(environmentValue: "big", resources: "Xft.dpi:\t192\n")
        #expect(setting.scale == 2)
        #expect(
            setting.problems == ["CANOPY_SCALE=\"big\" is not a positive number, so it is ignored; drawing at scale 2."]
        )
        #expect(ScaleSetting(environmentValue: "-1", resources: nil).problems.count == 1)
        #expect(ScaleSetting(environmentValue: "nan", resources: nil).scale == 1)
    }

    @Test func valuesOutsideOneToFourAreClampedAndSaidSo() {
        let large = ScaleSetting(environmentValue: "9", resources: nil)
        #expect(large.scale == 4)
        #expect(large.problems == ["CANOPY_SCALE=9 is outside the scales Canopy draws at, 1 to 4; drawing at scale 4."])
        let lowDpi = ScaleSetting(environmentValue: nil, resources: "Xft.dpi: 72\n")
        #expect(lowDpi.scale == 1)
        #expect(
            lowDpi.problems == [
                "Xft.dpi 72 (scale 0.75) is outside the scales Canopy draws at, 1 to 4; drawing at scale 1."
            ])
    }

    @Test func anXftDpiThatIsNotANumberIsIgnoredAndSaidSo() {
        let setting = ScaleSetting(environmentValue: nil, resources: "Xft.dpi:\thigh\n")
        #expect(setting.scale == 1)
        #expect(
            setting.problems == [
                "the X resource Xft.dpi \"high\" is not a positive number, so it is ignored; drawing at scale 1."
            ])
    }

    /// Any client may set the root's `RESOURCE_MANAGER`: a value far out of range is clamped
    /// and said, never trapped on.
    @Test func anXftDpiFarOutOfRangeIsClampedAndSaidSo() {
        let huge = ScaleSetting(environmentValue: nil, resources: "Xft.dpi:\t1e25\n")
        #expect(huge.scale == 4)
        #expect(huge.problems.count == 1)
        #expect(
            huge.problems.first?.hasSuffix("is outside the scales Canopy draws at, 1 to 4; drawing at scale 4.") == true
        )
        let environment = ScaleSetting(environmentValue: "1e300", resources: nil)
        #expect(environment.scale == 4)
        #expect(environment.problems.count == 1)
        #expect(ScaleSetting(environmentValue: nil, resources: "Xft.dpi:\t1e400\n").scale == 1)  // infinite
    }
}
