/// The EXIF orientation tag: how the stored pixels must be turned to show upright.
public enum Orientation: Int, Sendable, Codable, CaseIterable {
    case up = 1
    case upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Values 5–8 swap width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The orientation for a raw tag value; anything out of range counts as upright.
    public init(tag: Int) {
        self = Orientation(rawValue: tag) ?? .up
    }
}
