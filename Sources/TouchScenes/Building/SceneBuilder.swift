import Foundation
import TouchKit

/// Builds live TouchKit objects from a `SceneDescription`.
///
/// Views without behaviours are plain TouchKit views of their kind; views with behaviours are
/// scene subclasses that forward overrides to a `BehaviourHost`. Recognizers get their
/// parameters, delegate answers and effects; `requireToFail` links are resolved last, once every
/// recognizer exists. The window is not attached to an application: `LoadedScene.makeSimulator()`
/// or the front end does that.
public enum SceneBuilder {
    public static func build(_ scene: SceneDescription, source: LoadedScene.Source) -> LoadedScene {
        let runtime = SceneRuntime(state: scene.state)
        runtime.swiftUIEra = scene.swiftUIEra
        let window = UIWindow(frame: CGRect(origin: .zero, size: scene.windowSize))
        window.backgroundColor = scene.windowBackground ?? .white
        window.isSystemGestureGateEnabled = scene.systemGestureGate
        var pending: [(UIGestureRecognizer, RecognizerDescription)] = []
        if let root = scene.rootController {
            let controller = makeController(root, runtime: runtime, pending: &pending)
            window.rootViewController = controller
            present(root.presents, from: controller, runtime: runtime, pending: &pending)
        }
        for description in scene.views {
            window.addSubview(makeView(description, runtime: runtime, pending: &pending))
        }
        let overlays = scene.windows.map { makeWindow($0, over: window, runtime: runtime, pending: &pending) }
        window._keptAlive.append(contentsOf: overlays)
        for (recognizer, description) in pending {
            for id in description.requireToFail {
                if let other = runtime.recognizer(id) { recognizer.require(toFail: other) }
            }
        }
        // The runtime lives as long as the window, whoever keeps the window (the runtime holds
        // the window's views weakly, so this is no cycle).
        window._keptAlive.append(runtime)
        // UIKit behaviour that changed with an SDK follows the app's era (the iOS 26 SDK's content
        // pop gesture, say).
        let sdk = scene.appEra == .ios26 ? 26 : scene.appEra == .ios17 ? 17 : 18
        let loaded = LoadedScene(
            name: scene.name, summary: scene.summary ?? "", window: window, source: source, runtime: runtime,
            makeApplication: {
                let application = UIApplication()
                application.configuration.linkedSDK = sdk
                return application
            })
        loaded.overlayWindows = overlays
        loaded.sceneDescription = scene
        loaded.rebuild = { build(scene, source: source) }
        return loaded
    }

    /// A window over the main one: its level, frame (the main window's bounds by default), root
    /// view controller and overrides; shown (not key) unless hidden.
    private static func makeWindow(
        _ description: WindowDescription, over main: UIWindow, runtime: SceneRuntime,
        pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) -> UIWindow {
        let window = UIWindow(frame: description.frame ?? main.bounds)
        window.accessibilityIdentifier = description.id
        runtime.register(view: window, id: description.id)
        window.windowLevel = UIWindow.Level(description.level)
        window.backgroundColor = description.backgroundColor
        if let enabled = description.isUserInteractionEnabled { window.isUserInteractionEnabled = enabled }
        if !description.behaviours.isEmpty { window.interceptor = BehaviourHost(behaviours: description.behaviours, runtime: runtime) }
        if let root = description.root {
            let controller = SceneViewController()
            controller.view = makeView(root, runtime: runtime, pending: &pending)
            window.rootViewController = controller
        }
        window.isHidden = description.isHidden
        return window
    }

    private static func present(
        _ controllers: [ControllerDescription], from presenting: UIViewController, runtime: SceneRuntime,
        pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) {
        for description in controllers {
            let controller = makeController(description, runtime: runtime, pending: &pending)
            presenting.present(controller, animated: false)
            present(description.presents, from: controller, runtime: runtime, pending: &pending)
        }
    }

    private static func makeController(
        _ description: ControllerDescription, runtime: SceneRuntime, pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) -> UIViewController {
        if description.kind == .navigationController {
            return makeNavigationController(description, runtime: runtime, pending: &pending)
        }
        let controller = SceneViewController()
        controller.traceClass = description.className ?? "UIViewController"
        controller.title = description.title
        controller.deferringEdges = description.deferringEdges ?? []
        if !description.behaviours.isEmpty { controller.interceptor = BehaviourHost(behaviours: description.behaviours, runtime: runtime) }
        controller.view = makeView(description.view, runtime: runtime, pending: &pending)
        if let id = description.id { runtime.register(controller: controller, id: id) }
        return controller
    }

