import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// The site of this library decides what may be collected, whatever gallery the order
/// names: a pasted mail that lost its first line, or an order edited to name another
/// gallery, must not bring back photos the gallery left out with `--exclude`.
@Suite("Collect: the site's rules whatever the order says")
struct CollectSiteRulesTests {
    /// Album/shown.jpg published; Drafts/draft.jpg left out with --exclude; Site/ built.
    func fixture(_ f: CollectFixture, site: String = "Site") async throws -> String {
        try f.add("Album/shown.jpg", seed: 1)
        try f.add("Drafts/draft.jpg", seed: 2)
        _ = try await build(f.library, into: f.root + "/" + site) { $0.excludes = ["Drafts"] }
        return try readManifest(f.root + "/" + site).gallery
    }

    func size(_ f: CollectFixture, _ path: String) -> Int64 { FileSystem.fileStatus(f.library + "/" + path)!.size }

    func collect(_ f: CollectFixture, _ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let recorder = RecordingConsole()
        let status = await CLI.run(arguments: ["collect"] + arguments, console: recorder.console)
        return (
            status, recorder.out.replacingOccurrences(of: f.root, with: "ROOT"), recorder.err.replacingOccurrences(of: f.root, with: "ROOT")
        )
    }

    @Test("a pasted list without the gallery line: the excluded photo is refused, as the site says")
    func pastedWithoutGallery() async throws {
        try await withCollectFixture { f in
            _ = try await fixture(f)
            try f.textOrder(["Album/shown.jpg", "Drafts/draft.jpg"], name: "mail.txt")
            let result = await collect(f, [f.root + "/mail.txt", "-l", f.library, "-o", f.root + "/P"])
            #expect(result.status == 2)
            #expect(
                result.err.hasPrefix("error: #2 draft.jpg: not in the gallery (left out by --exclude \"Drafts\") (line 2 of mail.txt)\n"),
                "\(result.err)")
            #expect(!FileSystem.exists(f.root + "/P"))
        }
    }

    @Test("an order naming another gallery, or none: the site of this library is used, and one line says so")
    func otherGallery() async throws {
        try await withCollectFixture { f in
            let gallery = try await fixture(f)
            let draft = #"{"order": 2, "path": "Drafts/draft.jpg", "bytes": \#(size(f, "Drafts/draft.jpg"))}"#
            let shown = #"{"order": 1, "path": "Album/shown.jpg", "bytes": \#(size(f, "Album/shown.jpg"))}"#
            for galleryField in [#""gallery": "0123456789ab", "#, ""] {
                try FileSystem.writeAtomically(
                    #"{"format": "proofsheet-order", "version": 1, \#(galleryField)"picks": [\#(shown), \#(draft)]}"#,
                    to: f.root + "/order.json")
                let refused = await collect(f, [f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"])
                #expect(refused.status == 2)
                #expect(
                    refused.err.contains("error: #2 draft.jpg: not in the gallery (left out by --exclude \"Drafts\")\n"), "\(refused.err)")
                #expect(!FileSystem.exists(f.root + "/P"))

                try FileSystem.writeAtomically(
                    #"{"format": "proofsheet-order", "version": 1, \#(galleryField)"picks": [\#(shown)]}"#, to: f.root + "/order.json")
                let taken = await collect(f, [f.root + "/order.json", "-l", f.library, "-o", f.root + "/P", "-n"])
                #expect(taken.status == 0)
                let made = galleryField.isEmpty ? "names no gallery" : "made in gallery 0123456789ab"
                #expect(
                    taken.err
                        == "warning: ROOT/order.json: \(made), but ROOT/Site is gallery \(gallery) (\"Library\") of this library; its rules are used\n"
                )
                #expect(taken.out.hasPrefix("what the gallery published: as ROOT/Site/manifest.json says\n"), "\(taken.out)")
            }
        }
    }

    @Test("the site beside the order file is found too; a site of another library is not used, and the plan says none was")
    func siteBesideOrder() async throws {
        try await withCollectFixture { f in
            try FileSystem.createDirectory(f.root + "/Client")
            _ = try await fixture(f, site: "Client/Site")
            try f.textOrder(["Drafts/draft.jpg"], name: "Client/mail.txt")
            let refused = await collect(f, [f.root + "/Client/mail.txt", "-l", f.library, "-o", f.root + "/P"])
            #expect(refused.status == 2)
            #expect(
                refused.err.hasPrefix("error: #1 draft.jpg: not in the gallery (left out by --exclude \"Drafts\") (line 1 of mail.txt)\n"),
                "\(refused.err)")

            // Another library's site beside the order says nothing about this library.
            FileSystem.remove(f.root + "/Client/Site")
            try FileSystem.createDirectory(f.root + "/Other")
            try TestPhoto.write(try CollectFixture.photo(seed: 9), to: f.root + "/Other", "x.jpg")
            _ = try await build(f.root + "/Other", into: f.root + "/Client/Site")
            let plan = await collect(f, [f.root + "/Client/mail.txt", "-l", f.library, "-o", f.root + "/P", "-n"])
            #expect(plan.status == 0, "\(plan.err)")
            #expect(
                plan.out.hasPrefix(
                    "what the gallery published: unknown, no site used (no --site, no Site/ of this library here or beside the order file)\n"
                ),
                "\(plan.out)")
        }
    }
}
