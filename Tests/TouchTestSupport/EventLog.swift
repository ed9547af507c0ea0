import Foundation
import TouchKit

/// An ordered list of what ran, shared by the views, recognizers and actions of one test.
public final class EventLog {
    public private(set) var entries: [String] = []

    public init() {}

    public func append(_ entry: String) {
        entries.append(entry)
    }

    public func clear() {
        entries.removeAll()
    }
}

/// A view that logs its touches methods as `name began [1]`, `name ended [1]`, ... and does not
/// forward them (as a view that handles touches does).
open class LoggingView: UIView {
    public let name: String
    public let log: EventLog

    public init(_ name: String, frame: CGRect, log: EventLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
        accessibilityIdentifier = name
    }

    private func fingers(_ touches: Set<UITouch>) -> String {
        "[" + touches.map(\.fingerID).sorted().map(String.init).joined(separator: ",") + "]"
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) began \(fingers(touches))")
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) moved \(fingers(touches))")
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) ended \(fingers(touches))")
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("\(name) cancelled \(fingers(touches))")
    }
}

/// A window of the given size with a plain root view, ready for `TouchSimulator`.
public func makeWindow(width: CGFloat = 390, height: CGFloat = 844) -> UIWindow {
    UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
}
