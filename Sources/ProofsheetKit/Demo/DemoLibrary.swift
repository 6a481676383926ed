import Foundation

/// Draws the sample library: 24 photos in three albums, each with a big label and a
/// "TOP" band so anyone can tell which is which and which way is up. Every EXIF
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
        let canvas = try Canvas(width: width, height: height)
        let background = hue(Double(index) / 24, saturation: 0.45, value: 0.85)
        let accent = hue(Double(index) / 24 + 0.5, saturation: 0.75, value: 0.7)
        canvas.fillRectangle(x: 0, y: 0, width: width, height: height, color: background)
        // A few shapes, placed differently on each photo.
        for k in 0..<5 {
            let x = (index * 173 + k * 401) % width, y = (index * 251 + k * 337) % height
            let size = 180 + (index * 37 + k * 59) % 260
            if k % 2 == 0 {
                canvas.fillEllipse(centerX: x, centerY: y, width: size, height: size, color: accent)
            } else {
                canvas.fillPolygon(
                    [(x, y - size / 2), (x + size / 2, y + size / 2), (x - size / 2, y + size / 2)],
                    color: hue(Double(index + k) / 7, saturation: 0.6, value: 0.95))
            }
        }
        // The top band and an arrow pointing up: upright at a glance.
        let band = height / 9
        canvas.fillRectangle(x: 0, y: 0, width: width, height: band, color: RGB(red: 250, green: 214, blue: 52))
        let topText = "TOP"
        let topScale = band / 22
        let topSize = Canvas.textSize(topText, scale: topScale)
        canvas.drawText(
            topText, x: (width - topSize.width) / 2, y: (band - topSize.height) / 2, scale: topScale,
            color: RGB(red: 30, green: 30, blue: 30))
        let cx = width / 2
        canvas.fillPolygon([(cx, band + 60), (cx + 110, band + 200), (cx - 110, band + 200)], color: RGB(red: 30, green: 30, blue: 30))
        canvas.fillRectangle(x: cx - 40, y: band + 199, width: 80, height: 160, color: RGB(red: 30, green: 30, blue: 30))
        // The big label on a white card.
        let scale = width / 110
        let labelSize = Canvas.textSize(sample.label, scale: scale)
        let cardX = (width - labelSize.width) / 2 - scale * 4, cardY = (height - labelSize.height) / 2 - scale * 2
        canvas.fillRectangle(
            x: cardX, y: cardY, width: labelSize.width + scale * 8, height: labelSize.height + scale * 4,
            color: RGB(red: 255, green: 255, blue: 255))
        canvas.drawText(
            sample.label, x: (width - labelSize.width) / 2, y: (height - labelSize.height) / 2, scale: scale,
            color: RGB(red: 20, green: 20, blue: 20))
        let caption = sample.album.uppercased()
        let captionScale = max(2, scale / 4)
        let captionSize = Canvas.textSize(caption, scale: captionScale)
        canvas.drawText(
            caption, x: (width - captionSize.width) / 2, y: height - captionSize.height - band / 2,
            scale: captionScale, color: RGB(red: 20, green: 20, blue: 20))

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

    static func hue(_ h: Double, saturation s: Double, value v: Double) -> RGB {
        let h6 = (h - h.rounded(.down)) * 6
        let sector = Int(h6) % 6, f = h6 - Double(Int(h6))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        return RGB(red: Int(r * 255), green: Int(g * 255), blue: Int(b * 255))
    }
}
