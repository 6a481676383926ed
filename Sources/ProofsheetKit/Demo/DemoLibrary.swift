import Foundation

/// Draws the sample library: 24 photos in three albums, each a painted scene that looks
/// like a photograph (`DemoScene`), sky on top so anyone can tell which way is up. Every EXIF
/// orientation 1–8 is used, with the pixels stored turned so that, applied correctly,
/// each shows upright. Output is byte-for-byte the same on every run and machine
/// (file times are set to the photos' dates), so the demo site is too.
public enum DemoLibrary {
    struct Sample {
        var album: String
        var name: String
        var label: String
        var landscape: Bool
        var orientation: Orientation
        var date: String
        var camera: (make: String, model: String)
        var gps: GPSPosition?
        var png = false
    }

    static let cameras = [
        (make: "FUJIFILM", model: "X-T5"), (make: "Canon", model: "Canon EOS R6"), (make: "Apple", model: "iPhone 15 Pro"),
    ]

    static var samples: [Sample] {
        let albums: [(name: String, day: String, files: [String], gps: GPSPosition?)] = [
            (
                "Beach Day", "2026-07-12",
                [
                    "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg",
                    "Crème brûlée.jpg", "IMG_0106.jpg", "IMG_0107.jpg", "IMG_0110.jpg",
                ], GPSPosition(latitude: 43.6961, longitude: 7.2759)
            ),
            (
                "City Walk", "2026-08-03",
                [
                    "DSCF2001.jpg", "DSCF2002.jpg", "Straße am Abend.jpg", "DSCF2004.jpg",
                    "DSCF2005.jpg", "夕焼け.jpg", "DSCF2007.jpg", "DSCF2010.jpg",
                ], nil
            ),
            (
                "Garden Party", "2026-09-20",
                [
                    "Welcome.jpg", "Table setting.jpg", "IMG_3003.jpg", "IMG_3004.jpg",
                    "Sketch.png", "IMG_3006.jpg", "IMG_3007.jpg", "Último brindis.jpg",
                ], nil
            ),
        ]
        var samples: [Sample] = []
        for (a, album) in albums.enumerated() {
            for (i, name) in album.files.enumerated() {
                let n = a * 8 + i
                let minutes = i * 17 + a * 5
                let hour = 10 + minutes / 60, minute = minutes % 60
                samples.append(
                    Sample(
                        album: album.name, name: name, label: "\(album.name.prefix(1))\(i + 1)",
                        landscape: n % 3 != 1,
                        orientation: Orientation(rawValue: n % 8 + 1)!,
                        date: "\(album.day)T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00",
                        camera: cameras[(n + a) % cameras.count],
                        gps: album.gps.map { GPSPosition(latitude: $0.latitude + Double(i) * 0.001, longitude: $0.longitude) },
                        png: name.hasSuffix(".png")))
            }
        }
        return samples
    }

    /// Writes the sample library into `directory` and returns the relative paths written.
    /// Files that already hold the same bytes are left alone.
    @discardableResult
    public static func write(to directory: String) throws -> [String] {
        var written: [String] = []
        for (index, sample) in samples.enumerated() {
            let folder = directory + "/" + sample.album
            try FileSystem.createDirectory(folder)
            let bytes = try draw(sample, index: index)
            let path = folder + "/" + sample.name
            try FileSystem.writeIfChanged(bytes, to: path)
            if let time = UTC.nanoseconds(isoDate: sample.date) {
                try FileSystem.setModificationTime(path, nanoseconds: time)
            }
            written.append(sample.album + "/" + sample.name)
        }
        return written
    }

    static func draw(_ sample: Sample, index: Int) throws -> [UInt8] {
        let (width, height) = sample.landscape ? (2000, 1500) : (1500, 2000)
        let easel = Easel(try Canvas(width: width, height: height))
        DemoScene(album: sample.album, name: sample.name).paint(on: easel, seed: index)
        let canvas = easel.canvas
        if sample.png { return try canvas.pngData() }
        let stored = try canvas.storedForm(for: sample.orientation)
        var exif = ExifWriter()
        exif.orientation = sample.orientation
        exif.dateTaken = sample.date
        exif.make = sample.camera.make
        exif.model = sample.camera.model
        exif.lens = sample.camera.make == "Apple" ? "iPhone 15 Pro back camera 6.86mm f/1.78" : "35mm F1.4"
        exif.exposureTime = (1, UInt32([60, 125, 250, 500, 1000][index % 5]))
        exif.fNumber = ([14, 28, 40, 56, 80][index % 5], 10)
        exif.iso = [100, 200, 400, 800][index % 4]
        exif.focalLength = (UInt32([23, 35, 50, 85][index % 4]), 1)
        exif.description = "Sample photo \(sample.label) from \(sample.album) (orientation \(sample.orientation.rawValue))"
        exif.gps = sample.gps
        return try exif.inserting(into: try stored.jpegData(quality: 88))
    }
}
