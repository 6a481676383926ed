/// The photographer's logo (`build --logo FILE`), as the site carries it.
///
/// The file is untrusted like any photo: its header is read and the whole image decoded
/// by the libraries the photos go through before it is copied, as it is, into the site
/// under a name made of its content (`assets/logo-HASH.png`). That name is the stored
/// setting, so a rebuild from anywhere keeps the logo without the file it came from, and
/// no path of the photographer's disk enters the site. A rebuild checks the copy the same
/// way (`read`), so a logo damaged or swapped in the site is refused, not published.
public struct Logo: Sendable, Equatable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var width: Int
    public var height: Int

    /// Larger than any logo needs; refused before it is read.
    static let maximumBytes = 4 << 20
    static let maximumEdge = 4096

    /// Where the site carries it, relative to the site.
    public var siteName: String {
        "assets/logo-" + Self.hash(bytes) + (format == .png ? ".png" : ".jpg")
    }

    static func hash(_ bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.combine(bytes: bytes)
        return hash.hex(digits: 16)
    }

    /// The logo in `bytes` (`shown`: how messages name the file), checked.
    init(bytes: [UInt8], shown: String) throws {
        guard let format = ImageFormat.sniff(bytes), format == .png || format == .jpeg else {
            throw ProofsheetError(shown, "is not a PNG or JPEG image; a logo must be one of those")
        }
        let info: ImageInfo
        do {
            info = try ImageHeader.read(bytes)
            guard info.width <= Self.maximumEdge, info.height <= Self.maximumEdge else {
                throw ProofsheetError(shown, "is \(info.width) × \(info.height) pixels; a logo is at most \(Self.maximumEdge) on each side")
            }
            _ = try Thumbnailer.render(bytes, sizes: ImageSizes(thumbnail: 16, preview: 32, quality: 50))
        } catch let error as ImagingError {
            throw ProofsheetError(shown, "\(error)")
        }
        // Copied as it is, so what it says goes into the site: no position of where it was made.
        if ExifReader.read(bytes, format: format).gps != nil {
            throw ProofsheetError(shown, "carries a GPS position; save the logo without its metadata")
        }
        self.bytes = bytes
        self.format = format
        self.width = info.width
        self.height = info.height
    }

    /// The logo at `path` (a file given to `--logo`, or the copy a site carries), checked;
    /// `shown` names it in messages.
    public static func read(_ path: String, shown: String) throws -> Logo {
        guard FileSystem.exists(path) else { throw ProofsheetError(shown, "no such file") }
        guard !FileSystem.isDirectory(path) else { throw ProofsheetError(shown, "is a folder; give the logo's file") }
        let file = try OpenFile(BytePath(path), display: shown)
        guard file.size <= maximumBytes else {
            throw ProofsheetError(shown, "is \((file.size + (1 << 20) - 1) >> 20) MB; a logo is at most \(maximumBytes >> 20) MB")
        }
        guard let bytes = file.read(at: 0, count: file.size), bytes.count == file.size else {
            throw ProofsheetError(shown, "could not be read")
        }
        return try Logo(bytes: bytes, shown: shown)
    }

    /// The logo a site's settings name (`assets/logo-HASH.ext`), from the site at `output`:
    /// refused when the name is not one `siteName` makes, or the file is not what it names.
    static func stored(_ name: String, in output: String, shown: String) throws -> Logo {
        let again = "; give --logo FILE again, or --logo '' for none"
        guard FileSystem.exists(output + "/" + name) else { throw ProofsheetError(shown, "the site's logo is missing" + again) }
        let logo = try read(output + "/" + name, shown: shown)
        guard logo.siteName == name else {
            throw ProofsheetError(shown, "is not the logo the site's settings name (it was changed)" + again)
        }
        return logo
    }
}
