// Camera RAWs on any bytes: LibRaw reading the structure (RawInfo: camera, date, exposure,
// the preview's size) and unpacking the largest embedded preview, then the imaging path on
// that preview (a JPEG or a bitmap), turned by the RAW's orientation, at small sizes.
import CFuzz
import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRaw(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let photo = try? Thumbnailer.render(bytes, sizes: ImageSizes(thumbnail: 48, preview: 96, quality: 50), raw: true) {
        precondition(photo.width > 0 && photo.height > 0, "a rendered RAW of no pixels")
        precondition(photo.format == .raw, "a RAW rendered as \(photo.format)")
    }
    return 0
}

@_cdecl("FuzzRaw_main")
public func fuzzRawMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzRaw)
}
