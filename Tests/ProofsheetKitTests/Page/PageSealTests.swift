import Testing

@testable import ProofsheetKit

/// What tells a page file damaged on disk from one a rebuild keeps (`PageSeal`,
/// `PageData.isDataScript`): every byte of it counts.
@Suite("Page files: seals and data files' names")
struct PageSealTests {
    @Test("a seal holds only for the bytes it was made of; a mark of a proofsheet that did not seal is out of date, not damaged")
    func seal() {
        let text = Array("<p>photos</p>\n<!-- proofsheet album page 0123456789abcdef".utf8)
        let sealed = PageSeal.sealed(text)
        #expect(PageSeal.state(sealed, mark: Array("<!-- proofsheet album page 0123456789abcdef".utf8)) == .current)
        #expect(PageSeal.state(sealed, mark: Array("<!-- proofsheet album page fedcba9876543210".utf8)) == .stale)
        #expect(PageSeal.state(sealed, mark: nil) == .current)
        for at in sealed.indices {
            var edited = sealed
            edited[at] ^= 0x01
            #expect(PageSeal.state(edited, mark: nil) == .damaged, "byte \(at) edited")
        }
        for count in 0..<sealed.count { #expect(PageSeal.state(Array(sealed.prefix(count)), mark: nil) == .damaged, "cut at \(count)") }
        #expect(PageSeal.state(Array("<p>photos</p>\n<!-- proofsheet album page 0123456789abcdef -->\n".utf8), mark: nil) == .stale)
        let index = "<html></html>\n<!-- proofsheet page 0123456789abcdef manifest 0123456789abcdef files 0123456789abcdef -->\n"
        #expect(PageSeal.state(Array(index.utf8), mark: nil) == .stale)
        #expect(PageSeal.state(Array("<p>photos</p>\n<!-- proofsheet album page 0123 -->\n".utf8), mark: nil) == .damaged)
    }

    @Test("a data file is whole only when its JSON hashes to its name")
    func dataScript() {
        let (name, script) = PageData.dataScript("chunk", prefix: "c-", Array("[{\"i\":\"a\"}]".utf8))
        #expect(PageData.isDataScript(script, named: name))
        #expect(!PageData.isDataScript(script, named: "c-0000000000000000"))
        for at in script.indices {
            var edited = script
            edited[at] ^= 0x01
            #expect(!PageData.isDataScript(edited, named: name), "byte \(at) edited")
        }
        #expect(!PageData.isDataScript(Array(script.dropLast()), named: name))
        let (search, searchScript) = PageData.dataScript("search", prefix: "s-", Array("{}".utf8))
        #expect(PageData.isDataScript(searchScript, named: search))
        #expect(!PageData.isDataScript(searchScript, named: name))
    }
}
