import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Orca, the GNOME screen reader, run headless on an ``AccessibilityStack``, for tests that hear
/// what a blind user hears. Orca keeps a debug log (`--debug-file`) whose `SPEECH OUTPUT` lines are
/// what it speaks; its speech goes through speech-dispatcher, configured privately so that its
/// generic output module appends each utterance to a file and sound, if any, goes to ALSA's
/// `null` device. Everything (preferences, speech-dispatcher's configuration, socket and log)
/// lives in a directory of its own; nothing reaches the machine's own settings or session.
///
/// ``transcript`` is what Orca has said so far, one utterance a line, in order.
public final class OrcaScreenReader: Sendable {
    /// Why Orca could not start (the one line a test that needs it skips with).
    public struct StartError: Error, CustomStringConvertible {
        /// What is missing or went wrong, and what to do.
        public let description: String
    }

    /// The programs Orca needs, where Debian's orca and speech-dispatcher put them.
    static let orca = "/usr/bin/orca"
    static let genericModule = "/usr/lib/speech-dispatcher-modules/sd_generic"

    /// The line Orca logs once it has registered for events and listens.
    static let readyLine = "ORCA: Starting ATSPI registry."

    private let process: ChildProcess
    private let directory: String
    /// Orca's debug log.
    public let logPath: String
    /// The file speech-dispatcher's output module appends each utterance to.
    public let speechPath: String

    /// Starts Orca for the apps on `displayName` whose accessibility bus `stack` runs, and waits
    /// (woken by each write to its log) until it listens, at most `timeout` seconds.
    public init(stack: AccessibilityStack, displayName: String, timeout: Double = 120) throws {
        for program in [Self.orca, Self.genericModule] where !FileManager.default.isExecutableFile(atPath: program) {
            throw StartError(
                description: "\(program) is missing: install orca and speech-dispatcher (scripts/install-deps)")
        }
        directory = NSTemporaryDirectory() + "canopy-orca-\(UUID().uuidString)"
        logPath = directory + "/orca.log"
        speechPath = directory + "/spoken.txt"
        try Self.writeConfiguration(in: directory, speechPath: speechPath)
        process = try ChildProcess(
            Self.orca, arguments: ["--user-prefs", directory + "/prefs", "--debug-file", logPath],
            environment: [
                "DISPLAY": displayName, "DBUS_SESSION_BUS_ADDRESS": stack.sessionBusAddress,
                "AT_SPI_BUS_ADDRESS": nil, "HOME": directory + "/home", "XDG_RUNTIME_DIR": directory + "/runtime",
                "XDG_CONFIG_HOME": directory + "/config", "XDG_DATA_HOME": directory + "/data",
                "XDG_CACHE_HOME": directory + "/cache", "GSETTINGS_BACKEND": "memory",
            ])
        guard waitForLog(containing: Self.readyLine, timeout: timeout) else {
            let result = process.terminate()
            // Orca prints why it gives up (another Orca of this user running, say) on its output.
            let lastLine =
                (result.output + result.errors).split(separator: "\n").last.map(String.init) ?? "nothing printed"
            try? FileManager.default.removeItem(atPath: directory)
            throw StartError(description: "Orca did not start listening within \(Int(timeout)) s: \(lastLine)")
        }
    }

