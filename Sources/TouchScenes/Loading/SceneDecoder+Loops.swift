import Foundation

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
extension DecodingContext {
    mutating func reportMessageLoops() {
        let handlers = messageHandlers
        guard !handlers.isEmpty else { return }
        var byOwnerAndMessage: [String: [Int]] = [:]
        var byAction: [String: [Int]] = [:]
        for (index, handler) in handlers.enumerated() {
            byOwnerAndMessage[handler.owner + "\u{0}" + handler.message.description, default: []].append(index)
            if case .action(let name) = handler.message { byAction[name, default: []].append(index) }
        }
        // Edges: handler -> (handler reached, the emission that reaches it).
        var edges: [[(to: Int, via: JSONPath)]] = Array(repeating: [], count: handlers.count)
        for (index, handler) in handlers.enumerated() {
            for (message, path) in handler.emits {
                switch message {
                case .action(let name):
                    for target in byAction[name] ?? [] { edges[index].append((target, path)) }
                case .event:
                    var responder: String? = handler.owner
                    var steps = 0
                    while let current = responder, steps < 256 {
                        let reached = byOwnerAndMessage[current + "\u{0}" + message.description] ?? []
                        for target in reached { edges[index].append((target, path)) }
                        if !reached.isEmpty && !reached.contains(where: { handlers[$0].forward }) { break }
                        responder = responderParents[current]
                        steps += 1
                    }
                }
            }
        }
        // Depth-first search for cycles; each cycle is reported once, at its first handler.
        var reported: Set<Set<Int>> = []
        var state = Array(repeating: 0, count: handlers.count)  // 0 new, 1 on the path, 2 done
        var pathStack: [(handler: Int, via: JSONPath?)] = []
        func visit(_ node: Int, via: JSONPath?, into issues: inout [(JSONPath, JSONValue, String)]) {
            state[node] = 1
            pathStack.append((node, via))
            for edge in edges[node] {
                if state[edge.to] == 1, let start = pathStack.firstIndex(where: { $0.handler == edge.to }) {
                    let members = Set(pathStack[start...].map(\.handler))
                    guard reported.insert(members).inserted else { continue }
                    let loop = Array(pathStack[start...])
                    var text = ""
                    for (offset, step) in loop.enumerated() {
                        let handler = handlers[step.handler]
                        let isLast = offset + 1 == loop.count
                        let emission = isLast ? edge.via : (loop[offset + 1].via ?? edge.via)
                        let next = handlers[isLast ? edge.to : loop[offset + 1].handler]
                        text +=
                            (offset == 0 ? "" : "; ") + "\(handler.path) handles \(handler.message.description) and "
                            + "\(emission) sends \(next.message.description)"
                        text += isLast ? ", back to \(next.path)" : ""
                    }
                    issues.append(
                        (
                            handlers[edge.to].path, handlers[edge.to].value,
                            "behaviours that call each other without end (the engine would stop them at depth "
                                + "\(SceneRuntime.maximumEffectNesting)): " + text
                        ))
                } else if state[edge.to] == 0 {
                    visit(edge.to, via: edge.via, into: &issues)
                }
            }
            pathStack.removeLast()
            state[node] = 2
        }
        var issues: [(JSONPath, JSONValue, String)] = []
        for node in handlers.indices where state[node] == 0 {
            visit(node, via: nil, into: &issues)
        }
        for (path, value, message) in issues {
            reader.report(message, at: path, value)
        }
    }
}
