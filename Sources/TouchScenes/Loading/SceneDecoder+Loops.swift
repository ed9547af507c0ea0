import Foundation
import TouchSupport

/// A behaviour that handles a message (an event routed up the responder chain, or a named
/// action), with the messages its effects send: the nodes and edges of the loop check.
struct MessageHandler {
    /// What travels: a routed event or a named action.
    enum Message: Hashable {
        case event(String)
        case action(String)

        var description: String {
            switch self {
            case .event(let name): "route \"\(name)\""
            case .action(let name): "sendAction \"\(name)\""
            }
        }
    }

    /// The JSON path of the view or controller that has the behaviour.
    let owner: String
    let message: Message
    /// Where the handler is declared, and its JSON (for the line and column of a report).
    let path: JSONPath
    let value: JSONValue
    /// Whether a handled event also goes on up the chain.
    let forward: Bool
    /// The messages its effects send, with where each is written.
    let emits: [(message: Message, path: JSONPath)]

    /// The key of the responder above the top-level views and the root controller.
    static let window = "(window)"

    /// The `route` and `sendAction` effects of an effect list, read from the JSON directly so
    /// that an effect with other problems still counts.
    static func emissions(in value: JSONValue, at path: JSONPath) -> [(message: Message, path: JSONPath)] {
        guard case .array(let elements) = value.kind else { return [] }
        var result: [(Message, JSONPath)] = []
        for (index, element) in elements.enumerated() {
            if case .string(let name)? = element["route"]?.kind {
                result.append((.event(name), path.appending(index).appending("route")))
            }
            if case .string(let name)? = element["sendAction"]?.kind {
                result.append((.action(name), path.appending(index).appending("sendAction")))
            }
        }
        return result
    }
}

/// The loop check: a scene whose behaviours route an event or send an action that, through the
/// handlers it reaches, comes back to the same handler would recurse without end.
///
/// A routed event starts at the responder that routes it (UIKit's `router(event:)` on `self`)
/// and goes up the static responder chain (superviews, then controllers, presenting controllers,
/// the window) until a handler that does not forward it. A named action may reach any handler
/// of that action, because which one performs it depends on the first responder at run time:
/// the check assumes the worst. The engine stops such a loop at run time too
/// (`SceneRuntime.maximumEffectNesting`), with a trace entry.
///
/// The work is linear in the file: each message (an action name, or an event routed from one
/// responder) is one node between its senders and its handlers, so N handlers of one action give
/// 2N edges, not N²; the strongly connected components are found without recursion (Tarjan's
/// algorithm with an explicit stack); each component that loops is reported once, with one
/// shortest loop through it, described in at most `maximumDescribedSteps` steps.
extension DecodingContext {
    /// Steps of a loop spelled out in its report; a longer loop says how many more it has.
    static let maximumDescribedSteps = 8

    mutating func reportMessageLoops() {
        let handlers = messageHandlers
        guard !handlers.isEmpty else { return }
        let graph = MessageGraph(handlers: handlers, responderParents: responderParents)
        for component in graph.loopingComponents() {
            guard let loop = graph.shortestLoop(in: component) else { continue }
            var text = ""
            for (offset, step) in loop.prefix(Self.maximumDescribedSteps).enumerated() {
                let handler = handlers[step.handler]
                let next = handlers[loop[(offset + 1) % loop.count].handler]
                text +=
                    (offset == 0 ? "" : "; ") + "\(handler.path) handles \(handler.message.description) and "
                    + "\(step.via) sends \(next.message.description)"
                if offset + 1 == loop.count { text += ", back to \(next.path)" }
            }
            if loop.count > Self.maximumDescribedSteps {
                text += "; and \(loop.count - Self.maximumDescribedSteps) more steps back to \(handlers[loop[0].handler].path)"
            }
            let first = handlers[loop[0].handler]
            reader.report(
                "behaviours that call each other without end (the engine would stop them at depth "
                    + "\(SceneRuntime.maximumEffectNesting)): " + text, at: first.path, first.value)
        }
    }
}

/// The handlers and the messages between them: handler → message it sends → handlers reached.
struct MessageGraph {
    let handlers: [MessageHandler]
    /// Successors of each node: handlers are nodes `0..<handlers.count`, messages follow. An edge
    /// from a handler carries the JSON path of the effect that sends the message.
    private(set) var edges: [[(to: Int, via: JSONPath?)]]

