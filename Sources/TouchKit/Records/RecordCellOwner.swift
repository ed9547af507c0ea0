/// An object that keeps fields in a `RecordCell`: a mirror of it shows the cell, not the record,
/// so it hands the record over by the cell's property name (`EngineStateDump` writes the record's
/// fields where a mirror found the cell). A subclass with a cell of its own answers for its name
/// and asks its superclass for the rest.
@_spi(Records) public protocol RecordCellOwner: AnyObject {
    /// The record of the cell stored under `label`, or nil if the object has no such cell.
    func _recordFields(label: String) -> Any?
}
