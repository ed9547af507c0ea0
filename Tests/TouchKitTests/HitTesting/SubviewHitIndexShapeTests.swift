import Foundation
import Testing

@testable import TouchKit

@Suite("The subview hit index's grid takes the shape of the subviews")
struct SubviewHitIndexShapeTests {
    /// A shape: `count` subviews of `size` spanning `span`, and the grid expected for them.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let count: Int
        let size: CGSize
        let span: CGSize
        let columns: Int
        let rows: Int
        var description: String { name }
    }

    static let cases = [
        Case(
            name: "a list of full-width rows: one column, a row of cells per row", count: 200,
            size: CGSize(width: 1000, height: 50), span: CGSize(width: 1000, height: 10_000), columns: 1, rows: 200),
        Case(
            name: "a row of full-height columns: one row, a column of cells per column", count: 30,
            size: CGSize(width: 40, height: 800), span: CGSize(width: 1200, height: 800), columns: 30, rows: 1),
        Case(
            name: "a lattice keeps its own columns and rows", count: 100,
            size: CGSize(width: 100, height: 100), span: CGSize(width: 1000, height: 1000), columns: 10, rows: 10),
    ]

    @Test("the grid follows the subviews' average size", arguments: cases)
    func shapes(_ shape: Case) {
        let cells = SubviewHitIndex.cells(
            for: Array(repeating: shape.size, count: shape.count), spanX: shape.span.width, spanY: shape.span.height)
        #expect(cells.columns == shape.columns)
        #expect(cells.rows == shape.rows)
    }

    @Test("sparse small subviews get between one and four cells each, at most 256 a side")
    func sparse() {
        let sizes = Array(repeating: CGSize(width: 1, height: 1), count: 16)
        let shape = SubviewHitIndex.cells(for: sizes, spanX: 100_000, spanY: 100_000)
        #expect(shape.columns * shape.rows <= 4 * 16)
        #expect(shape.columns * shape.rows >= 16)
        let many = Array(repeating: CGSize(width: 1, height: 1), count: 1_000_000)
        let capped = SubviewHitIndex.cells(for: many, spanX: 1e9, spanY: 1)
        #expect(capped.columns == 256)
        #expect(capped.rows == 1)
    }

    @Test("empty, zero-sized and non-finite inputs give at least one cell")
    func degenerate() {
        #expect(SubviewHitIndex.cells(for: [], spanX: 100, spanY: 100) == (1, 1))
        let zero = SubviewHitIndex.cells(for: Array(repeating: .zero, count: 20), spanX: 0, spanY: 0)
        #expect(zero.columns >= 1 && zero.rows >= 1)
        let huge = SubviewHitIndex.cells(for: [CGSize(width: CGFloat.greatestFiniteMagnitude, height: 10)], spanX: .infinity, spanY: .nan)
        #expect(huge.columns >= 1 && huge.rows >= 1 && huge.columns <= 256 && huge.rows <= 256)
    }
}
