/// TouchScope's version, in one place: `touchscope --version` prints it and every file TouchScope
/// writes (a session's header, a golden's) names it, so the two always agree.
public enum ToolVersion {
    /// The release number.
    public static let number = "0.2.0"
    /// The program and its version, as written into file headers: `touchscope 0.2.0`.
    public static let tool = "touchscope " + number
}
