import Foundation

/// What names a photo's three images: its fingerprint and the image key
/// (`thumbs/FINGERPRINT-KEY.jpg`, `thumbs/FINGERPRINT-KEY@2x.jpg`, `previews/FINGERPRINT-KEY.jpg`),
/// held as numbers, so that 100,000 photos' images are looked up without making 300,000 names.
struct ImageStem: Hashable, Sendable {
    struct Digest: Hashable, Sendable {
        var high: UInt64
        var low: UInt64

        /// From 32 lowercase hex digits.
        init?(hex: some StringProtocol) {
            self.init(hexBytes: hex.utf8)
        }

        /// From the bytes of 32 lowercase hex digits.
        init?(hexBytes digits: some Collection<UInt8>) {
            guard digits.count == 32 else { return nil }
            let middle = digits.index(digits.startIndex, offsetBy: 16)
            guard let high = ImageStem.hexValue(digits[..<middle]), let low = ImageStem.hexValue(digits[middle...]) else { return nil }
            self.high = high
            self.low = low
        }

        init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }
    }

    enum Variant: UInt8, CaseIterable { case thumb, thumb2x, preview }

    var fingerprint: Digest
    /// The image key's 8 characters as one word.
    var key: UInt64

    /// An image key as one word, when it is 8 bytes of lowercase hex (as the build's plan makes it).
    static func packedKey(_ key: String) -> UInt64? {
        packedKey(key.utf8)
    }

    static func packedKey(_ bytes: some Collection<UInt8>) -> UInt64? {
        guard bytes.count == 8, hexValue(bytes) != nil else { return nil }
        var value: UInt64 = 0
        for byte in bytes { value = value << 8 | UInt64(byte) }
        return value
    }

    static func hexValue(_ digits: some Collection<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            switch digit {
            case 0x30...0x39: value = value << 4 | UInt64(digit - 0x30)
            case 0x61...0x66: value = value << 4 | UInt64(digit - 0x61 + 10)
            default: return nil
            }
        }
        return value
    }

    private static func parts(_ variant: Variant) -> (folder: StaticString, suffix: StaticString) {
        switch variant {
        case .thumb: ("thumbs/", ".jpg")
        case .thumb2x: ("thumbs/", "@2x.jpg")
        case .preview: ("previews/", ".jpg")
        }
    }

    /// The name the build gives the image.
    static func name(_ variant: Variant, key: String, fingerprint: String) -> String {
        let (folder, suffix) = parts(variant)
        return folder.description + fingerprint + "-" + key + suffix.description
    }

    /// `name == name(variant, key:, fingerprint:)`, without making the name.
    static func isName(_ name: String, _ variant: Variant, key: String, fingerprint: String) -> Bool {
        var name = name, key = key, fingerprint = fingerprint
        return name.withUTF8 { name in
            key.withUTF8 { key in fingerprint.withUTF8 { fingerprint in isName(name, variant, key: key, fingerprint: fingerprint) } }
        }
    }

    /// `isName` of the bytes of a name, a key and a fingerprint.
    static func isName(
        _ name: UnsafeBufferPointer<UInt8>, _ variant: Variant, key: UnsafeBufferPointer<UInt8>, fingerprint: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let (folder, suffix) = parts(variant)
        guard name.count == folder.utf8CodeUnitCount + fingerprint.count + 1 + key.count + suffix.utf8CodeUnitCount else { return false }
        var at = 0
        func take(_ part: UnsafeBufferPointer<UInt8>) -> Bool {
            guard BuildCache.equal(UnsafeBufferPointer(rebasing: name[at..<(at + part.count)]), part) else { return false }
            at += part.count
            return true
        }
        guard folder.withUTF8Buffer(take), take(fingerprint), name[at] == UInt8(ascii: "-") else { return false }
        at += 1
        return take(key) && suffix.withUTF8Buffer(take)
    }

    /// The stem and variant of an image file's name (`thumbs/…` or `previews/…`), when it is
    /// named the canonical way.
    static func parse(_ name: String) -> (ImageStem, Variant)? {
        var name = name
        return name.withUTF8 { u -> (ImageStem, Variant)? in
            let thumbs = Array("thumbs/".utf8), previews = Array("previews/".utf8)
            let start: Int, inThumbs: Bool
            if u.starts(with: thumbs) {
                (start, inThumbs) = (thumbs.count, true)
            } else if u.starts(with: previews) {
                (start, inThumbs) = (previews.count, false)
            } else {
                return nil
            }
            let rest = u.count - start
            // 32 digits, `-`, 8 digits, then `.jpg` or (thumbs only) `@2x.jpg`.
            let variant: Variant
            if rest == 45 && Array(u[(start + 41)...]) == Array(".jpg".utf8) {
                variant = inThumbs ? .thumb : .preview
            } else if inThumbs && rest == 48 && Array(u[(start + 41)...]) == Array("@2x.jpg".utf8) {
                variant = .thumb2x
            } else {
                return nil
            }
            guard u[start + 32] == UInt8(ascii: "-"), let high = hexValue(ArraySlice(u[start..<(start + 16)])),
                let low = hexValue(ArraySlice(u[(start + 16)..<(start + 32)])), hexValue(ArraySlice(u[(start + 33)..<(start + 41)])) != nil
            else { return nil }
            var key: UInt64 = 0
            for byte in u[(start + 33)..<(start + 41)] { key = key << 8 | UInt64(byte) }
            return (ImageStem(fingerprint: Digest(high: high, low: low), key: key), variant)
        }
    }
}

/// The image files of a site (`thumbs/NAME`, `previews/NAME`), listed once a build: as
/// names, and the canonically named ones also by stem, to be looked up without a name.
struct ImageFiles: Sendable {
    private(set) var names: Set<String> = []
    /// Which of its three images each canonical stem has (bit `Variant.rawValue`).
    private var variants: [ImageStem: UInt8] = [:]

    /// Whether a photo's three images (thumbnail, 2x, preview) are all here.
    func hasImages(of photo: Manifest.Photo) -> Bool {
        contains(photo.thumb.src) && contains(photo.thumb2x.src) && contains(photo.preview.src)
    }

    init(_ names: some Sequence<String>) {
        insert(names)
    }

    private mutating func insert(_ more: some Sequence<String>) {
        for name in more where names.insert(name).inserted {
            guard let (stem, variant) = ImageStem.parse(name) else { continue }
            variants[stem, default: 0] |= 1 << variant.rawValue
        }
    }

    /// These files and `more` (the images a build wrote).
    func adding(_ more: [String]) -> ImageFiles {
        var files = self
        files.insert(more)
        return files
    }

    func contains(_ name: String) -> Bool { names.contains(name) }

    /// All three images of the stem are there.
    func containsAll(of stem: ImageStem) -> Bool { variants[stem] == 0b111 }
}
