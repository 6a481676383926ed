import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A failing disk, a folder the build may not write, a killed first build, a photo that
/// fails after it was published: the build says so, and the gallery never shrinks or
/// breaks by accident.
@Suite("Faults")
struct FaultTests {
    static let haveExecutable = CommandRunner.executable != nil

    /// A library of noisy photos (they do not compress), so that a 2 MB disk cannot hold
    /// their full-size previews.
    static func bigLibrary(at library: String, count: Int) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 56)
        }
        for index in 0..<count {
            let canvas = try Canvas(width: 1800, height: 1200)
            for y in stride(from: 0, to: 1200, by: 4) {
                for x in stride(from: 0, to: 1800, by: 4) {
                    canvas.fillRectangle(x: x, y: y, width: 4, height: 4, color: RGB(red: next(), green: next(), blue: next()))
                }
            }
            try TestPhoto.write(try canvas.jpegData(quality: 90), to: library, "IMG_\(index).jpg")
        }
    }

    /// Six big photos in a library and a 2 MB disk (a tmpfs, mounted for `body` and
    /// unmounted after) to build them onto, at `disk/Site`.
    static func withSmallDisk(_ body: (_ library: String, _ disk: String, _ site: String) async throws -> Void) async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", disk = root + "/disk"
            try bigLibrary(at: library, count: 6)
            try FileSystem.createDirectory(disk)
            try CommandRunner.system("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk])
            defer { _ = try? CommandRunner.system("/bin/umount", [disk]) }
            try await body(library, disk, disk + "/Site")
        }
    }

    /// The fault fixed: the small disk grows to 64 MB.
    static func makeRoom(on disk: String) throws {
        try CommandRunner.system("/bin/mount", ["-o", "remount,size=64m", disk])
    }

    @Test(
        "a full disk fails the build with exit status 2 and one line naming the folder; the site stays exactly as it was",
        .enabled(if: haveExecutable && CommandRunner.isRoot, "needs the proofsheet executable and root (mount)"))
    func fullDisk() async throws {
        try await Self.withSmallDisk { library, disk, site in
            let arguments = ["build", library, "--output", site, "--jobs", "2", "--templates", templatesDirectory]

            // Small previews fit; the gallery is published.
            let first = try CommandRunner.run(arguments + ["--preview-size", "200", "--thumb-size", "64"])
            #expect(first.status == 0, "\(first.stderr)")
            let before = try snapshot(site)
            #expect(try readManifest(site).photos.count == 6)

            // Big ones do not: the build fails and takes back what it wrote.
            let failed = try CommandRunner.run(arguments + ["--preview-size", "1600", "--thumb-size", "400", "--quality", "100"])
            #expect(failed.status == 2)
            let lines = failed.stderr.split(separator: "\n")
            #expect(lines.count == 1)
            let line = String(lines.first ?? "")
            #expect(
                ["thumbs", "previews"].contains { line == "error: \(site)/\($0): no space left on device" },
                "\(failed.stderr)")
            #expect(try snapshot(site) == before, "the failed build changed the published site")
            #expect(FileSystem.contents(of: site + "/previews").count == 6)

            // With room again, the next build completes.
            try Self.makeRoom(on: disk)
            let retried = try CommandRunner.run(arguments + ["--preview-size", "1600", "--thumb-size", "400", "--quality", "100"])
            #expect(retried.status == 0, "\(retried.stderr)")
            let manifest = try readManifest(site)
            #expect(manifest.photos.count == 6 && manifest.options.previewSize == 1600)
            try SiteFixtures.expectWhole(site)
        }
    }

    @Test(
        "a first build on a full disk fails with one line naming the folder; with room, the next build carries on",
        .enabled(if: haveExecutable && CommandRunner.isRoot, "needs the proofsheet executable and root (mount)"))
    func fullDiskFirstBuild() async throws {
        try await Self.withSmallDisk { library, disk, site in
            let arguments = [
                "build", library, "--output", site, "--jobs", "2", "--preview-size", "1600", "--thumb-size", "400", "--quality", "100",
                "--templates", templatesDirectory,
            ]
            let failed = try CommandRunner.run(arguments)
            #expect(failed.status == 2)
            #expect(
                ["thumbs", "previews"].contains { failed.stderr == "error: \(site)/\($0): no space left on device\n" },
                "\(failed.stderr)")
            #expect(!FileSystem.exists(site + "/manifest.json"))

            try Self.makeRoom(on: disk)
            let retried = try CommandRunner.run(arguments)
            #expect(retried.status == 0, "\(retried.stderr)")
            #expect(retried.stdout.contains("carried on after an interrupted first build"), "\(retried.stdout)")
            #expect(try readManifest(site).photos.count == 6)
            try SiteFixtures.expectWhole(site)
        }
    }

    @Test(
        "a folder of the site the build may not write: exit status 2, one line, nothing of the old site changed",
        .enabled(if: haveExecutable && CommandRunner.canRunAsNobody, "needs the proofsheet executable, root and setpriv"))
    func unwritableFolder() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            try CommandRunner.openUp(root)
            // The site is nobody's, but its thumbs/ is not.
            try CommandRunner.system("/bin/chown", ["-R", "65534:65534", site])
            try CommandRunner.system("/bin/chown", ["0:0", site + "/thumbs"])
            let before = try snapshot(site)

            let run = try CommandRunner.run(
                ["build", library, "--output", "Site", "--quality", "50", "--templates", templatesDirectory], asNobody: true,
                directory: root)
            #expect(run.status == 2)
            #expect(run.stderr == "error: Site/thumbs: permission denied\n")
            #expect(run.stdout.isEmpty)
            #expect(try snapshot(site) == before)

            try CommandRunner.system("/bin/chown", ["65534:65534", site + "/thumbs"])
            let fixed = try CommandRunner.run(
                ["build", library, "--output", "Site", "--quality", "50", "--templates", templatesDirectory], asNobody: true,
                directory: root)
            #expect(fixed.status == 0, "\(fixed.stderr)")
            #expect(try readManifest(site).options.quality == 50)
        }
    }

    @Test("a published photo that cannot be rendered now keeps its previous images, with a warning")
    func keepsPrevious() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let before = try readManifest(site)
            try FileSystem.writeAtomically(Array("garbage now".utf8), to: library + "/Album/IMG_1.jpg")
            let report = try await build(library, into: site)
            #expect(report.photos == 3)
            #expect(report.failures.count == 1)
            let failure = try #require(report.failures.first)
            #expect(failure.path == "Album/IMG_1.jpg" && failure.reason.hasSuffix("; the gallery keeps its previous version"))
            let after = try readManifest(site)
            #expect(after.photos == before.photos)
            try SiteFixtures.expectWhole(site)
            // Fixed, it is rendered again.
            try TestPhoto.write(try LibraryFixtures.photo(1, width: 300, height: 300), to: library, "Album/IMG_1.jpg")
            let fixed = try await build(library, into: site)
            #expect(fixed.failures.isEmpty && fixed.rendered == 1)
        }
    }

    @Test(
        "a published photo that cannot be read now keeps its previous images",
        .enabled(if: haveExecutable && CommandRunner.canRunAsNobody, "needs the proofsheet executable, root and setpriv"))
    func unreadableKeepsPrevious() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            try CommandRunner.openUp(root)
            try CommandRunner.system("/bin/chown", ["-R", "65534:65534", site])
            // Changed, and unreadable for nobody.
            try TestPhoto.write(try LibraryFixtures.photo(9), to: library, "Album/IMG_2.jpg")
            try CommandRunner.system("/bin/chmod", ["600", library + "/Album/IMG_2.jpg"])
            let before = try readManifest(site)
            let run = try CommandRunner.run(["build", library, "--output", site, "--templates", templatesDirectory], asNobody: true)
            #expect(run.status == 0)
            #expect(run.stderr == "warning: Album/IMG_2.jpg: cannot read (Permission denied); the gallery keeps its previous version\n")
            #expect(try readManifest(site).photos == before.photos)
        }
    }

    @Test("a published photo that fails now and whose images are gone fails the build; nothing is changed")
    func noShrinking() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let photo = try #require(try readManifest(site).photos.first { $0.path == "Album/IMG_1.jpg" })
            FileSystem.remove(site + "/" + photo.preview.src)
            try FileSystem.writeAtomically(Array("garbage now".utf8), to: library + "/Album/IMG_1.jpg")
            let before = try snapshot(site)
            await #expect {
                _ = try await build(library, into: site)
            } throws: { error in
                let error = try #require(error as? ProofsheetError)
                return error.path == "Album/IMG_1.jpg" && error.reason.contains("its previous images are gone too")
            }
            #expect(try snapshot(site) == before)
        }
    }

    @Test(
        "a first build killed midway is recognised; the next build carries on in that folder",
        .enabled(if: haveExecutable, "needs the proofsheet executable (swift build)"))
    func killedFirstBuild() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try Self.bigLibrary(at: library, count: 12)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandRunner.executable!)
            process.arguments = ["build", library, "--output", site, "--jobs", "1", "--quiet", "--templates", templatesDirectory]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning && FileSystem.contents(of: site + "/previews").count < 2 { usleep(2_000) }
            let killedMidway = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(killedMidway, "the build finished before it could be killed")
            #expect(!FileSystem.exists(site + "/manifest.json"))
            #expect(FileSystem.kind(of: site + "/" + ".proofsheet-site") == .file)

            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "--output", site, "--quality", "70", "--templates", templatesDirectory],
                console: recorder.console)
            #expect(status == 0, "\(recorder.err)")
            #expect(recorder.out.contains("carried on after an interrupted first build"))
            // Still a first build: the option given applies, and no setting is said to have
            // changed (the interrupted build stored none).
            #expect(!recorder.out.contains("quality"), "\(recorder.out)")
            #expect(try readManifest(site).options.quality == 70)
            #expect(try readManifest(site).photos.count == 12)
            try SiteFixtures.expectWhole(site)
            // Another library is not built into it by accident, even before it was complete.
            let other = root + "/Other"
            try LibraryFixtures.makeLibrary(at: other, count: 1)
            FileSystem.remove(site + "/manifest.json")
            await #expect(throws: ProofsheetError.self) { try await build(other, into: site) }
        }
    }
}
