/// What a photo's header may ask of its decode, checked before any pixel memory is taken.
///
/// Not a ceiling on what cameras make (a 102 MP GFX100 JPEG, a 151 MP Phase One, a 300 MP
/// scan are decoded a few rows at a time, at the scale the largest output needs), but on
/// what is hostile: a header over 1 gigapixel, one whose decode would hold more than one
/// photo's budget at once, or one that declares more pixels than the file's bytes can
/// hold in its format (a decompression bomb: 45 bytes declaring 4 billion × 4 billion).
public enum DecodeBudget {
    /// No header may declare more pixels than this, whatever it costs to decode.
    public static let maximumPixels = 1_000_000_000
    /// The most one photo's decode may hold at once beyond its file's bytes: enough for
    /// a 100 MP HEIF (decoded whole) or an interlaced 250 MP PNG; a photo over the build's
    /// shared memory budget is decoded alone. JPEG, PNG and TIFF photos are
    /// decoded a band of rows at a time and need a few MB whatever their size.
    public static let maximumWorkingBytes = 1 << 30

    /// Refuses (with one line naming the size and the reason) a header that asks for too
    /// much: see the type's comment.
    static func check(_ info: ImageInfo, fileSize: Int) throws(ImagingError) {
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        guard !overflow, pixels <= maximumPixels else {
            throw .tooLarge(width: info.width, height: info.height, why: "over the limit of 1 gigapixel")
        }
        if let least = leastBytes(info), fileSize < least {
            throw .tooLarge(
                width: info.width, height: info.height,
                why: "more than a \(info.format.displayName) of \(fileSize) bytes can hold (at least \(least) are needed)")
        }
        guard info.workingBytes <= maximumWorkingBytes else {
            throw .tooLarge(
                width: info.width, height: info.height,
                why: "which take \(info.workingBytes >> 20) MB to decode (\(info.wholeReason ?? "decoded whole")), "
                    + "over the budget of \(maximumWorkingBytes >> 20) MB a photo")
        }
    }

    /// The fewest bytes a whole image of the declared size can take in formats whose
    /// coding puts a floor under it; nil for the others.
    static func leastBytes(_ info: ImageInfo) -> Int? {
        switch info.format {
        case .jpeg:
            // Every 8×8 block of the first component codes at least its DC difference, one
            // bit or more, in every kind of JPEG (baseline, progressive, arithmetic).
            return ((info.width + 7) / 8) * ((info.height + 7) / 8) / 8
        case .png:
            // Each row is a filter byte and at least a bit a pixel, deflated; deflate
            // compresses 1032:1 at the very best.
            return info.height * (1 + (info.width + 7) / 8) / 1032
        default:
            return nil
        }
    }
}
