import Canopy
import CanopyTesting
import CanopyX11
import Foundation
import ShowcaseKit

#if canImport(Glibc)
    import Glibc
#endif

/// Opens and closes each Showcase widget many times (with reduced motion, so each cycle runs
/// the same code paths without waiting out animations) and reports resident memory and the
/// resources the X server holds for the app: the soak of issue 8.
@MainActor struct Soak {
    let cycles: Int

    /// Resident memory of this process in KiB, from /proc.
    static func residentKiB() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// What the soak measured.
    struct Figures {
        var residentAfterFirst = 0
        var residentAfterTenth = 0
        var residentAtEnd = 0
        var serverAfterFirst: [String: Int] = [:]
        var serverAfterTenth: [String: Int] = [:]
        var serverAtEnd: [String: Int] = [:]
    }

    func run() throws -> Figures {
        let showcase = ShowcaseView { _ in }
        let test = try TestWindow(size: ShowcaseView.preferredSize, title: "Soak", rootView: showcase)
        test.window.scene.animator.reducedMotion = true
        defer { test.close() }
        var figures = Figures()
        let display = try TestWindow.sharedDisplay().name
        func serverResources() -> [String: Int] {
            ServerResources.count(forClientOwning: test.window.windowID, displayName: display) ?? [:]
        }
        for cycle in 1...cycles {
            showcase.dropDownDemo.dropDown.open()
            test.wait(timeout: 1) { !test.window.scene.needsFrame }
            showcase.dropDownDemo.dropDown.list.onPrimaryAction?(cycle % 10)
            showcase.searchBarDemo.typeControl.open()
            test.wait(timeout: 1) { !test.window.scene.needsFrame }
            showcase.searchBarDemo.typeControl.select(cycle % 4)
            showcase.searchBarDemo.typeControl.close()
            showcase.pickerDemo.presentPicker()
            test.wait(timeout: 1) { !test.window.scene.needsFrame }
            showcase.pickerDemo.picker?.list.onPrimaryAction?(cycle % 5)
            test.wait(timeout: 1) { !test.window.scene.needsFrame }
            if cycle == 1 {
                figures.residentAfterFirst = Self.residentKiB()
                figures.serverAfterFirst = serverResources()
            }
            if cycle == max(1, cycles / 10) {
                figures.residentAfterTenth = Self.residentKiB()
                figures.serverAfterTenth = serverResources()
            }
        }
        figures.residentAtEnd = Self.residentKiB()
        figures.serverAtEnd = serverResources()
        return figures
    }
}
