import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Build and collect give a photo the same companions, by one rule (`Companion`; collect
/// scans the picked photo's folder as the build does). The cases where they differed:
/// build gave a companion to the first photo of its stem and collect to every picked one;
/// collect folded case beyond ASCII (`été.CR3` went with `Été.jpg`), build did not; build
/// gave `IMG_1.tif.xmp` to `IMG_1.jpg` beside `IMG_1.tif`, collect to `IMG_1.tif`; collect
/// left out `IMG_1.jpeg.xmp`, which build gave to `IMG_1.jpg`.
@Suite("Companions: one rule for build and collect")
struct CompanionRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var photos: [String]
        var others: [String]
        /// Each photo's companions, by name.
        var expected: [String: [String]]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "two photos of one stem: the first by name has the RAW, the other none",
            photos: ["IMG_1.jpeg", "IMG_1.jpg"], others: ["IMG_1.CR3", "IMG_1.MOV"],
            expected: ["IMG_1.jpeg": ["IMG_1.CR3", "IMG_1.MOV"], "IMG_1.jpg": []]),
        Case(
            name: "case is folded for ASCII letters only",
            photos: ["IMG_2.JPG", "Été.jpg"], others: ["img_2.cr3", "été.CR3"],
            expected: ["IMG_2.JPG": ["img_2.cr3"], "Été.jpg": []]),
        Case(
            name: "a sidecar of a whole name goes with the photo of that name",
            photos: ["IMG_3.jpg", "IMG_3.tif"], others: ["IMG_3.tif.xmp", "IMG_3.xmp"],
            expected: ["IMG_3.jpg": ["IMG_3.xmp"], "IMG_3.tif": ["IMG_3.tif.xmp"]]),
        Case(
            name: "a sidecar of a name that is not there goes by that name's stem",
            photos: ["IMG_4.jpg"], others: ["IMG_4.jpeg.xmp", "IMG_4.CR3.xmp"],
            expected: ["IMG_4.jpg": ["IMG_4.CR3.xmp", "IMG_4.jpeg.xmp"]]),
    ]

    @Test("build and collect give each photo the same companions", arguments: cases)
    func sameCompanions(_ rule: Case) async throws {
        try await withCollectFixture { f in
            // Every photo a JPEG whatever its name: told by content, so `IMG_3.tif` is a photo too.
            for (index, photo) in rule.photos.enumerated() { try f.add("Shoot/" + photo, seed: index + 1) }
            for other in rule.others { try TestPhoto.write(Array("not really \(other)".utf8), to: f.library, "Shoot/" + other) }

            _ = try await build(f.library, into: f.root + "/Site")
            let manifest = try readManifest(f.root + "/Site")
            var built: [String: [String]] = [:]
            for photo in manifest.photos {
                built[photo.name] = (photo.companions ?? []).map { String($0.path.dropFirst("Shoot/".count)) }.sorted()
            }

            try f.order(rule.photos.map { "Shoot/" + $0 })
            let plan = try f.collector(dryRun: true).run().plan
            var collected: [String: [String]] = [:]
            for (index, photo) in rule.photos.enumerated() {
                collected[photo] = plan.items.filter { $0.order == index + 1 && $0.companion != nil }
                    .map { String($0.path.dropFirst("Shoot/".count)) }.sorted()
            }
            #expect(built == rule.expected, "build")
            #expect(collected == rule.expected, "collect")
        }
    }

    @Test("a companion that is a symlink to nothing is left out with a warning by build as by collect")
    func brokenLink() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            #expect(symlink(f.library + "/nothing", f.library + "/IMG_1.MOV") == 0)
            #expect(symlink(f.library + "/nothing", f.library + "/IMG_9.CR3") == 0)
            let report = try await build(f.library, into: f.root + "/Site")
            #expect(report.warnings.map(\.description) == ["IMG_1.MOV: is a symlink to nothing; left out as a companion of IMG_1.jpg"])
            // One that is no photo's is a broken symlink, as any other.
            #expect(report.failures.map(\.description) == ["IMG_9.CR3: broken symlink"])
            try f.order(["IMG_1.jpg"])
            // Site/ is this library's, so collect uses it whatever gallery the order names.
            let gallery = try readManifest(f.root + "/Site").gallery
            #expect(
                try f.collector(dryRun: true).run().warnings.map(\.description) == [
                    "order.json: made in gallery abc123 (\"Anna & Ben\"), but Site is gallery \(gallery) (\"Library\") of this library; its rules are used",
                    "#1 IMG_1.jpg: companion IMG_1.MOV is a symlink to nothing; left out",
                ])
        }
    }
}
