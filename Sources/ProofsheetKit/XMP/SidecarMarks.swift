/// A photo's marks written into an XMP sidecar through Exempi: the sidecar's own packet
/// with `xmp:Rating` and `xmp:Label` set, and every other property as it was.
///
/// - `xmp:Rating` is always written: the stars, or −1 for a reject.
/// - `xmp:Label` is written when the mark has a label; a mark without one leaves the
///   sidecar's label as it was (the photographer's own, or none).
/// - A sidecar that already says all that is left byte for byte as it is (`nil`), so a
///   second run changes nothing, and a sidecar written by Lightroom is not reformatted for
///   no reason.
public enum SidecarMarks {
    /// Why a sidecar cannot be marked: `not valid XMP (not well-formed XML)`.
    public struct Refusal: Error, Equatable {
        public var reason: String
    }

    /// The bytes of a sidecar that holds `mark`: `existing` (a sidecar's bytes, or nil for
    /// none) with the mark merged in; nil when `existing` holds it already.
    public static func merged(_ mark: PhotoMark, into existing: [UInt8]?) throws(Refusal) -> [UInt8]? {
        do {
            var packet = if let existing { try XMPPacket(parsing: existing) } else { try XMPPacket() }
            let label = mark.label?.xmpLabel
            let current = (packet.property(.basic, "Rating"), packet.property(.basic, "Label"))
            if existing != nil, current.0 == mark.xmpRating, label == nil || current.1 == label { return nil }
            try packet.set(.basic, "Rating", to: mark.xmpRating)
            if let label { try packet.set(.basic, "Label", to: label) }
            return try packet.serialized()
        } catch {
            throw Refusal(reason: error.reason)
        }
    }

    /// Whether `bytes` are a sidecar Exempi reads; the reason when not.
    public static func problem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try XMPPacket(parsing: bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    /// What a sidecar says, read back through Exempi (for `mark --dry-run` and the tests).
    public struct Reading: Sendable, Equatable {
        public var rating: String?
        public var label: String?
        public var keywords: [String]
        /// Every `crs:` (Camera Raw develop) property `name` asked for.
        public var cameraRaw: [String: String]
    }

    public static func read(_ bytes: [UInt8], cameraRaw names: [String] = []) throws(Refusal) -> Reading {
        do {
            let packet = try XMPPacket(parsing: bytes)
            var settings: [String: String] = [:]
            for name in names { settings[name] = packet.property(.cameraRaw, name) }
            return Reading(
                rating: packet.property(.basic, "Rating"), label: packet.property(.basic, "Label"),
                keywords: packet.items(.dublinCore, "subject"), cameraRaw: settings)
        } catch {
            throw Refusal(reason: error.reason)
        }
    }
}
