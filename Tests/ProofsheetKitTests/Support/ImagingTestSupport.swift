import Foundation
import ProofsheetKit
import Testing

/// Command-line tools the imaging tests make their photos with (ImageMagick, libheif's
/// heif-enc, cwebp and webpmux, exiftool, libtiff's tools) and judge them with (libvips).
/// `make test` installs them all.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (the first is the tool, found on the PATH), in `directory` when
    /// given, and returns its standard output; throws with its standard error when it fails.
    @discardableResult
    static func run(_ arguments: [String], in directory: String? = nil) throws -> String {
        let child = try ChildProcess.run("/usr/bin/env", arguments, in: directory)
        guard child.status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (\(child.status)): " + child.err.prefix(500))
        }
        return child.out
    }
}

/// ICC profiles from Debian packages (colord-data, argyll-ref, libgs-common).
enum Profiles {
    static let sRGB = "/usr/share/color/icc/colord/sRGB.icc"
    static let adobeRGB = "/usr/share/color/icc/colord/AdobeRGB1998.icc"
    static let proPhoto = "/usr/share/color/icc/colord/ProPhotoRGB.icc"
    static let displayP3 = "/usr/share/color/argyll/ref/DisplayP3.icm"
    static let cmyk = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
}

/// A picture decoded to 8-bit RGB, for comparing renderings.
struct Pixels {
    var width: Int
    var height: Int
    var rgb: [UInt8]

    init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// Any image proofsheet decodes (its own JPEG outputs, for one).
    init(decoding bytes: [UInt8]) throws {
        let canvas = try Canvas(decoding: bytes)
        var rgb: [UInt8] = []
        rgb.reserveCapacity(canvas.width * canvas.height * 3)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let p = canvas.pixel(x: x, y: y)
                rgb += [UInt8(p.red), UInt8(p.green), UInt8(p.blue)]
            }
        }
        self.init(width: canvas.width, height: canvas.height, rgb: rgb)
    }

    /// A binary PPM (P6, maxval 255), as libvips writes it.
    init(ppm bytes: [UInt8]) throws {
        var fields: [String] = []
        var i = 0
        while fields.count < 4 && i < bytes.count {
            if bytes[i] == UInt8(ascii: "#") {
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            } else if bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
                i += 1
            } else {
                var token = ""
                while i < bytes.count && ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) {
                    token.append(Character(UnicodeScalar(bytes[i])))
                    i += 1
                }
                fields.append(token)
            }
        }
        i += 1  // the one whitespace byte after maxval
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255",
            bytes.count - i >= w * h * 3
        else { throw Tool.Failure(description: "not an 8-bit P6 PPM: \(fields)") }
        self.init(width: w, height: h, rgb: Array(bytes[i..<i + w * h * 3]))
    }

    /// The mean absolute difference of each channel over the area both cover.
    func meanDifference(to other: Pixels) -> (red: Double, green: Double, blue: Double) {
        let w = min(width, other.width), h = min(height, other.height)
        var sums = [0.0, 0.0, 0.0]
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<3 {
                    sums[c] += abs(Double(rgb[(y * width + x) * 3 + c]) - Double(other.rgb[(y * other.width + x) * 3 + c]))
                }
            }
        }
        let n = Double(max(1, w * h))
        return (sums[0] / n, sums[1] / n, sums[2] / n)
    }

    func pixel(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(red: Int(rgb[i]), green: Int(rgb[i + 1]), blue: Int(rgb[i + 2]))
    }
}