    /// Orca's preferences (a customization that writes the debug log a line at a time, so that
    /// it can be watched, and echoes typed characters as the text reports them), and speech-dispatcher's configuration with one output module: the
    /// generic one, whose command appends the utterance to `speechPath`.
    private static func writeConfiguration(in directory: String, speechPath: String) throws {
        let files = FileManager.default
        for folder in ["prefs", "home", "data", "cache", "config/speech-dispatcher/modules", "runtime"] {
            try files.createDirectory(atPath: "\(directory)/\(folder)", withIntermediateDirectories: true)
        }
        try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory + "/runtime")
        let customization = """
            # Canopy's Orca tests watch the debug log as Orca writes it: a line at a time.
            from orca import debug, settings
            if debug.debugFile:
                debug.debugFile.reconfigure(line_buffering=True)
            # A typed character is spoken when the text says it came (text-changed:insert), not
            # when its key is pressed: what is heard is then what the field did.
            settings.enableEchoByCharacter = True

            """
        let speechd = """
            AddModule "canopy-file" "sd_generic" "canopy-file.conf"
            DefaultModule canopy-file
            AudioOutputMethod "alsa"
            AudioALSADevice "null"
            Timeout 5
            LogLevel 3
            LogDir "\(directory)"

            """
        // The generic module puts the utterance, its single quotes escaped, in place of $DATA.
        let module = """
            GenericExecuteSynth "printf '%s\\\\n' '$DATA' >> \(speechPath)"
            GenericLanguage "en" "en" "utf-8"
            AddVoice "en" "MALE1" "canopy-file"

            """
        for (path, text) in [
            ("prefs/orca-customizations.py", customization), ("config/speech-dispatcher/speechd.conf", speechd),
            ("config/speech-dispatcher/modules/canopy-file.conf", module),
        ] {
            try text.write(toFile: "\(directory)/\(path)", atomically: true, encoding: .utf8)
        }
    }

    /// What Orca has said so far: the text of each `SPEECH OUTPUT` line of its log, in order.
    public var transcript: [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap(Self.utterance)
    }

    /// The utterance a log line records, if it is a `SPEECH OUTPUT` line:
    /// `12:00:00.000000 - SPEECH OUTPUT: 'Save push button.'{'established': False}` (a voice or a
    /// space may come between the closing quote and the voice's settings, which may be a list:
    /// `'Wrapping'[{'established': False}]`).
    static func utterance(_ line: Substring) -> String? {
        let marker = "SPEECH OUTPUT: '"
        guard let start = line.range(of: marker)?.upperBound else { return nil }
        let rest = line[start...]
        let end = rest.range(of: "'{") ?? rest.range(of: "'[{") ?? rest.range(of: "' {") ?? rest.range(of: "' voice=")
        guard let end else { return rest.hasSuffix("'") ? String(rest.dropLast()) : String(rest) }
        return String(rest[..<end.lowerBound])
    }

    /// Waits (woken by each write to the log) until Orca has said `utterances` in this order
    /// (see ``says(_:_:)``), from its utterance number `start` on; returns
    /// the number after the last one found, or `nil` when `timeout` seconds pass or Orca exits
    /// first.
    public func waitForSpeech(_ utterances: [String], from start: Int, timeout: Double = 60) -> Int? {
        var found: Int?
        _ = waitForLog(timeout: timeout) {
            found = Self.position(of: utterances, in: transcript, from: start)
            return found != nil
        }
        return found
    }

    /// Waits (woken by each write to the log) until Orca has said at least `count` utterances;
    /// false when `timeout` seconds pass or Orca exits first.
    public func waitForUtterances(_ count: Int, timeout: Double = 60) -> Bool {
        waitForLog(timeout: timeout) { transcript.count >= count }
    }

    /// The number after the last of `utterances` found in order in `spoken` from `start`.
    static func position(of utterances: [String], in spoken: [String], from start: Int) -> Int? {
        var index = start
        for wanted in utterances {
            guard let match = spoken.indices.dropFirst(index).first(where: { says(spoken[$0], wanted) })
            else { return nil }
            index = match + 1
        }
        return index
    }

    /// Whether `utterance` says `words`: it is those words (spaces and a full stop around them
    /// aside), or begins with them followed by a space or a full stop, so that "h" is the letter
    /// alone and "Save" is "Save push button." but not "Saved".
    public static func says(_ utterance: String, _ words: String) -> Bool {
        let trimmed = utterance.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(words) else { return false }
        let rest = trimmed.dropFirst(words.count)
        return rest.isEmpty || rest.first == " " || rest.first == "."
    }

    private func waitForLog(containing text: String, timeout: Double) -> Bool {
        waitForLog(timeout: timeout) {
            ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").contains(text)
        }
    }

    /// Waits until `condition` holds, looking again at each write to the log (inotify on its
    /// directory, as the log is created after Orca starts) and at least every 100 ms while Orca
    /// lives; false when `timeout` seconds pass or Orca exits first.
    private func waitForLog(timeout: Double, until condition: () -> Bool) -> Bool {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        defer { if watch >= 0 { close(watch) } }
        if watch >= 0 { inotify_add_watch(watch, directory, UInt32(IN_MODIFY | IN_CREATE)) }
        let deadline = Date(timeIntervalSinceNow: timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !condition() {
            let left = deadline.timeIntervalSinceNow
            guard !process.hasExited, left > 0 else { return condition() }
            var descriptor = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(min(100, max(1, left * 1000)))) > 0 {
                _ = read(watch, &buffer, buffer.count)
            }
        }
        return true
    }

    /// Copies Orca's debug log out of its directory (which ``stop()`` removes), for a test that
    /// failed to name; returns the copy's path.
    public func keepLog() -> String {
        let path = NSTemporaryDirectory() + "canopy-orca-\(UUID().uuidString).log"
        try? FileManager.default.copyItem(atPath: logPath, toPath: path)
        return path
    }

    /// Ends Orca (speech-dispatcher ends by itself once Orca has gone) and removes its directory.
    /// Orca shuts down on SIGTERM; one that has not within ten seconds is killed.
    public func stop() {
        kill(process.processIdentifier, SIGTERM)
        _ = process.wait(timeout: 10)
        try? FileManager.default.removeItem(atPath: directory)
    }
}
