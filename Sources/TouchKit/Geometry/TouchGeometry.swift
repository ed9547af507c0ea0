import Foundation

/// Geometry the recognizers ask on every move.
public enum TouchGeometry {
    /// The length of (`dx`, `dy`): how far a touch moved, or how far apart two touches are.
    ///
    /// The square root of the sum of squares: for any distance on a screen it is `hypot`'s answer
    /// or one unit in the last place from it, at a small fraction of the cost of glibc's `hypot`
    /// (which a move asks for several times). Where the squares overflow (points from a file far
    /// beyond any screen), `hypot` answers.
    @inlinable
    public static func length(_ dx: CGFloat, _ dy: CGFloat) -> CGFloat {
        let squares = dx * dx + dy * dy
        return squares.isFinite ? squares.squareRoot() : hypot(dx, dy)
    }
}
