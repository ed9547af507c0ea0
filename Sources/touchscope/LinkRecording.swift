import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// `record --connect`: follows a capture's live link headless, recording it, then holds the
/// model to the device.
enum LinkRecording {
    static func run(address: LinkAddress, output: String) throws {
        let link: LiveLink
        do {
            link = try LiveLink(address: address, recordTo: URL(fileURLWithPath: output))
        } catch {
            printError("cannot connect: \(error)")
            throw Exit.inputError
        }
        var signal: Int32?
        while !link.isOver {
            if let received = SignalFlag.received {
                signal = received
                break
            }
            link.poll(timeout: 0.2)
            for line in link.takeNews() { print(TerminalText.line(line)) }
        }
        for line in link.takeNews() { print(TerminalText.line(line)) }
        let url: URL?
        do { url = try link.finish(reason: signal.map { "stopped by signal \($0)" }) } catch {
            printError("the recording could not be saved: \(error)")
            throw Exit.inputError
        }
        guard let url else {
            printError("nothing arrived from \(address) to record")
            throw Exit.inputError
        }
        print("wrote \(TerminalText.line(url.path)) (\(link.received) lines from the app)")
        if let session = try? SessionLoader.load(contentsOf: url), !session.device.isEmpty,
            let resolved = try? SessionScene.embedded(session, sessionFile: url.path),
            let replayer = try? SessionReplayer(session: session, scene: resolved.makeScene)
        {
            for line in DeviceComparison.compare(session: session, replayer: replayer).lines { print(line) }
        }
        if let signal { throw Exit.signal(signal) }
        if case .failed = link.state { throw Exit.inputError }
    }
}
