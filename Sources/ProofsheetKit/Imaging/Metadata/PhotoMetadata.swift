/// What proofsheet keeps of a photo's EXIF, formatted for people.
public struct PhotoMetadata: Sendable, Codable, Equatable {
    /// Date taken, `YYYY-MM-DDTHH:MM:SS` as the camera recorded it (no time zone).
    public var dateTaken: String?
    public var orientation: Orientation = .up
    public var make: String?
    public var model: String?
    public var lens: String?
    /// `1/250 s` or `2 s`.
    public var exposure: String?
    /// `f/2.8`.
    public var aperture: String?
    public var iso: Int?
    /// `50 mm`.
    public var focalLength: String?
    public var description: String?
    public var gps: GPSPosition?
    /// libexif found damaged EXIF data; what could be read is kept.
    public var malformed = false

    public init() {}

    /// Make and model as one name, without the make repeated ("Canon Canon EOS R6").
    public var camera: String? {
        switch (make, model) {
        case (nil, nil): return nil
        case (let make?, nil): return make
        case (nil, let model?): return model
        case (let make?, let model?):
            return model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        }
    }
}

/// A position in decimal degrees; negative is south or west.
public struct GPSPosition: Sendable, Codable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
