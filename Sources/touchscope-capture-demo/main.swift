// touchscope-capture-demo: a TouchKit-played app whose capture serves its stream over the live
// link, in a process of its own, as an app on a device would. It plays the bundled sample's
// checkout touches at a human pace, then waits for a client to take the whole session.
//
//     touchscope-capture-demo [--port 47480] [--pace 0.3] [--directory DIR] [--wait-for-client]
//
// Used by the live link's end-to-end tests and the README's walk-through.

import CaptureDemoApp
import Foundation
import TouchKit
import TouchScopeCapture

var port = TouchScopeCaptureLink.defaultPort
var pace = 0.3
var directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("touchscope-capture-demo-\(getpid())")
var waitForClient = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port":
        guard let value = arguments.popFirst().flatMap(UInt16.init), value > 0 else {
            FileHandle.standardError.write(Data("--port takes a port from 1 to 65535\n".utf8))
            exit(64)
        }
        port = value
    case "--pace":
        guard let value = arguments.popFirst().flatMap(Double.init), value.isFinite, value >= 0, value <= 10 else {
            FileHandle.standardError.write(Data("--pace takes seconds from 0 to 10\n".utf8))
            exit(64)
        }
        pace = value
    case "--directory":
        guard let value = arguments.popFirst() else { exit(64) }
        directory = URL(fileURLWithPath: value)
    case "--wait-for-client":
        waitForClient = true
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(64)
    }
}

let window = checkoutApp()
let simulator = TouchSimulator(window: window)
let capture: TouchScopeCapture
do {
    capture = try TouchScopeCapture.start(window: window, name: "checkout", directory: directory, observe: false, serve: port)
} catch {
    FileHandle.standardError.write(Data("cannot start the capture: \(error.localizedDescription)\n".utf8))
    exit(2)
}
print("serving on 127.0.0.1:\(port)")
fflush(nil)
if waitForClient {
    guard capture.link?.waitForClient(timeout: 30) == true else {
        FileHandle.standardError.write(Data("no client came within 30 s\n".utf8))
        exit(2)
    }
}
// Each gesture, then a pause in real time so that a client watching sees them arrive.
checkoutTouches(simulator) { Thread.sleep(forTimeInterval: pace) }
capture.stop()
print("capture stopped: \(capture.sessionURL.path)")
fflush(nil)
let served = capture.link?.waitUntilServed(timeout: 30) ?? false
print(served ? "the session was served whole" : "no client took the whole session")
exit(served ? 0 : 1)
