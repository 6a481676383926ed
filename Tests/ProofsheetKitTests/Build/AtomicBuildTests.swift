import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The previous site stays whole until the new one is complete.
@Suite("Atomic builds")
struct AtomicBuildTests {
    @Test(
        "a build killed with SIGKILL midway leaves the previous site whole; the next build is correct",
        .enabled(if: SiteFixtures.executable != nil, "needs the proofsheet executable (swift build)"))
    func killedBuild() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let count = 24
            for index in 0..<count {
                var exif = ExifWriter()
                exif.description = "photo \(index)"
                let bytes = try TestPhoto.jpeg(width: 2000, height: 1500, exif: exif)
                try TestPhoto.write(bytes, to: library, "Album \(index % 3)/IMG_\(index).jpg")
            }
            _ = try await build(library, into: site)
            try SiteFixtures.expectWhole(site)
            let pageBefore = try readText(site + "/index.html")
            let manifestBefore = try readManifest(site)
            let previewsBefore = Set(FileSystem.contents(of: site + "/previews"))

            // Another quality: every image is made again, under new names.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: SiteFixtures.executable!)
            process.arguments = [
                "build", library, "--output", site, "--quality", "55", "--jobs", "1", "--quiet",
                "--templates", templatesDirectory,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until it has written some new images, then kill it.
            var newImages = 0
            while process.isRunning && newImages < 3 {
                newImages = Set(FileSystem.contents(of: site + "/previews")).subtracting(previewsBefore).count
                usleep(2_000)
            }
            let killedMidway = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(killedMidway, "the build finished before it could be killed")

            // The old page, its manifest and every file they name are still there.
            #expect(try readText(site + "/index.html") == pageBefore)
            #expect(try readManifest(site) == manifestBefore)
            try SiteFixtures.expectWhole(site)

            // The next build finishes the job: every photo at the new quality, nothing
            // stale or temporary left behind.
            let report = try await build(library, into: site) { $0.quality = 55 }
            #expect(report.photos == count)
            #expect(report.failures.isEmpty)
            let manifest = try readManifest(site)
            #expect(manifest.options.quality == 55)
            try SiteFixtures.expectWhole(site)
            let referenced = try SiteFixtures.references(inPageOf: site)
            for folder in ["thumbs", "previews", "assets"] {
                for name in FileSystem.contents(of: site + "/" + folder) {
                    #expect(referenced.contains(folder + "/" + name), "\(folder)/\(name) is left over")
                }
            }
            #expect(!FileSystem.contents(of: site).contains { $0.contains(".tmp-") })
            #expect(manifest.photos.allSatisfy { !manifestBefore.photos.map(\.key).contains($0.key) })
        }
    }

    @Test("an image that cannot be written fails the build; the site stays exactly as it was; the next build completes")
    func unwritableImage() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            for index in 0..<3 {
                var exif = ExifWriter()
                exif.description = "photo \(index)"
                try TestPhoto.write(try TestPhoto.jpeg(exif: exif), to: library, "IMG_\(index).jpg")
            }
            _ = try await build(library, into: site)
            // Learn the names the quality-60 images will have (they do not depend on the
            // site), then put a folder in the way of one of them: even root cannot
            // rename a file over a non-empty folder.
            let scratch = root + "/Scratch"
            _ = try await build(library, into: scratch) { $0.quality = 60 }
            let blocked = try #require(try readManifest(scratch).photos.first { $0.path == "IMG_1.jpg" })
            try FileSystem.createDirectory(site + "/" + blocked.preview.src + "/in-the-way")
            let before = try snapshot(site)

            await #expect {
                _ = try await build(library, into: site) { $0.quality = 60 }
            } throws: { error in
                let error = try #require(error as? ProofsheetError)
                return error.path == site + "/" + blocked.preview.src && error.reason == "cannot write (is a directory)"
            }
            #expect(try snapshot(site) == before, "the failed build changed the site")

            FileSystem.remove(site + "/" + blocked.preview.src)
            let retried = try await build(library, into: site) { $0.quality = 60 }
            #expect(retried.rendered == 3)
            #expect(retried.photos == 3)
            #expect(retried.failures.isEmpty)
            try SiteFixtures.expectWhole(site)
            #expect(try readManifest(site).photos.map(\.key).sorted() == readManifest(scratch).photos.map(\.key).sorted())
        }
    }
}
