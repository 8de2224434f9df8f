/// How layout treats lengths it is given: a length is finite and never negative, so a NaN, an
/// infinity or a negative number set by mistake places views at zero rather than nowhere.
extension Double {
    /// The value as a length: itself when finite and positive, else 0.
    var layoutLength: Double { isFinite && self > 0 ? self : 0 }
    /// The value as an upper limit: itself when positive (infinity is no limit), 0 when
    /// negative, no limit when NaN.
    var layoutLimit: Double { isNaN ? .infinity : Swift.max(self, 0) }
}

extension Size {
    /// Both sides as lengths (see ``Swift/Double/layoutLength``).
    var layoutLength: Size { Size(width: width.layoutLength, height: height.layoutLength) }
    /// Both sides as upper limits.
    var layoutLimit: Size { Size(width: width.layoutLimit, height: height.layoutLimit) }
}

extension EdgeInsets {
    /// Every edge as a length.
    var layoutLength: EdgeInsets {
        EdgeInsets(
            top: top.layoutLength, left: left.layoutLength, bottom: bottom.layoutLength, right: right.layoutLength)
    }
}
