import Canopy
import Foundation

extension Notification.Name {
    /// Posted when a value is chosen in the picker; user info `["Value": String]`, as in the
    /// seed.
    public static let selectValue = Notification.Name("SelectValue")
}

/// Seed 004: a button that presents a picker of "1" … "5" over a dimmed window. A choice is
/// posted as the `SelectValue` notification, which this screen observes to show
/// "Selected: 4" and announce `picker: SelectValue 4`; a dismissal by the backdrop or Escape
/// announces `picker: dismissed`.
@MainActor public final class PickerDemo: View {
    /// Presents the picker.
    public let button = Button(title: "Pick a number · 选择数字", font: .system(size: 15))
    /// Shows the last value received.
    public let resultLabel = Label(text: "Selected: –", font: .system(size: 15))
    /// The picker, once it has been presented.
    public private(set) var picker: ListPicker?

    private let caption = Label(
        text: "SelectViewController", font: .system(size: 13, weight: .bold), themeTextColor: \.secondaryText)
    private let announce: (String) -> Void
    private var observer: NSObjectProtocol?

    init(announce: @escaping (String) -> Void) {
        self.announce = announce
        super.init(frame: .zero)
        addSubview(caption)
        addSubview(button)
        addSubview(resultLabel)
        button.onPrimaryAction = { [weak self] in self?.presentPicker() }
        observer = NotificationCenter.default.addObserver(forName: .selectValue, object: nil, queue: nil) {
            [weak self] notification in
            let value = notification.userInfo?["Value"] as? String
            MainActor.assumeIsolated { self?.received(value) }
        }
    }

    isolated deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The size the demo is designed for.
    public override func sizeThatFits(_ size: Size) -> Size { Size(width: 280, height: 110) }

    public override func layoutSubviews() {
        caption.frame = Rect(x: 0, y: 0, width: bounds.width, height: 20)
        button.frame = Rect(x: 0, y: 28, width: min(bounds.width, 240), height: 40)
        resultLabel.frame = Rect(x: 0, y: 76, width: bounds.width, height: 24)
    }

    /// Presents the picker over the whole window.
    public func presentPicker() {
        guard let scene, picker?.isPresented != true else { return }
        let picker = ListPicker(items: ["1", "2", "3", "4", "5"])
        SeedStyle.apply(to: picker)
        picker.title = button.title  // what screen readers call its dialog
        picker.onPrimaryAction = { [items = picker.items] index in
            NotificationCenter.default.post(name: .selectValue, object: nil, userInfo: ["Value": items[index]])
        }
        picker.onDismiss = { [weak self] _ in self?.announce("picker: dismissed") }
        self.picker = picker
        picker.present(in: scene)
    }

    private func received(_ value: String?) {
        guard let value else { return }
        resultLabel.text = "Selected: \(value)"
        announce("picker: SelectValue \(value)")
    }
}
