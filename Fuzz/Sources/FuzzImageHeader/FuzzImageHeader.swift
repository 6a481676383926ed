// Content sniffing and the header check that refuses decompression bombs before decoding:
// any bytes, sniffed, then sent through the public Thumbnailer entry at a size that lets
// only what the header check passes reach a decoder. (ImageHeader itself is internal, and
// SwiftPM builds a dependency package without testability, so it is reached this way.)
import CFuzz
import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let sniffed = ImageFormat.sniff(bytes.prefix(ImageFormat.sniffLength))
    // The sniffer looks at the first bytes only: a longer input sniffs the same.
    precondition(ImageFormat.sniff(bytes) == sniffed || bytes.count > ImageFormat.sniffLength, "sniffing depends on length")
    if sniffed != nil, bytes.count < 4096 {
        _ = try? Thumbnailer.render(bytes, sizes: ImageSizes(thumbnail: 16, preview: 32, quality: 30))
    }
    return 0
}

@_cdecl("FuzzImageHeader_main")
public func fuzzImageHeaderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzImageHeader)
}
