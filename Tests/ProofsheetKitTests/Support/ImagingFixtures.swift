import Foundation
import ProofsheetKit
import Testing

/// Images tagged with a colour profile, made by real encoders.
enum ColourFixtures {
    /// `base.png` (sRGB) converted into `profile` and tagged with it, by ImageMagick.
    static func tagged(_ profile: String, as name: String, extra: [String] = [], in directory: String) throws -> String {
        try Tool.run(["convert", "base.png", "-profile", Profiles.sRGB, "-profile", profile] + extra + [name], in: directory)
        return directory + "/" + name
    }
}

/// A photo whose orientation is set in its container.
enum ContainerFixtures {
    /// exiftool's arguments for the metadata every format should give back.
    static let tags = [
        "-DateTimeOriginal=2026:06:01 14:03:22", "-Make=Canon", "-Model=Canon EOS R6", "-LensModel=RF50mm F1.8 STM",
        "-ExposureTime=1/250", "-FNumber=2.8", "-ISO=400",
    ]

    /// A picture stored turned for `orientation`, written as `name` by its encoder, with
    /// exiftool's EXIF (orientation included) in it.
    static func turnedPhoto(_ name: String, orientation: Orientation, in directory: String) throws -> String {
        let stored = try TestPhoto.quadrants(width: 360, height: 240).storedForm(for: orientation)
        let png = directory + "/stored.png"
        try FileSystem.writeAtomically(try stored.pngData(), to: png)
        let path = directory + "/" + name
        switch (name as NSString).pathExtension {
        case "png": try Tool.run(["cp", png, path])
        case "webp": try Tool.run(["cwebp", "-quiet", "-q", "95", png, "-o", path])
        case "tif": try Tool.run(["convert", png, "-compress", "lzw", path])
        default: try Tool.run(["convert", png, "-quality", "95", path])
        }
        try Tool.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=\(orientation.rawValue)"] + tags + [path])
        return path
    }
}

/// A JPEG whose header declares a decompression bomb.
enum ThumbnailFixtures {
    /// A real small JPEG whose frame header is patched to claim a huge size.
    static func jpegBomb(width: Int, height: Int) -> [UInt8] {
        var bytes = try! TestPhoto.jpeg(width: 64, height: 64)
        var i = 2
        while i + 9 < bytes.count {
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
                bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
                return bytes
            }
            i += 2 + length
        }
        return bytes
    }
}
