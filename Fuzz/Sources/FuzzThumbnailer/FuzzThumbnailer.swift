// The whole imaging path on any bytes: sniffing, the header check, decoding (libjpeg-turbo,
// libgd), EXIF, orientation, resampling and encoding, at small sizes to keep runs quick.
import CFuzz
import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThumbnailer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let photo = try? Thumbnailer.render(bytes, sizes: ImageSizes(thumbnail: 48, preview: 96, quality: 50)) {
        precondition(photo.width > 0 && photo.height > 0, "a rendered photo of no pixels")
    }
    return 0
}

@_cdecl("FuzzThumbnailer_main")
public func fuzzThumbnailerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzThumbnailer)
}
