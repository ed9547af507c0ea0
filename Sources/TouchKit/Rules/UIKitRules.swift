import Foundation

/// The rules of UIKit's touch routing that TouchKit runs, each with its provenance
/// (`TouchRule`). Values that are UIKit's defaults live in `UIKitDefaults`; this table says where
/// each comes from.
public enum UIKitRules {
    public static let all: [TouchRule] = [
        TouchRule(
            "hitTest.order", framework: "UIKit",
            "Hit testing asks subviews front to back and the first non-nil answer wins; it skips hidden views, views with alpha below 0.01 and views with user interaction off. A clear background does not let touches through.",
            .documented, sources: ["Apple, UIView.hitTest(_:with:)", "Apple, Event Handling Guide for iOS: hit-testing"]),
        TouchRule(
            "hitTest.windows", framework: "UIKit",
            "A touch goes to the topmost window whose hitTest returns a view; a window that returns nil passes it to the window below.",
            .observed, sources: ["Priva28/HostingPassthrough#5", "divadretlaw/WindowKit#11"]),
        TouchRule(
            "recognizer.defaults", framework: "UIKit",
            "A recognizer cancels its view's touches when it recognizes (cancelsTouchesInView true), does not delay touchesBegan (false) and delays touchesEnded (true).",
            .documented, sources: ["Apple, UIGestureRecognizer.cancelsTouchesInView / delaysTouchesBegan / delaysTouchesEnded"]),
        TouchRule(
            "recognizer.requireToFail", framework: "UIKit",
            "A recognizer that requires another to fail stays possible until the other fails (then goes on) or recognizes (then fails).",
            .documented, sources: ["Apple, UIGestureRecognizer.require(toFail:)"]),
        TouchRule(
            "recognizer.exclusive", framework: "UIKit",
            "Two recognizers do not recognize together unless a delegate or subclass allows it: the first to recognize prevents the other.",
            .documented, sources: ["Apple, gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)"]),
        TouchRule(
            "longPress.defaults", framework: "UIKit", "A long press needs 0.5 s within 10 pt of movement.", .documented,
            sources: ["Apple, UILongPressGestureRecognizer.minimumPressDuration, allowableMovement"]),
        TouchRule(
            "tap.movementAndTiming", framework: "UIKit",
            "A tap fails when the finger moves about 10 pt or stays down too long; the taps of a multiple tap must follow within 0.35 s and 45 pt.",
            .approximation, sources: ["UIKit's values are private; TouchScope's choice from measurements"]),
        TouchRule(
            "tap.fewerTapsNeverPrevents", framework: "UIKit",
            "A tap recognizer never prevents one that needs more taps: without a failure requirement a single tap fires on the first tap of a double tap and the double tap fires too.",
            .observed, sources: ["the reason apps write singleTap.require(toFail: doubleTap), as Apple's require(toFail:) example describes"]),
        TouchRule(
            "pan.hysteresis", framework: "UIKit", "A pan begins once the fingers moved about 10 pt.", .approximation,
            sources: ["UIKit's value is private"]),
        TouchRule(
            "control.trackingMargin", framework: "UIKit",
            "A control keeps tracking a touch up to about 70 pt outside its bounds: a lift there is touchUpInside.", .approximation,
            sources: ["UIKit's value is private"]),
        TouchRule(
            "control.beatsSingleTap", framework: "UIKit",
            "UIButton and UISwitch prevent single-finger single-tap recognizers of other views from beginning on them (their gestureRecognizerShouldBegin); a plain UIControl does not.",
            .documented, sources: ["Apple, UIControl: default control actions prevent overlapping gesture recognizer behaviour (iOS 6 and later)"]),
        TouchRule(
            "scrollView.delaysContentTouches", framework: "UIKit",
            "A scroll view delays touch-down in its content until it knows whether the touch scrolls: about 0.15 s, or until a move starts a scroll.",
            .documented, sources: ["Apple, UIScrollView.delaysContentTouches (the 0.15 s is an approximation)"]),
        TouchRule(
            "scrollView.touchesShouldCancel", framework: "UIKit",
            "When a scroll starts, the content's touches are cancelled unless the view is a UIControl (touchesShouldCancel(in:) default) or canCancelContentTouches is false.",
            .documented, sources: ["Apple, UIScrollView.touchesShouldCancel(in:)", "Apple, UIScrollView.canCancelContentTouches"]),
        TouchRule(
            "scrollView.scrollDisabledForwards", framework: "UIKit",
            "A scroll view whose scrolling is disabled does not accept touch events; it forwards them up the responder chain.",
            .documented, sources: ["Apple, UIScrollView.isScrollEnabled"]),
        TouchRule(
            "scrollView.paging", framework: "UIKit",
            "With isPagingEnabled a scroll view stops on multiples of its bounds: at lift it settles on the nearest page, or on the next one in the direction of a flick from the page the drag began on.",
            .documented, sources: ["Apple, UIScrollView.isPagingEnabled"]),
        TouchRule(
            "scrollView.pagingFlick", framework: "UIKit",
            "A paging flick goes on to the next page past about 250 pt/s at lift; the content settles in about 0.3 s, and a touch meanwhile finishes the settle at its page.",
            .approximation, sources: ["UIKit's values are private; TouchScope's choice"]),
        TouchRule(
            "scrollView.panAxis", framework: "UIKit",
            "A scroll view's pan begins only when its content can scroll in the direction moved (or it bounces that way).", .observed,
            sources: ["a table view does not take a horizontal swipe; the back swipe works over it"]),
        TouchRule(
            "nav.popAtRoot", framework: "UIKit",
            "The interactive pop gesture does not begin with one controller on the stack; with its delegate set to nil it does.",
            .observed, sources: ["field reports; the common workaround of a nil delegate"]),
        TouchRule(
            "nav.popVsContentPans", framework: "UIKit",
            "The pop gesture has no failure relation with the content's pans: a content pan that can take the swipe at the leading edge (a horizontal scroll view, a custom pan, a swipeable cell) keeps it and the pop fails; the pop runs where none claims it; the content pan's require(toFail: interactivePopGestureRecognizer) makes the pop win.",
            .observed,
            sources: [
                "juejin.cn/post/6926759190501261326", "theewind.github.io 2016-07-22", "SwipeCellKit#175, #231", "DNSSwipeableTableCell#6",
                "MGSwipeTableCell#54",
            ]),
        TouchRule(
            "nav.contentPop", framework: "UIKit",
            "With the iOS 26 SDK a navigation controller also pops on a pan that starts anywhere in its content and moves first from leading to trailing, where the edge pop does not take it; content pans keep their swipes as with the edge pop; isEnabled = false turns it off.",
            .documented, sources: ["Apple, UINavigationController.interactiveContentPopGestureRecognizer (iOS 26)"], eras: ["ios26"]),
        TouchRule(
            "nav.popCompletion", framework: "UIKit",
            "The interactive pop completes when it ends past half the view's width or released faster than 500 pt/s to the right.",
            .approximation, sources: ["UIKit's values are private"]),
        TouchRule(
            "system.edgeGate", framework: "UIKit",
            "Near the bottom and side edges the system holds an app's touches until it knows the touch is not a system gesture, unless the controller defers that edge.",
            .documented, sources: ["Apple, UIViewController.preferredScreenEdgesDeferringSystemGestures"]),
        TouchRule(
            "responder.chain", framework: "UIKit",
            "A view's next responder is its controller when it is a controller's view, else its superview; a window's is the application; unhandled touches go up the chain.",
            .documented, sources: ["Apple, UIResponder.next", "Apple, Using responders and the responder chain"]),
    ]
}
