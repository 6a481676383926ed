/// Orders names the way people expect: `IMG_2` before `IMG_10`, case ignored; ties are
/// broken by the raw bytes, so the order is total and the same on every machine.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
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
}
