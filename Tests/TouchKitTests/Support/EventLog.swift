import Foundation
import TouchKit

/// An ordered list of what ran, shared by the views, recognizers and actions of one test.
final class EventLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    func clear() {
        entries.removeAll()
    }
}

/// A view that logs its touches methods as `name began [1]`, `name ended [1]`, ... and does not
/// forward them (as a view that handles touches does).
class LoggingView: UIView {
    let name: String
    let log: EventLog

    init(_ name: String, frame: CGRect, log: EventLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
        accessibilityIdentifier = name
    }

    private func fingers(_ touches: Set<UITouch>) -> String {
        "[" + touches.map(\.fingerID).sorted().map(String.init).joined(separator: ",") + "]"
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) began \(fingers(touches))")
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) moved \(fingers(touches))")
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) ended \(fingers(touches))")
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) cancelled \(fingers(touches))")
    }
}

/// A window of the given size with a plain root view, ready for `TouchSimulator`.
func makeWindow(width: CGFloat = 390, height: CGFloat = 844) -> UIWindow {
    UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
}
