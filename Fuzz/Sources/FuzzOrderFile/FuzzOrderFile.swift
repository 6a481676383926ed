// The order-file parser on untrusted bytes: JSON versions 1 and 2 (marks, named
// selections; seeds of both in Fuzz/seeds.py), or anything else it takes for plain text. It must refuse with a message or parse; it must never crash.
import CFuzz
import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOrderFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        _ = try OrderFileParser.parse(bytes, displayPath: "order.json")
    } catch {
        precondition(!error.description.isEmpty, "a refusal without a message")
    }
    return 0
}

@_cdecl("FuzzOrderFile_main")
public func fuzzOrderFileMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzOrderFile)
}