/// libvips's rendering of a photo, as the independent reference: decoded, turned upright
/// by its orientation, shrunk (never enlarged) to `longEdge` and, with `exportSRGB`, converted from its
/// embedded profile to sRGB; transparency flattened on white.
enum Vips {
    static func thumbnail(
        _ path: String, longEdge: Int, exportSRGB: Bool = false, importProfile: String? = nil, in directory: String
    ) throws -> Pixels {
        let shrunk = directory + "/vips-\(UUID().uuidString).v", srgb = directory + "/vips-\(UUID().uuidString).v"
        let flat = directory + "/vips-\(UUID().uuidString).v", ppm = directory + "/vips-\(UUID().uuidString).ppm"
        var thumbnail = ["vipsthumbnail", path, "--size", "\(longEdge)x\(longEdge)>", "-o", shrunk]
        if exportSRGB { thumbnail += ["--export-profile", "srgb"] }
        if let importProfile { thumbnail += ["--import-profile", importProfile] }
        try Tool.run(thumbnail)
        // 16-bit and grey renderings become 8-bit sRGB; alpha is flattened on white.
        try Tool.run(["vips", "colourspace", shrunk, srgb, "srgb"])
        let bands = Int(try Tool.run(["vipsheader", "-f", "bands", srgb]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 3
        if bands == 4 {
            try Tool.run(["vips", "flatten", srgb, flat, "--background", "255"])
        } else {
            try Tool.run(["vips", "copy", srgb, flat])
        }
        try Tool.run(["vips", "cast", flat, ppm, "uchar"])
        return try Pixels(ppm: try FileSystem.read(ppm))
    }

    /// A CMYK photo through its embedded profile (or `profile`) to sRGB by libvips, with
    /// black-point compensation, then shrunk: vipsthumbnail itself has no BPC switch.
    static func cmykThumbnail(_ path: String, longEdge: Int, profile: String? = nil, in directory: String) throws -> Pixels {
        let converted = directory + "/vips-\(UUID().uuidString).tif"
        var transform = ["vips", "icc_transform", path, converted, "srgb", "--black-point-compensation"]
        if let profile { transform += ["--input-profile", profile] } else { transform += ["--embedded"] }
        try Tool.run(transform)
        return try thumbnail(converted, longEdge: longEdge, in: directory)
    }
}

/// Photos made for the imaging tests by real encoders, from an upright picture drawn with
/// libgd: `TestPhoto.quadrants` (which way is up) or `colourful` (gradients of saturated
/// colour, where a wrong colour profile shows).
enum EncodedPhoto {
    /// Smooth bands of hue across, from dark to light down: every colour a profile moves.
    static func colourful(width: Int = 480, height: Int = 320) throws -> Canvas {
        let canvas = try Canvas(width: width, height: height)
        for y in 0..<height {
            let light = 0.15 + 0.8 * Double(y) / Double(max(1, height - 1))
            for x in stride(from: 0, to: width, by: 2) {
                let hue = 6 * Double(x) / Double(width)
                let f = hue - hue.rounded(.down)
                let (r, g, b): (Double, Double, Double) =
                    switch Int(hue) {
                    case 0: (1, f, 0)
                    case 1: (1 - f, 1, 0)
                    case 2: (0, 1, f)
                    case 3: (0, 1 - f, 1)
                    case 4: (f, 0, 1)
                    default: (1, 0, 1 - f)
                    }
                func channel(_ v: Double) -> Int { Int((255 * (light * v + (1 - light) * 0.1)).rounded()) }
                canvas.fillRectangle(x: x, y: y, width: 2, height: 1, color: RGB(red: channel(r), green: channel(g), blue: channel(b)))
            }
        }
        return canvas
    }

    /// A progressive JPEG with its last scan repeated `count` times: a few hostile bytes a
    /// scan, each making a decoder redo the whole image.
    static func repeatingLastScan(of jpeg: [UInt8], _ count: Int) -> [UInt8] {
        // The last SOS segment and its entropy-coded data, up to the EOI marker.
        var lastScan = 0
        for i in 0..<(jpeg.count - 1) where jpeg[i] == 0xFF && jpeg[i + 1] == 0xDA { lastScan = i }
        let end = jpeg.count - 2
        #expect(lastScan > 0 && jpeg[end] == 0xFF && jpeg[end + 1] == 0xD9)
        let scan = Array(jpeg[lastScan..<end])
        var out = Array(jpeg[..<end])
        for _ in 0..<count { out += scan }
        return out + [0xFF, 0xD9]
    }

    /// Writes `canvas` as a PNG to `directory/name` and returns the path.
    static func png(_ canvas: borrowing Canvas, in directory: String, _ name: String) throws -> String {
        let path = directory + "/" + name
        try FileSystem.writeAtomically(try canvas.pngData(), to: path)
        return path
    }
}

/// Expects proofsheet's rendering of `photo` (its preview) to be what libvips renders: the
/// same aspect and a small mean difference per channel.
func expectMatchesVips(
    _ rendered: RenderedPhoto, _ reference: Pixels, tolerance: Double = 3.5, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let ours = try Pixels(decoding: rendered.preview.jpeg)
    let aspect = Double(ours.width) / Double(ours.height), theirs = Double(reference.width) / Double(reference.height)
    #expect(
        abs(aspect - theirs) < 0.02, "\(label): aspect \(ours.width)×\(ours.height) against vips's \(reference.width)×\(reference.height)",
        sourceLocation: sourceLocation)
    let d = ours.meanDifference(to: reference)
    #expect(
        d.red <= tolerance && d.green <= tolerance && d.blue <= tolerance,
        "\(label): mean difference per channel from vips's rendering R \(d.red) G \(d.green) B \(d.blue)",
        sourceLocation: sourceLocation)
}
