/// What a client said of one photo, picked or not: stars, one of Lightroom's colour
/// labels, reject (issue 31). The order file's `marks` hold these (Orders/); `collect` and
/// `mark` write them as XMP (`SidecarMarks`).
public struct PhotoMark: Sendable, Equatable, Hashable {
    /// 0 (no stars) to 5.
    public var rating: Int
    public var label: ColorLabel?
    public var rejected: Bool

    public static let ratings = 0...5

    public init(rating: Int = 0, label: ColorLabel? = nil, rejected: Bool = false) {
        self.rating = rating
        self.label = label
        self.rejected = rejected
    }

    /// `xmp:Rating` as Lightroom, Bridge and Capture One read it: the stars, or −1 for a
    /// reject.
    public var xmpRating: String { rejected ? "-1" : String(rating) }

    /// "4 stars, red label", "rejected", "no stars": as messages and lists show a mark.
    public var described: String {
        var parts = [rating == 1 ? "1 star" : rating == 0 ? "no stars" : "\(rating) stars"]
        if let label { parts.append("\(label.rawValue) label") }
        if rejected { parts = ["rejected"] + (label.map { ["\($0.rawValue) label"] } ?? []) }
        return parts.joined(separator: ", ")
    }
}

/// Lightroom's five colour labels, by the names the order file gives them.
public enum ColorLabel: String, Sendable, Equatable, Hashable, CaseIterable {
    case red, yellow, green, blue, purple

    /// `xmp:Label` as Lightroom Classic's default label set writes it, and as Capture One
    /// and Bridge read it: "Red", "Yellow", "Green", "Blue", "Purple".
    public var xmpLabel: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
