/// Facts about this build of proofsheet.
public enum Proofsheet {
    public static let version = "0.1.0"
    public static let generator = "proofsheet \(version)"
}
