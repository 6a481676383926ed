/// Orders strings by their UTF-8 bytes: the same on every machine and in every locale,
/// for sorting paths wherever output must not depend on anything but the input.
enum ByteOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Equal byte for byte (`==` on strings is canonical equivalence: NFC equals NFD).
    static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }
}