    /// A navigation controller with its stack; its pop gesture registered as `<id>.pop` and given
    /// the settings the scene lists (a `delegate` replaces the navigation controller as its
    /// delegate, as setting it does in UIKit).
    private static func makeNavigationController(
        _ description: ControllerDescription, runtime: SceneRuntime, pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) -> UIViewController {
        let navigation = SceneNavigationController()
        navigation.traceClass = description.className ?? "UINavigationController"
        navigation.title = description.title
        navigation.deferringEdges = description.deferringEdges
        let stack = description.viewControllers.map { makeController($0, runtime: runtime, pending: &pending) }
        navigation.setViewControllers(stack, animated: false)
        navigation.loadViewIfNeeded()
        if let id = description.id {
            runtime.register(controller: navigation, id: id)
            // Its view carries its id: traces name the pop gesture `…@UILayoutContainerView#nav`.
            navigation.view.accessibilityIdentifier = id
            if let pop = navigation.interactivePopGestureRecognizer {
                runtime.register(recognizer: pop, id: BuiltInRecognizerRole.pop.id(of: id))
                for builtIn in description.builtInRecognizers where builtIn.role == .pop {
                    configure(pop, builtIn, runtime: runtime, pending: &pending)
                }
            }
        }
        return navigation
    }

    static func makeView(
        _ description: ViewDescription, runtime: SceneRuntime, pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) -> UIView {
        if description.kind == .hosting { return makeHosting(description, runtime: runtime, pending: &pending) }
        let view = instantiate(description, runtime: runtime)
        if let className = description.className { view.traceClass = className }
        if let id = description.id {
            view.accessibilityIdentifier = id
            runtime.register(view: view, id: id)
        }
        if let frame = description.frame {
            view.frame = frame
        } else {
            if let bounds = description.bounds { view.bounds = bounds }
            if let center = description.center { view.center = center }
        }
        if let transform = description.transform { view.transform = transform }
        view.isHidden = description.isHidden
        view.alpha = description.alpha
        if let interaction = description.isUserInteractionEnabled { view.isUserInteractionEnabled = interaction }
        view.isMultipleTouchEnabled = description.isMultipleTouchEnabled
        view.isExclusiveTouch = description.isExclusiveTouch
        if let clips = description.clipsToBounds { view.clipsToBounds = clips }
        view.tag = description.tag
        view.backgroundColor = description.backgroundColor
        configureKind(view, description)
        for action in description.actions {
            guard let control = view as? UIControl else { continue }
            let events = action.events.compactMap(UIControl.Event.init(name:)).reduce(into: UIControl.Event()) { $0.formUnion($1) }
            let effects = action.effects
            control.addAction(
                UIAction(title: action.events.joined(separator: "|")) { [weak runtime, weak control] _ in
                    // The control holds this action: a strong capture would keep both alive forever
                    // (the runtime weakly too: the window keeps it, and a representable's views are
                    // reachable from it).
                    if let control { runtime?.run(effects, from: control) }
                },
                for: events)
        }
        for behaviour in description.behaviours {
            if case .touchUpInside(let distance, let effects) = behaviour {
                let canceller: any MovingCancellable = distance.map { OutOfValueCanceller(value: CGFloat($0)) } ?? OutOfBoundsCanceller()
                installTouchUpInside(on: view, canceller: canceller) { [weak runtime, weak view] in
                    if let view { runtime?.run(effects, from: view) }
                }
            }
        }
        if let scrollView = view as? UIScrollView { configureBuiltIns(of: scrollView, description, runtime: runtime, pending: &pending) }
        for recognizerDescription in description.recognizers {
            let recognizer = makeRecognizer(recognizerDescription, runtime: runtime)
            view.addGestureRecognizer(recognizer)
            pending.append((recognizer, recognizerDescription))
        }
        for subview in description.subviews {
            view.addSubview(makeView(subview, runtime: runtime, pending: &pending))
        }
        if description.kind.isCell { runtime.registerCellEffects(view, select: description.didSelect, deselect: description.didDeselect) }
        if let table = view as? UITableView {
            table.didSelectCell = { [weak runtime] cell in runtime?.runCellEffects(cell, selected: true) }
            table.didDeselectCell = { [weak runtime] cell in runtime?.runCellEffects(cell, selected: false) }
        }
        if let collection = view as? UICollectionView {
            collection.didSelectCell = { [weak runtime] cell in runtime?.runCellEffects(cell, selected: true) }
            collection.didDeselectCell = { [weak runtime] cell in runtime?.runCellEffects(cell, selected: false) }
        }
        return view
    }

