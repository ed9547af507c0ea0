/// An object handed to a C library as its callbacks' context pointer (SDL's `SDL_RWops` data,
/// giflib's `UserData`), and found again in those callbacks, which cannot capture it: the one
/// place the front end goes through `Unmanaged`. Not retained: each object owns the C handle
/// that holds the pointer and frees it in its `deinit`, so the pointer never outlives it.
enum CallbackContext {
    /// The pointer to give the C library for `object`.
    static func pointer(to object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(object).toOpaque()
    }

    /// The object `pointer` was made from.
    static func object<Object: AnyObject>(_ pointer: UnsafeMutableRawPointer, as type: Object.Type) -> Object {
        Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }
}
