#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a part's images into the site `join` writes: each one the site does not have yet
/// (images are named by their content and options, so one of that name is that image) is
/// hard-linked from the part — no byte copied, and the part keeps its own name for it, so
/// the shard can be built again incrementally. Where a hard link cannot be made (the part
/// on another file system, one without hard links) the image is copied: written beside its
/// name and renamed into place, so a join killed midway never leaves half an image under
/// a name a later build would trust.
struct ImagePlacer {
    var output: String
    /// The images this join added to the site (`thumbs/NAME`, `previews/NAME`): removed
    /// again when it fails.
    private(set) var placed: [String] = []
    private(set) var linked = 0
    private(set) var copied = 0
    /// Why images were copied rather than linked (the first reason met).
    private(set) var copiedBecause: String?

    init(output: String) {
        self.output = output
    }

    mutating func place(_ part: Part, existing: ImageFiles) throws {
        for photo in part.manifest.photos {
            for src in [photo.thumb.src, photo.thumb2x.src, photo.preview.src] where !existing.contains(src) {
                try place(src, from: part)
            }
        }
    }

    private mutating func place(_ src: String, from part: Part) throws {
        let source = part.path + "/" + src, destination = output + "/" + src
        if link(source, destination) == 0 {
            placed.append(src)
            linked += 1
            return
        }
        let code = errno
        switch code {
        case EEXIST:
            // The same image from two parts (identical photos in two shares): one is enough.
            return
        case EXDEV, EPERM, EMLINK, ENOTSUP, EOPNOTSUPP:
            let bytes = try FileSystem.read(source, displayPath: SiteBuilder.joined(part.shown, src))
            try FileSystem.writeAtomically(bytes, to: destination)
            placed.append(src)
            copied += 1
            if copiedBecause == nil {
                copiedBecause =
                    code == EXDEV
                    ? "the parts and the site are on different file systems"
                    : "the file system refused a hard link (\(FileSystem.reason(code)))"
            }
        default:
            throw ProofsheetError(destination, "cannot create a hard link (\(FileSystem.reason(code)))")
        }
    }
}
