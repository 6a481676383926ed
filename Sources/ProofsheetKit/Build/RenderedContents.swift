import Foundation

/// The images this build has made, by the name they share: a photo's content and the
/// image options (`fingerprint-key`). A photo whose bytes are those of one already
/// rendered (a copy in another album, a hard link) takes that one's images and what was
/// read of it instead of being decoded, rendered and written again: the same bytes give
/// the same images and the same metadata, so the site is the same either way.
///
/// Writing them again was most of a first build of a library of many copies: each
/// rename over an existing image makes the filesystem write the old one out and free its
/// inode, so the workers waited on the disk (at 10,000 photos of 24 contents, a render
/// worker was blocked a third of its time). Two copies rendered at the same moment are
/// both rendered; their files are the same bytes.
///
/// Guarded by an `NSLock` (a pthread mutex), not the standard library's `Mutex`: the render
/// workers are threads of their own (`RenderThread`), and on Linux `Mutex` waits with
/// futexes in code the thread sanitizer does not see, so it reported the two workers'
/// records as a race; it sees a pthread mutex.
final class RenderedContents: @unchecked Sendable {
    /// What a photo's bytes gave: everything of `RenderedPhoto` but the JPEGs, written.
    struct Made: Sendable {
        var format: ImageFormat
        var metadata: PhotoMetadata
        var width: Int
        var height: Int
        var thumb: Manifest.Image
        var thumb2x: Manifest.Image
        var preview: Manifest.Image
        var warnings: [String]
    }

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var made: [Key: Made] = [:]

    struct Key: Hashable {
        /// `fingerprint-key`, the images' shared name.
        var base: String
        /// Read as a RAW (the job says so): the same bytes read otherwise are another photo.
        var raw: Bool
    }

    /// The images made of these bytes, when a photo of them was rendered and written.
    func made(_ key: Key) -> Made? {
        lock.withLock { made[key] }
    }

    /// Images of these bytes were written whole.
    func record(_ key: Key, _ images: Made) {
        lock.withLock { made[key] = images }
    }
}
