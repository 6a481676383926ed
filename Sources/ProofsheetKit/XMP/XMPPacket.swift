internal import CExempi

/// One XMP packet held by Exempi: parsed from a sidecar's bytes or made empty, edited one
/// property at a time, serialized back. The only owner of an `XmpPtr`; nothing outside
/// Marks/ sees Exempi.
///
/// Exempi keeps every property it does not know as it read it (a Lightroom sidecar's
/// `crs:` develop settings, `dc:subject` keywords, another tool's own namespace), so a
/// packet read, marked and serialized keeps them all: no XML is written by hand.
struct XMPPacket: ~Copyable {
    private let handle: OpaquePointer

    /// Exempi must be set up once per process before its first use; `xmp_init` counts its
    /// callers, so a lazily made constant is enough (Swift makes it once, thread-safely).
    private static let ready: Bool = xmp_init()

    /// Why Exempi failed, as its last error code says.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// An empty packet, for a sidecar made from nothing.
    init() throws(Failure) {
        guard Self.ready, let handle = xmp_new_empty() else { throw Failure(reason: "Exempi could not start") }
        self.handle = handle
    }

    /// The packet `bytes` hold: a sidecar's whole text (with or without the `<?xpacket`
    /// wrapper). Refused unless Exempi reads it as XMP: not XML, XML that is not RDF, an
    /// empty file. (Exempi also prints its own line, "XML parsing failure", on standard
    /// error when the XML is broken.)
    init(parsing bytes: [UInt8]) throws(Failure) {
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { throw Failure(reason: "is empty, not XMP") }
        guard Self.ready, let handle = xmp_new_empty() else { throw Failure(reason: "Exempi could not start") }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmp_parse(handle, $0.baseAddress, $0.count) }
        }
        // Exempi takes any well-formed XML, and XML without RDF (`<html/>`) leaves an empty
        // packet; an empty packet is XMP only when the file speaks RDF (a tool's sidecar
        // of no properties), told by the namespace every XMP packet declares.
        let speaksRDF = { bytes.firstRange(of: Array(Self.rdfNamespace.utf8)) != nil }
        let reason =
            !parsed
            ? "not valid XMP (\(Self.lastError()))" : Self.isEmpty(handle) && !speaksRDF() ? "not valid XMP (XML without RDF)" : nil
        if let reason {
            xmp_free(handle)
            throw Failure(reason: reason)
        }
        self.handle = handle
    }

    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    deinit { xmp_free(handle) }

    /// Whether the packet holds no property at all.
    var isEmpty: Bool { Self.isEmpty(handle) }

    private static func isEmpty(_ handle: OpaquePointer) -> Bool {
        guard let iterator = xmp_iterator_new(handle, nil, nil, XmpIterOptions(XMP_ITER_JUSTLEAFNODES.rawValue)) else {
            return true
        }
        defer { xmp_iterator_free(iterator) }
        let schema = xmp_string_new()
        let path = xmp_string_new()
        let value = xmp_string_new()
        defer {
            xmp_string_free(schema)
            xmp_string_free(path)
            xmp_string_free(value)
        }
        return !xmp_iterator_next(iterator, schema, path, value, nil)
    }

    /// A simple property's value, or nil when it is not there.
    func property(_ namespace: XMPNamespace, _ name: String) -> String? {
        let value = xmp_string_new()
        defer { xmp_string_free(value) }
        guard xmp_get_property(handle, namespace.uri, name, value, nil), let text = xmp_string_cstr(value) else { return nil }
        return String(cString: text)
    }

    /// The items of an array property (`dc:subject`), in order; empty when absent.
    func items(_ namespace: XMPNamespace, _ name: String) -> [String] {
        var found: [String] = []
        let value = xmp_string_new()
        defer { xmp_string_free(value) }
        var index: Int32 = 1
        while xmp_get_array_item(handle, namespace.uri, name, index, value, nil), let text = xmp_string_cstr(value) {
            found.append(String(cString: text))
            index += 1
        }
        return found
    }

    mutating func set(_ namespace: XMPNamespace, _ name: String, to value: String) throws(Failure) {
        guard xmp_set_property(handle, namespace.uri, name, value, 0) else {
            throw Failure(reason: "cannot set \(namespace.prefix):\(name) (\(Self.lastError()))")
        }
    }

    mutating func remove(_ namespace: XMPNamespace, _ name: String) {
        _ = xmp_delete_property(handle, namespace.uri, name)
    }

    mutating func append(_ namespace: XMPNamespace, _ name: String, item: String) throws(Failure) {
        guard xmp_append_array_item(handle, namespace.uri, name, UInt32(XMP_PROP_VALUE_IS_ARRAY.rawValue), item, 0) else {
            throw Failure(reason: "cannot add to \(namespace.prefix):\(name) (\(Self.lastError()))")
        }
    }

    /// The packet as a sidecar holds it: UTF-8, without the `<?xpacket` wrapper or padding
    /// (as Lightroom, Bridge and Capture One write sidecars), ending in a newline.
    func serialized() throws(Failure) -> [UInt8] {
        let out = xmp_string_new()
        defer { xmp_string_free(out) }
        guard xmp_serialize(handle, out, UInt32(XMP_SERIAL_OMITPACKETWRAPPER), 0), let text = xmp_string_cstr(out) else {
            throw Failure(reason: "cannot serialize (\(Self.lastError()))")
        }
        var bytes = Array(String(cString: text).utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
        return bytes
    }

    /// Exempi's last error, by name where it has one that means something to a reader.
    private static func lastError() -> String {
        let code = Int(xmp_get_error())
        switch code {
        case XMPErr_BadXML: return "not well-formed XML"
        case XMPErr_BadRDF: return "XML that is not RDF"
        case XMPErr_BadXMP: return "RDF that is not XMP"
        case XMPErr_BadUnicode: return "not UTF-8"
        default: return "Exempi error \(code)"
        }
    }
}

/// The namespaces marks are written in, by URI and the prefix Adobe gives them.
struct XMPNamespace: Sendable, Equatable {
    var uri: String
    var prefix: String

    /// XMP basic: `xmp:Rating`, `xmp:Label`.
    static let basic = XMPNamespace(uri: "http://ns.adobe.com/xap/1.0/", prefix: "xmp")
    /// Dublin Core: `dc:subject` (keywords).
    static let dublinCore = XMPNamespace(uri: "http://purl.org/dc/elements/1.1/", prefix: "dc")
    /// Camera Raw's develop settings (`crs:Exposure2012`).
    static let cameraRaw = XMPNamespace(uri: "http://ns.adobe.com/camera-raw-settings/1.0/", prefix: "crs")
}
