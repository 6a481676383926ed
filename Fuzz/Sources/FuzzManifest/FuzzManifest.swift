// The manifest reader on untrusted bytes: `manifest.json` can be hand-edited or damaged,
// and every build reads it. Reading must give a manifest or nil, never crash; and what
// the quick reader takes, the writer must write back so that the quick reader reads the
// same manifest again (else the next build would not recognise its own site).
import CFuzz
import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = ManifestJSON.settings(in: bytes)
    _ = ManifestJSON.decode(bytes)
    if let manifest = try? ManifestJSON.read(bytes), let written = try? ManifestJSON.encode(manifest) {
        let again = try? ManifestJSON.read(written)
        precondition(again == manifest, "the manifest written does not read back as the manifest read")
    }
    return 0
}

@_cdecl("FuzzManifest_main")
public func fuzzManifestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzManifest)
}
