/// Orders names the way people expect: `IMG_2` before `IMG_10`, case ignored; ties are
/// broken by the raw bytes, so the order is total and the same on every machine.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
        // Most names are ASCII; their bytes give the same order without Unicode tables.
        if let fast = asciiLess(a, b) { return fast }
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        while let p = x, let q = y {
            if p.properties.numericType == .decimal && q.properties.numericType == .decimal
                && p.isASCII && q.isASCII
            {
                var left = "", right = ""
                while let d = x, d.isASCII, ("0"..."9").contains(d) { left.unicodeScalars.append(d); x = i.next() }
                while let d = y, d.isASCII, ("0"..."9").contains(d) { right.unicodeScalars.append(d); y = j.next() }
                let l = left.drop { $0 == "0" }, r = right.drop { $0 == "0" }
                if l.count != r.count { return l.count < r.count }
                if l != r { return l < r }
                continue
            }
            let lp = p.properties.lowercaseMapping, lq = q.properties.lowercaseMapping
            if lp != lq { return lp.unicodeScalars.lexicographicallyPrecedes(lq.unicodeScalars) { $0.value < $1.value } }
            x = i.next()
            y = j.next()
        }
        if (x == nil) != (y == nil) { return x == nil }
        return ByteOrder.less(a, b)
    }

    /// The same order for two ASCII strings, on their bytes; nil when either is not ASCII.
    static func asciiLess(_ a: String, _ b: String) -> Bool? {
        var result: Bool?? = nil
        a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                result = asciiLess(x, y)
            }
        }
        return result ?? nil
    }

    private static func asciiLess(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool? {
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        var i = 0, j = 0
        while i < x.count && j < y.count {
            let p = x[i], q = y[j]
            if p >= 0x80 || q >= 0x80 { return nil }
            if isDigit(p) && isDigit(q) {
                var si = i, sj = j
                while i < x.count && isDigit(x[i]) { i += 1 }
                while j < y.count && isDigit(y[j]) { j += 1 }
                while si < i && x[si] == 0x30 { si += 1 }
                while sj < j && y[sj] == 0x30 { sj += 1 }
                if i - si != j - sj { return i - si < j - sj }
                while si < i {
                    if x[si] != y[sj] { return x[si] < y[sj] }
                    si += 1
                    sj += 1
                }
                continue
            }
            if lower(p) != lower(q) { return lower(p) < lower(q) }
            i += 1
            j += 1
        }
        // The rest must be ASCII too for this answer to stand.
        if x[i...].contains(where: { $0 >= 0x80 }) || y[j...].contains(where: { $0 >= 0x80 }) { return nil }
        if (i < x.count) != (j < y.count) { return i >= x.count }
        return x.lexicographicallyPrecedes(y)
    }
}