    private static func installTouchUpInside(on view: UIView, canceller: some MovingCancellable, _ action: @escaping () -> Void) {
        view.onTouchUpInside(canceller: canceller, action)
    }

    /// A plain view of the description's kind; with behaviours, their host is its interceptor.
    private static func instantiate(_ description: ViewDescription, runtime: SceneRuntime) -> UIView {
        let view: UIView
        switch description.kind {
        case .view: view = UIView(frame: .zero)
        case .label: view = UILabel(frame: .zero)
        case .imageView: view = UIImageView(frame: .zero)
        case .control: view = UIControl(frame: .zero)
        case .button: view = UIButton(type: .system)
        case .scrollView: view = UIScrollView(frame: .zero)
        case .switch: view = UISwitch(frame: .zero)
        case .slider: view = UISlider(frame: .zero)
        case .tableView: view = UITableView(frame: .zero)
        case .tableViewCell: view = UITableViewCell(frame: .zero)
        case .collectionView: view = UICollectionView(frame: .zero)
        case .collectionViewCell: view = UICollectionViewCell(frame: .zero)
        case .textField: view = UITextField(frame: .zero)
        case .hosting: view = UIView(frame: .zero)  // built by `makeHosting`
        }
        let hitBehaviours = description.behaviours.filter { if case .touchUpInside = $0 { false } else { true } }
        if !hitBehaviours.isEmpty { view.interceptor = BehaviourHost(behaviours: hitBehaviours, runtime: runtime) }
        return view
    }

    private static func configureKind(_ view: UIView, _ description: ViewDescription) {
        if let button = view as? UIButton {
            button.setTitle(description.title, for: .normal)
            if let color = description.titleColor { button.setTitleColor(color, for: .normal) }
        }
        if let label = view as? UILabel { label.text = description.title }
        if let field = view as? UITextField { field.text = description.title ?? "" }
        if let imageView = view as? UIImageView, let name = description.image { imageView.image = UIImage(named: name) }
        if let control = view as? UIControl {
            control.isEnabled = description.isEnabled
            control.isSelected = description.isSelected
            control.trackingMargin = description.trackingMargin.map { CGFloat($0) }
        }
        if let toggle = view as? UISwitch { toggle.isOn = description.isOn }
        if let slider = view as? UISlider, let value = description.value { slider.value = Float(value) }
        if let scrollView = view as? UIScrollView {
            if let size = description.contentSize { scrollView.contentSize = size }
            if let offset = description.contentOffset { scrollView.contentOffset = offset }
            scrollView.delaysContentTouches = description.delaysContentTouches
            scrollView.canCancelContentTouches = description.canCancelContentTouches
            scrollView.isScrollEnabled = description.isScrollEnabled
            scrollView.isPagingEnabled = description.isPagingEnabled
        }
        if let table = view as? UITableView {
            table.allowsSelection = description.allowsSelection
            table.allowsMultipleSelection = description.allowsMultipleSelection
        }
        if let collection = view as? UICollectionView {
            collection.allowsSelection = description.allowsSelection
            collection.allowsMultipleSelection = description.allowsMultipleSelection
        }
        if let cell = view as? UITableViewCell { cell.isSelected = description.isSelected }
        if let cell = view as? UICollectionViewCell { cell.isSelected = description.isSelected }
    }

    /// A scroll view's own recognizers: registered by their derived ids (`carousel.pan`) and
    /// given the settings the scene lists (the rest keep UIKit's values).
    private static func configureBuiltIns(
        of scrollView: UIScrollView, _ description: ViewDescription, runtime: SceneRuntime,
        pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) {
        guard let viewID = description.id else { return }
        let recognizers: [BuiltInRecognizerRole: UIGestureRecognizer] = [
            .pan: scrollView.panGestureRecognizer, .delay: scrollView.delayedTouchesGestureRecognizer,
        ]
        for role in BuiltInRecognizerRole.roles(of: .scrollView) {
            guard let recognizer = recognizers[role] else { continue }
            runtime.register(recognizer: recognizer, id: role.id(of: viewID))
        }
        for builtIn in description.builtInRecognizers {
            guard let recognizer = recognizers[builtIn.role] else { continue }
            configure(recognizer, builtIn, runtime: runtime, pending: &pending)
        }
    }

