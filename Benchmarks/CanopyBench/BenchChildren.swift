// Running a case's measurements as child processes on one Xvfb: Canopy's own runs (this program
// again, with a child command) and peer toolkits' scripts (Benchmarks/Peers, through Debian's
// python3), each run a fresh process that measures itself and prints its figures as one line of
// JSON; the runs interleaved round by round, their order rotated each round.
import CanopyTesting
import Foundation

/// Why a benchmark case could not finish, in one line.
struct BenchCaseError: Error, CustomStringConvertible {
    let description: String
}

/// This program's executable, to run again as a case's child.
func benchExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

/// The last line `text` holds that is not blank (a Python traceback's is the error).
func lastLine(of text: String) -> String {
    text.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
}

/// Runs one child (`command`) on `display` and reads the figures it printed as JSON on its last
/// line.
func runBenchChild<Figures: Decodable>(_ command: [String], display: VirtualDisplay) throws -> Figures {
    let child = try ChildProcess(
        command[0], arguments: Array(command.dropFirst()), environment: ["DISPLAY": display.name])
    let result = child.wait()
    guard result.status == 0,
        let figures = try? JSONDecoder().decode(Figures.self, from: Data(lastLine(of: result.output).utf8))
    else {
        let name = command.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " ")
        throw BenchCaseError(description: "\(name) failed (status \(result.status)): \(lastLine(of: result.errors))")
    }
    return figures
}

/// Runs every command of `commands` once a round for `rounds` rounds, each a fresh process on
/// `display`, the order rotated by one each round (so each command takes each place in turn);
/// returns each command's figures, round by round, and says each round's end on standard error.
func interleavedRuns<Figures: Decodable>(
    _ commands: [[String]], rounds: Int, display: VirtualDisplay, label: String
) throws -> [[Figures]] {
    var runs = Array(repeating: [Figures](), count: commands.count)
    for round in 0..<rounds {
        for step in commands.indices {
            let index = (round + step) % commands.count
            runs[index].append(try runBenchChild(commands[index], display: display))
        }
        FileHandle.standardError.write(Data("  \(label): round \(round + 1)/\(rounds)\n".utf8))
    }
    return runs
}

/// A peer toolkit whose benchmark scripts (Benchmarks/Peers) run in Debian's python3 through
/// the toolkit's Python bindings.
struct PythonPeer {
    /// What the figures call it.
    let name: String
    /// Python that fails, on a display, when the bindings cannot run the scripts.
    let probe: String
    /// The Debian packages that hold the bindings.
    let packages: String

    /// The interpreter Debian's python3-gi and python3-tk install into.
    static let python = "/usr/bin/python3"

    /// GTK 3 through PyGObject (a draw handler's cairo context needs python3-gi-cairo).
    static let gtk3 = PythonPeer(
        name: "GTK 3", probe: "import gi, cairo; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk",
        packages: "python3-gi, gir1.2-gtk-3.0, python3-gi-cairo")
    /// Tk through tkinter (ttk ships with Tk).
    static let tk = PythonPeer(
        name: "Tk", probe: "import tkinter; tkinter.Tk().destroy()", packages: "python3-tk")

    /// Throws, in one line naming the case, the error and the packages, when the bindings
    /// cannot run on `display`.
    func check(for benchCase: String, on display: VirtualDisplay) throws {
        let result = try ChildProcess(Self.python, arguments: ["-c", probe], environment: ["DISPLAY": display.name])
            .wait()
        guard result.status == 0 else {
            throw BenchCaseError(
                description:
                    "\(benchCase): the \(name) peer cannot run (\(lastLine(of: result.errors))); it needs \(packages)")
        }
    }

    /// The command running `script` of Benchmarks/Peers with `arguments`.
    func command(_ script: String, _ arguments: [String]) -> [String] {
        let peers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Peers")
        return [Self.python, peers.appendingPathComponent(script).path] + arguments
    }
}
