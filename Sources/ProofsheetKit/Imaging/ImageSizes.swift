/// The sizes of the images made for each photo (long edges, in pixels) and their quality.
public struct ImageSizes: Sendable, Codable, Equatable, Hashable {
    public var thumbnail: Int
    public var preview: Int
    /// JPEG quality, 1–100.
    public var quality: Int

    public init(thumbnail: Int = 400, preview: Int = 1600, quality: Int = 82) {
        self.thumbnail = thumbnail
        self.preview = preview
        self.quality = quality
    }

    /// Scales (width, height) so the long edge is at most `longEdge`; never enlarges.
    public static func fit(width: Int, height: Int, longEdge: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > longEdge else { return (width, height) }
        let scale = Double(longEdge) / Double(long)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
