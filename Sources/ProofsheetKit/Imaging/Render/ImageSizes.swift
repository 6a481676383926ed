/// The sizes of the images made for each photo (long edges, in pixels), their quality and
/// watermark.
public struct ImageSizes: Sendable, Codable, Equatable, Hashable {
    public var thumbnail: Int
    public var preview: Int
    /// JPEG quality, 1–100.
    public var quality: Int
    /// Drawn on the preview before the thumbnails are made from it.
    public var watermark: Watermark?

    public init(thumbnail: Int = 400, preview: Int = 1600, quality: Int = 82, watermark: Watermark? = nil) {
        self.thumbnail = thumbnail
        self.preview = preview
        self.quality = quality
        self.watermark = watermark
    }

    /// The part of the render key these options make.
    public var key: [String] {
        [String(thumbnail), String(preview), String(quality)] + (watermark.map { ["watermark", $0.key] } ?? [])
    }

    /// The long edge of the thumbnail for high-density screens (twice the thumbnail's);
    /// nil when that does not fit in an `Int`.
    public var thumbnail2x: Int? {
        let (doubled, overflow) = thumbnail.multipliedReportingOverflow(by: 2)
        return overflow ? nil : doubled
    }

    /// Why images of these sizes cannot be made, as a sentence; nil when they can. The
    /// settings are checked where they are read (the site's settings' checks); this keeps the
    /// thumbnailer's own arithmetic from trapping whatever it is given.
    public var problem: String? {
        guard thumbnail >= 1, preview >= 1, thumbnail2x != nil else {
            return "image sizes \(thumbnail) and \(preview) cannot be made"
        }
        guard (1...100).contains(quality) else { return "JPEG quality \(quality) is not from 1 to 100" }
        return nil
    }

    /// Scales (width, height) so the long edge is at most `longEdge`; never enlarges.
    public static func fit(width: Int, height: Int, longEdge: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > longEdge else { return (width, height) }
        let scale = Double(longEdge) / Double(long)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
