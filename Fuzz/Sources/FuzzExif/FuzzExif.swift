// The EXIF reader (libexif underneath) on any bytes, as a JPEG's would be handed to it.
import CFuzz
import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let metadata = ExifReader.read(jpeg: bytes)
    _ = metadata
    return 0
}

@_cdecl("FuzzExif_main")
public func fuzzExifMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzExif)
}
