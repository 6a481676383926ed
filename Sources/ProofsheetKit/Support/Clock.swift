#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum UTC {
    /// Nanoseconds since 1970 → `YYYY-MM-DDTHH:MM:SS` in UTC.
    static func isoDate(nanoseconds: Int64) -> String {
        var seconds = time_t(nanoseconds / 1_000_000_000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// `YYYY-MM-DDTHH:MM:SS` (read as UTC) → nanoseconds since 1970.
    static func nanoseconds(isoDate: String) -> Int64? {
        let numbers = isoDate.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int32($0) }
        guard numbers.count == 6 else { return nil }
        var parts = tm()
        parts.tm_year = numbers[0] - 1900
        parts.tm_mon = numbers[1] - 1
        parts.tm_mday = numbers[2]
        parts.tm_hour = numbers[3]
        parts.tm_min = numbers[4]
        parts.tm_sec = numbers[5]
        return Int64(timegm(&parts)) * 1_000_000_000
    }
}
