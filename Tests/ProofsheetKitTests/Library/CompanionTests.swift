import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// RAW, sidecars and Live Photo videos travel with their photo and are not shown as
/// photos of their own (a RAW is, when no photo of its stem claims it: `RawTests`).
@Suite("Companions")
struct CompanionTests {
    @Test("companions are found by stem, names in any case; the summary counts RAW and Live Photos")
    func found() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            for index in 1...3 { try TestPhoto.write(try LibraryFixtures.photo(index), to: library, "Shoot/IMG_\(index).jpg") }
            try TestPhoto.write(try LibraryFixtures.photo(4), to: library, "Phone/IMG_4.HEIC.jpg")
            let companions = [
                "Shoot/IMG_1.CR3", "Shoot/IMG_1.CR3.xmp", "Shoot/IMG_1.xmp", "Shoot/IMG_2.nef", "Shoot/IMG_2.JPG.xmp",
                "Shoot/IMG_3.Dng", "Shoot/IMG_3.MOV", "Shoot/IMG_3.AAE", "Shoot/img_3.xmp", "Phone/IMG_4.HEIC.mp4",
            ]
            for path in companions { try TestPhoto.write(CompanionFixtures.raw, to: library, path) }
            // Lone videos stay skipped; a folder of another stem is no companion.
            for path in ["Shoot/clip.MOV"] { try TestPhoto.write(CompanionFixtures.raw, to: library, path) }
            try TestPhoto.write(Array("notes".utf8), to: library, "Shoot/notes.txt")

            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "--output", site, "--templates", templatesDirectory], console: recorder.console)
            #expect(status == 0)
            #expect(recorder.err.isEmpty)
            #expect(recorder.out.hasPrefix("Built 4 photos, 3 RAW, 2 Live Photos in 2 albums (2 skipped, 0 failed) in "))

            let manifest = try readManifest(site)
            #expect(
                manifest.photos.map(\.path).sorted() == ["Phone/IMG_4.HEIC.jpg", "Shoot/IMG_1.jpg", "Shoot/IMG_2.jpg", "Shoot/IMG_3.jpg"])
            func companionsOf(_ path: String) -> [String] {
                (manifest.photos.first { $0.path == path }?.companions ?? []).map { "\($0.kind.rawValue) \($0.path)" }
            }
            #expect(companionsOf("Shoot/IMG_1.jpg") == ["raw Shoot/IMG_1.CR3", "xmp Shoot/IMG_1.CR3.xmp", "xmp Shoot/IMG_1.xmp"])
            #expect(companionsOf("Shoot/IMG_2.jpg") == ["xmp Shoot/IMG_2.JPG.xmp", "raw Shoot/IMG_2.nef"])
            #expect(
                companionsOf("Shoot/IMG_3.jpg") == [
                    "edit Shoot/IMG_3.AAE", "raw Shoot/IMG_3.Dng", "video Shoot/IMG_3.MOV", "xmp Shoot/img_3.xmp",
                ])
            #expect(companionsOf("Phone/IMG_4.HEIC.jpg") == ["video Phone/IMG_4.HEIC.mp4"])
            let sizes = manifest.photos.flatMap { $0.companions ?? [] }.map(\.bytes)
            #expect(sizes.allSatisfy { $0 == Int64(CompanionFixtures.raw.count) })

            // Unchanged, they are found again without redoing the photos.
            let again = try await build(library, into: site)
            #expect(again.rendered == 0 && again.withRAW == 3 && again.livePhotos == 2)
            #expect(try readManifest(site) == manifest)
            // A companion added later is picked up without rendering its photo again.
            try TestPhoto.write(CompanionFixtures.raw, to: library, "Shoot/IMG_2.MOV")
            let added = try await build(library, into: site)
            #expect(added.rendered == 0 && added.livePhotos == 3)
        }
    }

    @Test("a RAW alone is read as a RAW by LibRaw, even when its content is a JPEG: one line when it cannot be")
    func rawAloneReadByLibRaw() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try TestPhoto.write(try LibraryFixtures.photo(1), to: library, "IMG_1.jpg")
            try TestPhoto.write(try LibraryFixtures.photo(2), to: library, "IMG_2.DNG")
            let report = try await build(library, into: site)
            #expect(report.photos == 1 && report.skipped == 0 && report.withRAW == 0)
            #expect(report.failures.map(\.path) == ["IMG_2.DNG"])
            #expect(report.failures.first?.reason.contains("LibRaw cannot read this RAW") == true)
        }
    }

    @Test(
        "a companion that is a symlink out of the library, a folder or unreadable is left out with a warning",
        .enabled(if: CommandRunner.executable != nil && CommandRunner.canRunAsNobody, "needs the executable, root and setpriv"))
    func badCompanions() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", outside = root + "/Outside"
            for index in 1...3 { try TestPhoto.write(try LibraryFixtures.photo(index), to: library, "IMG_\(index).jpg") }
            try TestPhoto.write(CompanionFixtures.raw, to: outside, "IMG_1.CR3")
            try FileManager.default.createSymbolicLink(atPath: library + "/IMG_1.CR3", withDestinationPath: outside + "/IMG_1.CR3")
            try FileSystem.createDirectory(library + "/IMG_2.MOV")
            try TestPhoto.write(CompanionFixtures.raw, to: library, "IMG_3.xmp")
            try TestPhoto.write(CompanionFixtures.raw, to: library, "IMG_3.NEF")
            try CommandRunner.openUp(root)
            try CommandRunner.system("/bin/chmod", ["600", library + "/IMG_3.xmp"])
            try FileSystem.createDirectory(site)
            try CommandRunner.system("/bin/chown", ["65534:65534", site])

            let run = try CommandRunner.run(["build", library, "--output", site, "--templates", templatesDirectory], asNobody: true)
            #expect(run.status == 0)
            #expect(
                run.stderr.split(separator: "\n") == [
                    "warning: IMG_1.CR3: is a symlink that leads outside the library; left out as a companion of IMG_1.jpg",
                    "warning: IMG_2.MOV: is a folder, not a file; left out as a companion of IMG_2.jpg",
                    "warning: IMG_3.xmp: cannot be read (Permission denied); left out as a companion of IMG_3.jpg",
                ])
            #expect(run.stdout.hasPrefix("Built 3 photos, 1 RAW in 1 album (0 skipped, 0 failed) in "))
            let manifest = try readManifest(site)
            #expect(manifest.photos.flatMap { $0.companions ?? [] }.map(\.path) == ["IMG_3.NEF"])
        }
    }
}
