internal import CImaging

/// The one owner of a CImaging decoder (`ps_decoder`): a photo opened by the library made
/// for its format, handing out its rows (flattened on white, CMYK converted) to a C
/// consumer such as the resampler. Closed in `deinit`. It reads from memory it does not
/// own: it must not outlive the buffer it was opened on.
struct PhotoDecoder: ~Copyable {
    private let handle: OpaquePointer
    /// The size of the rows handed out (a JPEG's after DCT scaling), and the image's own.
    let size: (width: Int, height: Int)
    let storedSize: (width: Int, height: Int)
    /// How the rows are still to be turned upright: `.up` but for an HEIF grid's own
    /// rotation and mirroring (irot, imir), which its tiles are handed out without.
    let orientation: Orientation

    /// Opens the photo whose header said `info`. JPEGs are opened at the smallest DCT
    /// scale whose long edge still covers `minimumLongEdge` (0: full size). The decoder
    /// checks `DecodeBudget` again against its own reading of the header. Its colour
    /// transforms (CMYK, profiles) come from `colors`, which must outlive it.
    init(
        _ buffer: UnsafeBufferPointer<UInt8>, info: ImageInfo, minimumLongEdge: Int, colors: borrowing ColorTransforms
    ) throws(ImagingError) {
        var request = ps_decode_request()
        request.colors = colors.handle
        request.min_long_edge = Int32(clamping: minimumLongEdge)
        request.max_pixels = Int64(DecodeBudget.maximumPixels)
        request.max_working_bytes = Int64(DecodeBudget.maximumWorkingBytes)
        request.max_scans = Int32(Thumbnailer.maximumScans)
        if let screen = info.screen {
            request.screen_width = Int32(clamping: screen.width)
            request.screen_height = Int32(clamping: screen.height)
            request.frame_left = Int32(clamping: screen.left)
            request.frame_top = Int32(clamping: screen.top)
        }
        var opened: OpaquePointer?
        var result = ps_open_result()
        ps_decoder_open(info.format.code, buffer.baseAddress, buffer.count, &request, &opened, &result)
        let reason = withUnsafeBytes(of: result.reason) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        try Self.check(result.status, reason: reason, width: Int(result.stored_width), height: Int(result.stored_height))
        guard let opened else { throw .outOfMemory }
        handle = opened
        size = (Int(result.width), Int(result.height))
        storedSize = (Int(result.stored_width), Int(result.stored_height))
        orientation = Orientation(tag: Int(result.orientation))
    }

    deinit {
        ps_decoder_close(handle)
    }

    /// Lends the row source (`ps_decoder_row` and its context) to a C consumer.
    func withRows<R>(_ body: (ps_row_source, UnsafeMutableRawPointer) -> R) -> R {
        body(ps_decoder_row, UnsafeMutableRawPointer(handle))
    }

    /// Reads what the consumer left and throws if the file was not whole, or if a row
    /// could not be decoded.
    func finish() throws(ImagingError) {
        var reason = [CChar](repeating: 0, count: Int(PS_REASON_SIZE))
        let status = ps_decoder_finish(handle, &reason, reason.count)
        let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        try Self.check(status, reason: text, width: storedSize.width, height: storedSize.height)
    }

    /// What the libraries said about damaged but usable data ("libjpeg: …; libtiff: …").
    var messages: String? {
        let text = String(cString: ps_decoder_messages(handle))
        return text.isEmpty ? nil : text
    }

    /// Converts a truecolor gd image of the photo's pixels to sRGB in place, through the
    /// Little CMS transform its profile needs (from the decoder's `ColorTransforms`);
    /// nothing when they are sRGB already. Returns what to say when a profile had to be
    /// ignored.
    func convertColors(of image: gdImagePtr) -> String? {
        var text = [CChar](repeating: 0, count: Int(PS_REASON_SIZE))
        ps_decoder_convert_color(handle, image, &text, text.count)
        let said = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return said.isEmpty ? nil : said
    }

    private static func check(_ status: Int32, reason: String, width: Int, height: Int) throws(ImagingError) {
        switch Int(status) {
        case Int(PS_OK): return
        case Int(PS_TOO_LARGE): throw .tooLarge(width: width, height: height, why: reason)
        case Int(PS_TRUNCATED): throw .truncated
        case Int(PS_NO_MEMORY): throw .outOfMemory
        case Int(PS_UNSUPPORTED): throw .unsupported(reason)
        default:
            if reason.hasPrefix("refused:") { throw .refused(reason) }
            throw .corrupt(reason.isEmpty ? "the decoder refused it" : reason)
        }
    }
}
