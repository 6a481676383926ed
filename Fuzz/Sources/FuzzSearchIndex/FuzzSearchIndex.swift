// The previous build's search index on untrusted bytes: `data/s-HASH.js` sits in the site,
// where a damaged disk, a sync tool or a hand can change it, and a rebuild album by album
// reads it back (PreviousSearchIndex) to copy kept albums' values as bytes. The input is
// the count of photos the reader is told to expect (its first two bytes, little-endian)
// and the index's JSON; the harness names the script by the hash of that JSON, so
// mutations reach the reader past its name check (a random change is refused by it at
// once), and also tries a name that does not match.
//
// What the reader promises, checked here:
// - any bytes give an index or nil, never a crash, never a read past an end;
// - an index read is spliced whole (its one album kept as it was) into a script that reads
//   back as an index of the same count, and splicing that again gives the same bytes: what
//   the rebuild writes is what it will read next time.
import CFuzz

@testable import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchIndex(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard input.count >= 2 else { return 0 }
    let count = Int(input[0]) | Int(input[1]) << 8
    let json = Array(input[2...])
    let (name, script) = PageData.dataScript("search", prefix: "s-", json)
    precondition(
        PreviousSearchIndex(script: script, name: "s-0000000000000000", count: count) == nil || name == "s-0000000000000000",
        "an index whose bytes do not hash to its name was read")
    guard let index = PreviousSearchIndex(script: script, name: name, count: count) else { return 0 }
    let whole = [AlbumRebuild.Segment(album: Manifest.Album(path: "", name: "", count: count), start: 0, content: .kept(0..<count))]
    let (splicedName, spliced) = index.spliced(whole)
    guard let again = PreviousSearchIndex(script: spliced, name: splicedName, count: count) else {
        preconditionFailure("the index spliced from an index read does not read back")
    }
    let (nameAgain, splicedAgain) = again.spliced(whole)
    precondition(nameAgain == splicedName && splicedAgain == spliced, "splicing an index spliced whole changes it")
    return 0
}

@_cdecl("FuzzSearchIndex_main")
public func fuzzSearchIndexMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzSearchIndex)
}
