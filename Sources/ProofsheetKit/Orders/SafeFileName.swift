import Foundation

/// File names that common file systems accept (ext4, APFS, NTFS, FAT, SMB shares).
public enum SafeFileName {
    static let rejected: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
    static let reserved: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL"]
        for n in 1...9 {
            names.insert("COM\(n)")
            names.insert("LPT\(n)")
        }
        return names
    }()
    static let maximumBytes = 255

    /// `name` with rejected characters replaced by `_`, no spaces or dots at the end, no
    /// spaces at the start, not a reserved Windows device name, at most 255 UTF-8 bytes
    /// (the extension kept), never empty, `.` or `..`.
    public static func make(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let control = UnsafeCharacter.isASCIIControl(scalar)
            scalars.append(control || rejected.contains(scalar) ? "_" : scalar)
        }
        var result = String(scalars)
        while let last = result.last, last == "." || last == " " { result.removeLast() }
        while let first = result.first, first == " " { result.removeFirst() }
        if result.isEmpty { return "_" }
        // Windows reserves these names whatever the extension: `CON.jpg` cannot exist.
        let device = result.split(separator: ".", omittingEmptySubsequences: false).first.map {
            String($0).trimmingBlanks().uppercased()
        }
        if let device, reserved.contains(device) { result = "_" + result }
        return shortened(result, to: maximumBytes)
    }

    /// Cuts the stem so the whole name fits in `limit` bytes, keeping the extension and
    /// whole characters.
    static func shortened(_ name: String, to limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        let (stem, ext) = split(name)
        let suffix = ext.isEmpty || ext.utf8.count > 16 ? "" : "." + ext
        let kept = prefix(suffix.isEmpty ? name : stem, bytes: limit - suffix.utf8.count)
        return kept + suffix
    }

    /// The longest run of whole characters from the start that fits in `bytes`, without
    /// dots or spaces at its end.
    static func prefix(_ text: String, bytes limit: Int) -> String {
        var kept = ""
        var bytes = 0
        for character in text {
            let size = String(character).utf8.count
            if bytes + size > limit { break }
            kept.append(character)
            bytes += size
        }
        while let last = kept.last, last == "." || last == " " { kept.removeLast() }
        return kept.isEmpty ? "_" : kept
    }

    /// `IMG_1.JPG` → (`IMG_1`, `JPG`); a leading dot does not start an extension.
    public static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// The `n`th name for a clash: `IMG_1.jpg` → `IMG_1 (2).jpg`.
    public static func numbered(_ name: String, _ n: Int) -> String {
        let (stem, ext) = split(name)
        let suffix = ext.isEmpty ? "" : "." + ext
        let marker = " (\(n))"
        return prefix(stem, bytes: maximumBytes - marker.utf8.count - suffix.utf8.count) + marker + suffix
    }
}