    /// Gives a built-in recognizer the settings a scene lists (the rest keep UIKit's values).
    private static func configure(
        _ recognizer: UIGestureRecognizer, _ builtIn: BuiltInRecognizerDescription, runtime: SceneRuntime,
        pending: inout [(UIGestureRecognizer, RecognizerDescription)]
    ) {
        if let enabled = builtIn.isEnabled { recognizer.isEnabled = enabled }
        if let cancels = builtIn.cancelsTouchesInView { recognizer.cancelsTouchesInView = cancels }
        if let delays = builtIn.delaysTouchesBegan { recognizer.delaysTouchesBegan = delays }
        if let delays = builtIn.delaysTouchesEnded { recognizer.delaysTouchesEnded = delays }
        if let pan = recognizer as? UIPanGestureRecognizer {
            if let minimum = builtIn.minimumNumberOfTouches { pan.minimumNumberOfTouches = minimum }
            if let maximum = builtIn.maximumNumberOfTouches { pan.maximumNumberOfTouches = maximum }
        }
        attach(builtIn.delegate, onStates: builtIn.onStates, effects: builtIn.effects, to: recognizer, runtime: runtime)
        var links = RecognizerDescription(kind: .pan)
        links.requireToFail = builtIn.requireToFail
        pending.append((recognizer, links))
    }

    /// A recognizer's delegate answers and the effects of its action.
    private static func attach(
        _ delegateDescription: DelegateDescription?, onStates states: [UIGestureRecognizer.State], effects: [Effect],
        to recognizer: UIGestureRecognizer, runtime: SceneRuntime
    ) {
        if let delegateDescription {
            let delegate = SceneRecognizerDelegate(delegateDescription, runtime: runtime)
            runtime.delegates.append(delegate)
            recognizer.delegate = delegate
        }
        if !effects.isEmpty {
            recognizer.addTarget(runtime) { [weak runtime] recognizer in
                guard states.isEmpty || states.contains(recognizer.state), let view = recognizer.view else { return }
                runtime?.run(effects, from: view, recognizer: recognizer)
            }
        }
    }

    static func makeRecognizer(_ description: RecognizerDescription, runtime: SceneRuntime) -> UIGestureRecognizer {
        let recognizer: UIGestureRecognizer
        switch description.kind {
        case .tap:
            let tap = UITapGestureRecognizer()
            if let taps = description.numberOfTapsRequired { tap.numberOfTapsRequired = taps }
            if let touches = description.numberOfTouchesRequired { tap.numberOfTouchesRequired = touches }
            recognizer = tap
        case .longPress:
            let press = UILongPressGestureRecognizer()
            if let taps = description.numberOfTapsRequired { press.numberOfTapsRequired = taps }
            if let touches = description.numberOfTouchesRequired { press.numberOfTouchesRequired = touches }
            if let duration = description.minimumPressDuration { press.minimumPressDuration = duration }
            if let movement = description.allowableMovement { press.allowableMovement = CGFloat(movement) }
            recognizer = press
        case .pan, .screenEdgePan:
            let pan = description.kind == .pan ? UIPanGestureRecognizer() : UIScreenEdgePanGestureRecognizer()
            if let minimum = description.minimumNumberOfTouches { pan.minimumNumberOfTouches = minimum }
            if let maximum = description.maximumNumberOfTouches { pan.maximumNumberOfTouches = maximum }
            if let edgePan = pan as? UIScreenEdgePanGestureRecognizer { edgePan.edges = description.edges }
            recognizer = pan
        case .swipe:
            let swipe = UISwipeGestureRecognizer()
            if let touches = description.numberOfTouchesRequired { swipe.numberOfTouchesRequired = touches }
            if let direction = description.direction { swipe.direction = direction }
            recognizer = swipe
        case .pinch:
            recognizer = UIPinchGestureRecognizer()
        case .rotation:
            recognizer = UIRotationGestureRecognizer()
        }
        recognizer.name = description.id
        recognizer.isEnabled = description.isEnabled
        recognizer.cancelsTouchesInView = description.cancelsTouchesInView
        recognizer.delaysTouchesBegan = description.delaysTouchesBegan
        recognizer.delaysTouchesEnded = description.delaysTouchesEnded
        attach(description.delegate, onStates: description.onStates, effects: description.effects, to: recognizer, runtime: runtime)
        if let id = description.id { runtime.register(recognizer: recognizer, id: id) }
        return recognizer
    }
}