    /// Most responders a routed event climbs in the check (the view depth limit is far below).
    static let maximumChainSteps = 256

    init(handlers: [MessageHandler], responderParents: [String: String]) {
        self.handlers = handlers
        edges = Array(repeating: [], count: handlers.count)
        var byOwnerAndMessage: [String: [Int]] = [:]
        var byAction: [String: [Int]] = [:]
        for (index, handler) in handlers.enumerated() {
            byOwnerAndMessage[handler.owner + "\u{0}" + handler.message.description, default: []].append(index)
            if case .action(let name) = handler.message { byAction[name, default: []].append(index) }
        }
        var messageNodes: [String: Int] = [:]
        for (index, handler) in handlers.enumerated() {
            for (message, path) in handler.emits {
                let key: String
                switch message {
                case .action(let name): key = "a\u{0}" + name
                case .event(let name): key = "e\u{0}" + handler.owner + "\u{0}" + name
                }
                if let node = messageNodes[key] {
                    edges[index].append((node, path))
                    continue
                }
                var reached: [Int] = []
                switch message {
                case .action(let name):
                    reached = byAction[name] ?? []
                case .event:
                    var responder: String? = handler.owner
                    var steps = 0
                    while let current = responder, steps < Self.maximumChainSteps {
                        let here = byOwnerAndMessage[current + "\u{0}" + message.description] ?? []
                        reached += here
                        if !here.isEmpty && !here.contains(where: { handlers[$0].forward }) { break }
                        responder = responderParents[current]
                        steps += 1
                    }
                }
                let node = edges.count
                messageNodes[key] = node
                edges.append(reached.map { ($0, nil) })
                edges[index].append((node, path))
            }
        }
    }

    /// The strongly connected components with a loop, each as its nodes, in the order of their
    /// first handler. Tarjan's algorithm, iterative.
    func loopingComponents() -> [[Int]] {
        let count = edges.count
        var index = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        var components: [[Int]] = []
        // The explicit call stack: (node, position in its edge list).
        var frames: [(node: Int, edge: Int)] = []
        for root in 0..<handlers.count where index[root] < 0 {
            frames.append((root, 0))
            index[root] = next
            lowLink[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let successor = edges[node][frame.edge].to
                    if index[successor] < 0 {
                        index[successor] = next
                        lowLink[successor] = next
                        next += 1
                        stack.append(successor)
                        onStack[successor] = true
                        frames.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                // Message nodes sit between handlers, so a loop always has two or more nodes.
                if component.count > 1 { components.append(component) }
            }
        }
        return components.sorted { ($0.filter { $0 < handlers.count }.min() ?? 0) < ($1.filter { $0 < handlers.count }.min() ?? 0) }
    }

    /// A shortest loop through the component's first handler (breadth-first, inside the
    /// component): each step a handler and the effect path by which it sends the next message.
    func shortestLoop(in component: [Int]) -> [(handler: Int, via: JSONPath)]? {
        let members = Set(component)
        guard let start = component.filter({ $0 < handlers.count }).min() else { return nil }
        var parent: [Int: (node: Int, via: JSONPath?)] = [:]
        var queue = [start]
        var head = 0
        var closing: (node: Int, via: JSONPath?)?
        search: while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] where members.contains(edge.to) {
                if edge.to == start {
                    closing = (node, edge.via)
                    break search
                }
                if parent[edge.to] == nil {
                    parent[edge.to] = (node, edge.via)
                    queue.append(edge.to)
                }
            }
        }
        guard let closing else { return nil }
        // Walk back from the node that closes the loop to the start, keeping handler steps.
        var reversed: [(node: Int, via: JSONPath?)] = [closing]
        var node = closing.node
        while node != start, let step = parent[node] {
            reversed.append(step)
            node = step.node
        }
        var loop: [(handler: Int, via: JSONPath)] = []
        for step in reversed.reversed() where step.node < handlers.count {
            guard let via = step.via else { continue }
            loop.append((step.node, via))
        }
        return loop.isEmpty ? nil : loop
    }
}
