internal import CImaging

/// The Little CMS transforms to sRGB made for a run of photos (`ps_color_cache`): one per
/// distinct colour profile, keyed by the profile's bytes, kept for the photos after (at
/// most 8, least recently used let go first). Making a transform costs 4-5 ms for an Adobe
/// RGB or Display P3 profile and 47 ms for a CMYK one; reusing it costs a lookup.
///
/// The one owner of its C cache, freed in `deinit`. Not copyable and not `Sendable`: a
/// build gives each of its workers one, which its photos use one
/// after the other, so no transform is ever used by two threads and the cache needs no
/// lock. A photo's pixels and warnings are the same whether its transform was made for it
/// or taken from here.
public struct ColorTransforms: ~Copyable {
    /// Nil only when memory ran out: each photo then makes its own.
    let handle: OpaquePointer?

    public init() {
        handle = ps_color_cache_create()
    }

    deinit {
        ps_color_cache_close(handle)
    }

    /// How many transforms have been made so far (every other use reused one).
    public var made: Int { Int(ps_color_cache_made(handle)) }
}
