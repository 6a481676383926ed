// The lenient reader of pasted lists (mail bodies, quoted replies, numbered lines…) on
// any bytes, and the picks it makes of them without a library.
import CFuzz
import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPastedList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let list = try PastedListReader.read(bytes, displayPath: "picks.txt")
        _ = try? list.picksWithoutLibrary(displayPath: "picks.txt")
    } catch {
        precondition(!error.description.isEmpty, "a refusal without a message")
    }
    return 0
}

@_cdecl("FuzzPastedList_main")
public func fuzzPastedListMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzPastedList)
}
