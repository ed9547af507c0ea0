import Foundation
import Testing

@testable import TouchKit

@Suite("The subview hit index's grid takes the shape of the subviews")
struct SubviewHitIndexShapeTests {
    @Test("a list of full-width rows is one column with a row of cells per row")
    func listOfRows() {
        let sizes = Array(repeating: CGSize(width: 1000, height: 50), count: 200)
        let shape = SubviewHitIndex.cells(for: sizes, spanX: 1000, spanY: 10_000)
        #expect(shape.columns == 1)
        #expect(shape.rows == 200)
    }

    @Test("a row of full-height columns is one row with a column of cells per column")
    func rowOfColumns() {
        let sizes = Array(repeating: CGSize(width: 40, height: 800), count: 30)
        let shape = SubviewHitIndex.cells(for: sizes, spanX: 1200, spanY: 800)
        #expect(shape.columns == 30)
        #expect(shape.rows == 1)
    }

    @Test("a lattice keeps its own columns and rows")
    func lattice() {
        let sizes = Array(repeating: CGSize(width: 100, height: 100), count: 100)
        let shape = SubviewHitIndex.cells(for: sizes, spanX: 1000, spanY: 1000)
        #expect(shape.columns == 10)
        #expect(shape.rows == 10)
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
