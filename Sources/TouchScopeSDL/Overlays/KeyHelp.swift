import Foundation

/// The window's keys, as the help lists them (the window's key handler implements each).
enum KeyHelp {
    static func lines(stepSizes: String) -> [String] {
        [
            "h c g e o t p i: hit path, chain, gestures, controls, notes, finger marks, pointer, view ids",
            "x hidden views · y next era (ios17, ios18, ios26) · ? this help",
            "Tab / Shift-Tab: describe a later / an earlier touch (20 gestures kept)",
            "Ctrl-click (or v, then click): inspect the view drawn there; again: the one below",
            "Esc: close the inspector; with none open, quit (q quits too)",
            "space pause · n one input · s slow motion",
            "\(stepSizes)",
            ", and . : previous / next input event (session)",
            "Home / End: start / end; drag the timeline to scrub; click a tick to jump",
            "r record / stop · m marker (type a name, Enter)",
            "Alt-drag pinch / rotate · Alt+Shift-drag two fingers · right-click pins a finger",
        ]
    }
}
