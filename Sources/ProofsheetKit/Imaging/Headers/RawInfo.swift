internal import CImaging

/// What LibRaw reads from a camera RAW's structure, without unpacking it: the size of its
/// largest embedded preview (which proofsheet shows) and the shot's metadata.
struct RawInfo {
    var previewWidth: Int
    var previewHeight: Int
    var metadata: PhotoMetadata

    /// Reads the RAW in `bytes`; throws when LibRaw cannot, or when it has no preview.
    init(_ bytes: [UInt8]) throws(ImagingError) {
        var info = ps_raw_info()
        let status = bytes.withUnsafeBufferPointer { ps_raw_read_info($0.baseAddress, $0.count, &info) }
        guard status == PS_OK else {
            let reason = Self.text(info.reason)
            throw status == PS_UNSUPPORTED ? .unsupported(reason) : status == PS_NO_MEMORY ? .outOfMemory : .corrupt(reason)
        }
        guard info.preview_width > 0, info.preview_height > 0 else {
            throw .unsupported("a RAW without an embedded preview (proofsheet shows RAWs by their previews)")
        }
        previewWidth = Int(info.preview_width)
        previewHeight = Int(info.preview_height)
        var metadata = PhotoMetadata()
        metadata.orientation = Orientation(rawValue: Int(info.orientation)) ?? .up
        metadata.make = Self.text(info.make).nilIfEmpty
        metadata.model = Self.text(info.model).nilIfEmpty
        metadata.lens = Self.text(info.lens).nilIfEmpty
        metadata.dateTaken = Self.text(info.date).nilIfEmpty
        // Written as ExifReader writes them for every other format.
        let shutter = Double(info.shutter), aperture = Double(info.aperture), focal = Double(info.focal_length)
        if shutter > 0 { metadata.exposure = shutter >= 1 ? "\(ExifReader.trimmed(shutter)) s" : "1/\(Int((1 / shutter).rounded())) s" }
        if aperture > 0 { metadata.aperture = "f/\(ExifReader.trimmed(aperture))" }
        if info.iso > 0 { metadata.iso = Int(info.iso.rounded()) }
        if focal > 0 { metadata.focalLength = "\(ExifReader.trimmed(focal)) mm" }
        self.metadata = metadata
    }

    /// A C character array (a tuple) as text, up to its first NUL.
    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
