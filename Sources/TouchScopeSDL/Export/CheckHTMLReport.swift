import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The HTML report of a check (`check --html DIR`): placeholder until the frames land.
package enum CheckHTMLReport {
    package static func write(_ run: CheckRun, to folder: String, catalog: SceneCatalog) throws -> String {
        folder + "/index.html"
    }
}
