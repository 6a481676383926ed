import ProofsheetKit
import Testing

@Suite("EXIF with libexif")
struct ExifTests {
    @Test("what libexif writes, the reader reads back, formatted for people")
    func roundTrip() throws {
        var exif = ExifWriter()
        exif.dateTaken = "2026-06-01T14:03:22"
        exif.make = "Canon"
        exif.model = "Canon EOS R6"
        exif.lens = "RF 35mm F1.8"
        exif.exposureTime = (1, 250)
        exif.fNumber = (28, 10)
        exif.iso = 400
        exif.focalLength = (50, 1)
        exif.description = "Ceremony, first kiss"
        exif.gps = GPSPosition(latitude: -33.8568, longitude: 151.2153)
        let metadata = ExifReader.read(jpeg: try TestPhoto.jpeg(orientation: .right, exif: exif))
        #expect(metadata.orientation == .right)
        #expect(metadata.dateTaken == "2026-06-01T14:03:22")
        #expect(metadata.camera == "Canon EOS R6")
        #expect(metadata.lens == "RF 35mm F1.8")
        #expect(metadata.exposure == "1/250 s")
        #expect(metadata.aperture == "f/2.8")
        #expect(metadata.iso == 400)
        #expect(metadata.focalLength == "50 mm")
        #expect(metadata.description == "Ceremony, first kiss")
        let gps = try #require(metadata.gps)
        #expect(abs(gps.latitude - -33.8568) < 0.0001 && abs(gps.longitude - 151.2153) < 0.0001)
        #expect(!metadata.malformed)
    }

    @Test("make and model are joined without repeating the make")
    func cameraName() {
        var metadata = PhotoMetadata()
        metadata.make = "FUJIFILM"
        metadata.model = "X-T5"
        #expect(metadata.camera == "FUJIFILM X-T5")
        metadata.make = "Canon"
        metadata.model = "Canon EOS R6"
        #expect(metadata.camera == "Canon EOS R6")
    }

    @Test("a JPEG without EXIF has empty, not malformed, metadata")
    func none() throws {
        let canvas = try Canvas(width: 10, height: 10)
        let metadata = ExifReader.read(jpeg: try canvas.jpegData())
        #expect(metadata == PhotoMetadata())
    }

    @Test(
        "damaged EXIF is flagged, and does not crash",
        arguments: [
            Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F] + [UInt8](repeating: 0xAB, count: 40),
            Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0xFF, 0xFF] + [UInt8](repeating: 0x01, count: 64),
            Array("Exif\0\0".utf8),
        ])
    func damaged(segment: [UInt8]) throws {
        var exif = ExifWriter()
        exif.rawSegment = segment
        let photo = try exif.inserting(into: try Canvas(width: 16, height: 16).jpegData())
        let metadata = ExifReader.read(jpeg: photo)
        #expect(metadata.malformed)
        #expect(metadata.orientation == .up)
    }

    @Test("impossible dates are ignored")
    func badDate() throws {
        var exif = ExifWriter()
        exif.dateTaken = "0000-00-00T00:00:00"
        #expect(ExifReader.read(jpeg: try TestPhoto.jpeg(exif: exif)).dateTaken == nil)
    }
}
