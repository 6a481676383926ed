import Foundation
import ProofsheetKit
import Testing

/// Version 2 order files, and sidecars made and read by exiftool, for the marks suites.
extension CollectFixture {
    /// A version 2 order: `picks` in order (or named `selections`), and `marks` as
    /// (path, rating, label, rejected).
    @discardableResult
    func orderV2(
        picks: [String] = [], selections: [(name: String, limit: Int, picks: [String])] = [],
        marks: [(path: String, rating: Int, label: String?, rejected: Bool)], name: String = "order.json"
    ) throws -> String {
        func pickList(_ paths: [String]) -> String {
            paths.enumerated().map { index, path in
                let size = FileSystem.fileStatus(library + "/" + path)?.size ?? 1
                return #"{"order": \#(index + 1), "path": \#(json(path)), "bytes": \#(size)}"#
            }.joined(separator: ", ")
        }
        let markList = marks.map { mark in
            var fields = [#""path": \#(json(mark.path))"#, #""rating": \#(mark.rating)"#]
            if let label = mark.label { fields.append(#""label": "\#(label)""#) }
            if mark.rejected { fields.append(#""rejected": true"#) }
            return "{" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ", ")
        let body =
            selections.isEmpty
            ? #""picks": [\#(pickList(picks))]"#
            : #""selections": [\#(selections.map { #"{"name": \#(json($0.name)), "limit": \#($0.limit), "picks": [\#(pickList($0.picks))]}"# }.joined(separator: ", "))]"#
        let text =
            #"{"format": "proofsheet-order", "version": 2, "gallery": "abc123", "title": "Anna & Ben", \#(body), "marks": [\#(markList)]}"#
        let path = root + "/" + name
        try FileSystem.writeAtomically(text, to: path)
        return path
    }

    /// A Lightroom-like sidecar, written by exiftool: keywords, a Camera Raw setting, and a
    /// rating and label of the photographer's own.
    @discardableResult
    func librarySidecar(_ relative: String) throws -> [UInt8] {
        let path = library + "/" + relative
        try CommandRunner.system(
            "/usr/bin/exiftool",
            [
                "-q", "-o", path, "-XMP-dc:Subject=Anna", "-XMP-dc:Subject=Ben", "-XMP-crs:Exposure2012=+0.50",
                "-XMP-crs:WhiteBalance=Custom",
                "-XMP-xmp:Rating=2", "-XMP-xmp:Label=Green",
            ])
        return try FileSystem.read(path)
    }
}

/// A tag of an XMP sidecar as exiftool reads it (`-XMP-xmp:Rating`), "" when absent.
func exiftoolTag(_ path: String, _ tag: String) throws -> String {
    try CommandRunner.system("/usr/bin/exiftool", ["-s3", "-sep", ",", "-" + tag, path]).trimmingCharacters(in: .whitespacesAndNewlines)
}
