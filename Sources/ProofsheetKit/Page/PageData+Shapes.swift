import Foundation

/// Every photo's shape, for the justified rows, and read back from a previous page.
extension PageData {
    /// The shape of every photo, in the gallery's order, for the page's justified rows: the
    /// grid lays out all of its rows, the photos of chunks not loaded yet included, so a row
    /// never changes height when its chunk arrives. `{"ratios":[1500,667],"width":1,"of":"AAB…"}`:
    /// the distinct thumbnail aspect ratios (width/height, in thousandths: under a pixel's
    /// error at any thumbnail size), and for each photo the index of its ratio in `width`
    /// characters of the base64url alphabet (most significant first). One character a
    /// photo when a gallery has at most 64 shapes (100 kB at 100,000 photos), two up to
    /// 4,096; beyond that the ratios are rounded more coarsely until they fit in two.
    static func shapes(_ thumbs: [Int], into w: inout JSONWriter) {
        func ratio(_ thousandths: Int, _ step: Int) -> Int {
            max(step, (thousandths + step / 2) / step * step)
        }
        var step = 1
        var ratios = Set(thumbs.map { ratio($0, step) })
        while ratios.count > 4096 {
            step *= 10
            ratios = Set(thumbs.map { ratio($0, step) })
        }
        let sorted = ratios.sorted()
        var index: [Int: Int] = [:]
        for (at, value) in sorted.enumerated() { index[value] = at }
        let width = sorted.count <= 64 ? 1 : 2
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var of: [UInt8] = []
        of.reserveCapacity(thumbs.count * width)
        for thumb in thumbs {
            let at = index[ratio(thumb, step)] ?? 0
            if width == 2 { of.append(alphabet[at >> 6]) }
            of.append(alphabet[at & 63])
        }
        w.raw("{")
        w.key("ratios")
        w.raw("[")
        for (at, value) in sorted.enumerated() {
            if at > 0 { w.raw(",") }
            w.int(value)
        }
        w.raw("]")
        w.member("width")
        w.int(width)
        w.member("of")
        w.string(String(decoding: of, as: UTF8.self))
        w.raw("}")
    }

    /// A thumbnail's shape: its width over its height, in thousandths (1000 when unknown).
    static func ratio(of image: Manifest.Image) -> Int {
        guard image.width > 0, image.height > 0 else { return 1000 }
        return max(1, (image.width * 1000 + image.height / 2) / image.height)
    }

    /// Each photo's ratio from the `shapes` object `shapes(_:into:)` wrote (the previous
    /// page's): nil when it is not one, or not of `count` photos.
    static func ratios(inShapes json: [UInt8], count: Int) -> [Int]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let table = object["ratios"] as? [Int], let width = object["width"] as? Int, width == 1 || width == 2,
            let of = (object["of"] as? String).map({ Array($0.utf8) }), of.count == count * width
        else { return nil }
        func digit(_ byte: UInt8) -> Int? {
            switch byte {
            case 0x41...0x5A: Int(byte - 0x41)
            case 0x61...0x7A: Int(byte - 0x61) + 26
            case 0x30...0x39: Int(byte - 0x30) + 52
            case UInt8(ascii: "-"): 62
            case UInt8(ascii: "_"): 63
            default: nil
            }
        }
        var ratios: [Int] = []
        ratios.reserveCapacity(count)
        var at = 0
        while at < of.count {
            guard let high = digit(of[at]) else { return nil }
            var index = high
            if width == 2 {
                guard let low = digit(of[at + 1]) else { return nil }
                index = high << 6 | low
            }
            guard index < table.count else { return nil }
            ratios.append(table[index])
            at += width
        }
        return ratios
    }
}
