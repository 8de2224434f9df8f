extension View {
    /// Converts `point` from this view's bounds coordinates to `view`'s, or to the window's
    /// when `view` is `nil`. The views may sit anywhere in the same window.
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = convertToWindow(point, presented: false)
        return view?.convertFromWindow(inWindow) ?? inWindow
    }

    /// Converts `point` from `view`'s bounds coordinates (the window's when `nil`) to this
    /// view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        convertFromWindow(view?.convertToWindow(point, presented: false) ?? point)
    }

    /// Converts `rect` from this view's bounds coordinates to `view`'s (the window's when
    /// `nil`).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts `rect` from `view`'s bounds coordinates (the window's when `nil`) to this
    /// view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// `point` in window coordinates, by the model geometry or, when `presented`, by what is on
    /// screen now.
    func convertToWindow(_ point: Point, presented: Bool) -> Point {
        var result = point
        var view: View? = self
        while let current = view {
            let origin = presented ? current.presentedFrame.origin : current.frame.origin
            let scroll = presented ? current.boundsOriginValue.presented : current.boundsOriginValue.target
            result = result.offsetBy(dx: origin.x - scroll.x, dy: origin.y - scroll.y)
            view = current.superview
        }
        return result
    }

    func convertToWindow(_ rect: Rect, presented: Bool) -> Rect {
        Rect(origin: convertToWindow(rect.origin, presented: presented), size: rect.size)
    }

    /// `point`, in window coordinates, in this view's bounds coordinates (model geometry).
    func convertFromWindow(_ point: Point) -> Point {
        let origin = convertToWindow(Point.zero, presented: false)
        return point.offsetBy(dx: -origin.x, dy: -origin.y)
    }
}
