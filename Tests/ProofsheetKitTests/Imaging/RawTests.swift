import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// Camera RAWs shown from their embedded previews (LibRaw), as a photographer proofing
/// straight from the card needs: DNGs written by the tests (`DNGWriter`, EXIF by exiftool).
@Suite("RAW files, from their embedded previews")
struct RawTests {
    /// A DNG whose 1200×800 preview (four quadrants, stored turned for `orientation`) is
    /// the photo, with the shot's EXIF written by exiftool; returns its path.
    static func dng(
        in directory: String, _ relative: String, orientation: Orientation = .right, previewSize: (Int, Int) = (1200, 800)
    ) throws -> String {
        let upright = try TestPhoto.quadrants(width: previewSize.0, height: previewSize.1)
        let stored = try upright.storedForm(for: orientation)
        let (width, height) = orientation.swapsDimensions ? (previewSize.1, previewSize.0) : previewSize
        var writer = DNGWriter(preview: (try stored.jpegData(quality: 90), width, height))
        writer.orientation = orientation
        let path = directory + "/" + relative
        try TestPhoto.write(writer.data(), to: directory, relative)
        try Tool.run([
            "exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2026:06:20 14:30:05", "-ExposureTime=1/250",
            "-FNumber=2.8", "-ISO=400", "-FocalLength=85", "-LensModel=Proofsheet 85mm F1.8", path,
        ])
        return path
    }

    @Test("a RAW alone is a photo: its largest preview, turned by its orientation, with its camera, lens, exposure and date")
    func rawAlone() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            _ = try Self.dng(in: library, "Card/DSC_0001.dng")
            let report = try await build(library, into: root + "/Site")
            #expect(report.photos == 1 && report.failures.isEmpty && report.warnings.isEmpty, "\(report.failures) \(report.warnings)")
            let photo = try #require(try readManifest(root + "/Site").photos.first)
            #expect(photo.path == "Card/DSC_0001.dng" && photo.format == .raw)
            #expect((photo.width, photo.height) == (1200, 800))
            #expect(photo.camera == "Proofsheet Test Camera")
            #expect(photo.date == "2026-06-20T14:30:05" && photo.dateSource == "exif")
            #expect(photo.lens == "Proofsheet 85mm F1.8")
            #expect(photo.exposure == "1/250 s" && photo.aperture == "f/2.8" && photo.iso == 400 && photo.focalLength == "85 mm")
            #expect((photo.preview.width, photo.preview.height) == (1200, 800))
            try expectUpright(try FileSystem.read(root + "/Site/" + photo.preview.src))
            try expectUpright(try FileSystem.read(root + "/Site/" + photo.thumb.src))
        }
    }

    @Test("a RAW whose preview is smaller than the thumbnails is shown, with a note in the summary")
    func smallPreview() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            _ = try Self.dng(in: library, "tiny.dng", orientation: .up, previewSize: (240, 160))
            let report = try await build(library, into: root + "/Site")
            #expect(report.photos == 1)
            #expect(report.warnings.map(\.path) == ["tiny.dng"])
            #expect(report.warnings.first?.reason.contains("largest embedded preview is 240×160, smaller than the thumbnails") == true)
            let photo = try #require(try readManifest(root + "/Site").photos.first)
            try expectUpright(try FileSystem.read(root + "/Site/" + photo.preview.src))
        }
    }

    @Test("real cameras' RAWs (a Fujifilm RAF, a Panasonic RW2) are shown with the camera, date and exposure exiftool reads")
    func realSamples() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            for name in ["FujiFilm.raf", "Panasonic.rw2"] {
                try TestPhoto.write(try FileSystem.read(repositoryRoot + "/Tests/fixtures/raw/" + name), to: library, name)
            }
            let report = try await build(library, into: root + "/Site")
            #expect(report.photos == 2 && report.failures.isEmpty, "\(report.failures)")
            let photos = try readManifest(root + "/Site").photos.sorted { $0.path < $1.path }
            let fuji = try #require(photos.first), panasonic = try #require(photos.last)
            // exiftool: FinePix S5Pro, 2007:05:22 13:58:30, 1/250, f/8.0, ISO 100, 70.0 mm.
            #expect(fuji.camera?.hasSuffix("S5Pro") == true && fuji.date == "2007-05-22T13:58:30")
            #expect(fuji.exposure == "1/250 s" && fuji.aperture == "f/8" && fuji.iso == 100 && fuji.focalLength == "70 mm")
            #expect((fuji.width, fuji.height) == (160, 120))
            // exiftool: DMC-LX3, 2008:08:06 15:21:56, 1/250, f/4.0, ISO 80.
            #expect(panasonic.camera?.hasSuffix("DMC-LX3") == true && panasonic.date == "2008-08-06T15:21:56")
            #expect(panasonic.exposure == "1/250 s" && panasonic.aperture == "f/4" && panasonic.iso == 80)
            // Both previews are smaller than the thumbnails: shown, and said so.
            #expect(report.warnings.map(\.path).sorted() == ["FujiFilm.raf", "Panasonic.rw2"])
        }
    }

    @Test("a RAW with a JPEG of its stem stays that JPEG's companion; a RAW alone brings itself and its sidecar to collect")
    func pairsAndCollect() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try TestPhoto.write(try TestPhoto.jpeg(), to: library, "IMG_1.jpg")
            _ = try Self.dng(in: library, "IMG_1.dng")
            let raw = try FileSystem.read(try Self.dng(in: library, "IMG_2.dng"))
            let sidecar = Array("<x:xmpmeta/>".utf8)
            try TestPhoto.write(sidecar, to: library, "IMG_2.dng.xmp")
            let report = try await build(library, into: root + "/Site")
            #expect(report.failures.isEmpty)
            let photos = try readManifest(root + "/Site").photos.sorted { $0.path < $1.path }
            #expect(photos.map(\.path) == ["IMG_1.jpg", "IMG_2.dng"])
            #expect(photos.map(\.format) == [.jpeg, .raw])
            #expect(photos.first?.companions?.map(\.path) == ["IMG_1.dng"])
            #expect(photos.last?.companions?.map(\.path) == ["IMG_2.dng.xmp"])

            try FileSystem.writeAtomically("IMG_2.dng\n", to: root + "/order.txt")
            let console = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", root + "/order.txt", "-l", library, "-o", root + "/Picks"], console: console.console)
            #expect(status == 0, "\(console.out) \(console.err)")
            #expect(try FileSystem.read(root + "/Picks/1-IMG_2.dng") == raw)
            #expect(try FileSystem.read(root + "/Picks/1-IMG_2.dng.xmp") == sidecar)
        }
    }
}
